import { offerSuggestion, suggestAllowed } from '../common/suggest.js';
import { show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import { describeSchemaErrors } from '../schema/issues.js';
import { type ErrorObject, validator } from '../schema/validators.js';
import type { Brief } from '../spec/types.js';
import { ARTIFACT_BRIEF_POINTER, type ArtifactName, BRIEF_CHAIN_RULE_ID, type Parent, type Problem } from './artifact-model.js';

/** What an artifact's envelope holds, checked against assets/brief-artifact.schema.json and the file name. */
export interface Envelope {
  problems: Problem[];
  /** Set when parent is null or a valid {file, sha256}. */
  parent?: Parent | null;
  /** Set when the brief matches the brief schema. */
  brief?: Brief;
}

/**
 * The envelope's own words for a value the schema rejects, whichever of the value's keywords
 * failed (its type, length, minimum or pattern): one message a field, saying what the field holds.
 */
const INVALID_FIELD: Readonly<Record<string, string>> = {
  '/hypothesisId': 'hypothesisId must be a non-empty string, the id of the hypothesis the brief belongs to.',
  '/sequence': 'sequence must be an integer of at least 1: 1 for the first version of the brief, then 2, 3, ...',
  '/parent': 'parent must be null (for sequence 1) or {file, sha256} naming the previous version.',
  '/parent/file': 'parent.file must be the file name of the previous version, such as "H1-0001.json".',
  '/parent/sha256': "parent.sha256 must be the SHA-256 of the previous file's exact bytes, as 64 hexadecimal digits.",
  [ARTIFACT_BRIEF_POINTER]: 'brief must be an object: {formatVersion: 1, findings, uncertainties, nextQuestion, changes}.',
};

/** The objects of the envelope, which have required and unknown fields: the artifact and its parent. */
const ENVELOPE_OBJECTS: Readonly<Record<string, { name: string; shape: string }>> = {
  '': { name: 'the artifact', shape: 'an artifact is {hypothesisId, sequence, parent, brief}' },
  '/parent': { name: 'parent', shape: 'give {file, sha256} of the previous version' },
};

/**
 * Checks an artifact's envelope: its fields with the schema, then what the schema cannot say,
 * their agreement with the file name. The brief's own problems are worded as in a spec, under
 * `schema` and `unknown-field`.
 */
export function checkEnvelope(data: Record<string, unknown>, named: ArtifactName): Envelope {
  const validate = validator('briefArtifact');
  const errors = validate(data) ? [] : (validate.errors ?? []);
  const ofBrief = errors.filter(isBriefContentError);
  const problems = errors.filter((error) => !isBriefContentError(error)).map(envelopeProblem);
  const brief = describeSchemaErrors(ofBrief);
  for (const issue of brief.structural) problems.push({ ruleId: 'schema', severity: 'error', ...issue });
  for (const issue of brief.unknownKeys) problems.push({ ruleId: 'unknown-field', severity: 'warning', ...issue });

  const envelope: Envelope = { problems };
  const isValid = (key: string): boolean => Object.hasOwn(data, key) && !errors.some((error) => failsAt(error, `/${key}`));
  const chain = (path: string, message: string): void =>
    void problems.push({ ruleId: BRIEF_CHAIN_RULE_ID, severity: 'error', path, message });
  if (isValid('hypothesisId') && data['hypothesisId'] !== named.hypothesisId)
    chain(
      '/hypothesisId',
      `hypothesisId is ${show(data['hypothesisId'])} but the file name says ${show(named.hypothesisId)}; rename the file or fix hypothesisId.`,
    );
  if (isValid('sequence') && data['sequence'] !== named.sequence)
    chain('/sequence', `sequence is ${data['sequence']} but the file name says ${named.sequence}; rename the file or fix sequence.`);
  if (isValid('parent')) {
    const parent = data['parent'] as Parent | null;
    envelope.parent = parent === null ? null : { file: parent.file, sha256: parent.sha256.toLowerCase() };
  }
  if (isValid('brief')) envelope.brief = data['brief'] as Brief;
  return envelope;
}

/** An error inside the brief, where the brief is an object; a brief that is not one is the envelope's. */
function isBriefContentError({ instancePath, keyword }: ErrorObject): boolean {
  return isAtOrUnder(instancePath, ARTIFACT_BRIEF_POINTER) && !(instancePath === ARTIFACT_BRIEF_POINTER && keyword === 'type');
}

/** Whether an error makes the value at a pointer unusable: any but an unknown key, at the value or inside it. */
function failsAt({ instancePath, keyword }: ErrorObject, pointer: string): boolean {
  return keyword !== 'additionalProperties' && isAtOrUnder(instancePath, pointer);
}

function isAtOrUnder(path: string, pointer: string): boolean {
  return path === pointer || path.startsWith(`${pointer}/`);
}

function envelopeProblem(error: ErrorObject): Problem {
  const path = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const object = ENVELOPE_OBJECTS[path];
  if (object !== undefined && error.keyword === 'additionalProperties') {
    const key = String(params['additionalProperty']);
    const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    return {
      ruleId: 'unknown-field',
      severity: 'warning',
      path: childPointer(path, key),
      message: `unknown field ${show(key)} in ${object.name}; it is ignored.${offerSuggestion(suggestAllowed(key, known))} Prefix extension data with "x-".`,
    };
  }
  const message =
    object !== undefined && error.keyword === 'required'
      ? `${object.name} is missing the required field ${show(String(params['missingProperty']))}; ${object.shape}.`
      : (INVALID_FIELD[path] ?? `${path} ${error.message ?? 'is invalid'}.`);
  return { ruleId: BRIEF_CHAIN_RULE_ID, severity: 'error', path, message };
}
