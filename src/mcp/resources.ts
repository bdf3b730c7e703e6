import envelopeSchema from '../../assets/envelope.schema.json' with { type: 'json' };
import { artifactChecks, investigationSchema, policySchema } from '../catalog.js';
import { explainCommand } from '../commands/info.js';
import { jsonText } from '../common/json-text.js';
import { wholeText } from '../common/output-text.js';
import { catalogRules } from '../dialects/index.js';
import { inputSchemaForPolicy } from '../policy/input-schema.js';
import { builtInPreset, presetNames } from '../policy/presets.js';

export interface Resource {
  uri: string;
  name: string;
  description: string;
  mimeType: string;
}

const SCHEME = 'compile-investigation://';
const JSON_SCHEMA = 'application/schema+json';

/** The JSON Schemas (the input's, with each preset's allowed values too, the policy's, the envelope's) and a page per rule. */
export function listResources(): Resource[] {
  return [
    {
      uri: `${SCHEME}schemas/investigation.schema.json`,
      name: 'investigation.schema.json',
      description: 'The input JSON Schema of a spec.',
      mimeType: JSON_SCHEMA,
    },
    ...presetNames.map((name) => ({
      uri: `${SCHEME}schemas/investigation-${name}.schema.json`,
      name: `investigation-${name}.schema.json`,
      description: `The input JSON Schema with the ${name} preset's allowed values as enum and examples.`,
      mimeType: JSON_SCHEMA,
    })),
    {
      uri: `${SCHEME}schemas/policy.schema.json`,
      name: 'policy.schema.json',
      description: 'The JSON Schema of a policy (--policy, a configuration).',
      mimeType: JSON_SCHEMA,
    },
    {
      uri: `${SCHEME}schemas/envelope.schema.json`,
      name: 'envelope.schema.json',
      description: 'The JSON Schema of the --json envelope.',
      mimeType: JSON_SCHEMA,
    },
    ...catalogRules()
      .map((rule) => rule.meta.id)
      .concat(artifactChecks.map((check) => check.id))
      .map((id) => ({
        uri: `${SCHEME}rules/${id}`,
        name: id,
        description: `The documentation of ${id}, as explain prints it.`,
        mimeType: 'text/plain',
      })),
  ];
}

/** The text of a resource, or undefined for a URI the server does not have. */
export function readResource(uri: string): { mimeType: string; text: string } | undefined {
  const resource = listResources().find((candidate) => candidate.uri === uri);
  if (resource === undefined) return undefined;
  const path = uri.slice(SCHEME.length);
  if (path.startsWith('rules/'))
    return { mimeType: resource.mimeType, text: wholeText(explainCommand(path.slice('rules/'.length)).stdout) };
  const named: Record<string, unknown> = {
    'schemas/investigation.schema.json': investigationSchema,
    'schemas/policy.schema.json': policySchema,
    'schemas/envelope.schema.json': envelopeSchema,
  };
  for (const name of presetNames)
    named[`schemas/investigation-${name}.schema.json`] = inputSchemaForPolicy(builtInPreset(name).policy, name);
  return { mimeType: resource.mimeType, text: jsonText(named[path]) };
}
