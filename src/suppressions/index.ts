export {
  SUPPRESSIONS_FILE_NAME,
  Suppressions,
  SuppressionsError,
  suppressionsText,
  unsuppressible,
  validateSuppressions,
} from './file.js';
export { createSuppressionsLookup, type LookupOptions, type SuppressionsFile, type SuppressionsLookup, specKey } from './lookup.js';
export {
  type ExceededSuppression,
  exceededSuppressions,
  type JudgedSpec,
  LISTED_UNUSED,
  type SuppressionsUpdate,
  type UnusedSuppression,
  unusedSuppressions,
  updateSuppressions,
} from './update.js';
