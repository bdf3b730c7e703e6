/**
 * The limits every input is held to, so that no document within the size limit can make the
 * compiler crash, hang or run out of memory. The README's "Hostile input" section lists them.
 */

/** Deepest nesting of objects and arrays a spec may have; real specs need about ten levels. */
export const MAX_DEPTH = 100;

/**
 * Most YAML tokens (the lexer's lexemes: scalars, indicators, line breaks, indentation) a document
 * may have. The YAML parser costs about 1 µs and 500 bytes per token, some 50 times JSON's cost per
 * byte, so YAML is bounded by tokens rather than bytes: 500,000 tokens is about 80,000 lines of a
 * typical spec, far beyond any real one, and parses in under a second.
 */
export const MAX_YAML_TOKENS = 500_000;

/**
 * Most values YAML aliases may add when expanded: each use of an alias counts the values of the
 * node it names. An "alias bomb" (billion laughs) expands exponentially and is refused here.
 */
export const MAX_ALIAS_EXPANSION = 100_000;
