export {
  SUPPRESSIONS_FILE_NAME,
  type Suppressions,
  SuppressionsError,
  suppressionsText,
  unsuppressible,
  validateSuppressions,
} from './file.js';
export { createSuppressionsLookup, type SuppressionsFile, type SuppressionsLookup, specKey } from './lookup.js';
export {
  type ExceededSuppression,
  exceededSuppressions,
  type JudgedSpec,
  type SuppressionsUpdate,
  type UnusedSuppression,
  unusedSuppressions,
  updateSuppressions,
} from './update.js';
