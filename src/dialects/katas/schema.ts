// The katas report's JSON Schema, which the dialect gives the registry (`documentSchema`): the
// build precompiles its validator with the tool's own, and its declared order of fields orders
// the dialect's diagnostics.
import katasReportSchema from '../../../assets/katas-report.schema.json' with { type: 'json' };
import type { SchemaNode } from '../../schema/walk.js';

export { katasReportSchema };

/** The schema as the walk that orders diagnostics reads it. */
export const katasRootSchema = katasReportSchema as SchemaNode;
