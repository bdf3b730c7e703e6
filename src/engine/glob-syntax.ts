/** Characters that make an argument a glob rather than a path. */
export const GLOB_CHARACTERS = /[*?[\]{}]/;
