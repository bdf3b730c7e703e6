import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import envelopeSchema from '../../assets/envelope.schema.json' with { type: 'json' };

const validate = new Ajv2020({ strict: false, allErrors: true }).compile(envelopeSchema);

/** The one JSON envelope of a --json run, checked against the envelope schema the contract prints. */
export function envelopeOf(stdout: string): { ok: boolean; data: any; warnings: string[]; error: any; command: string } {
  const envelope = JSON.parse(stdout);
  expect(validate(envelope), JSON.stringify(validate.errors, null, 2)).toBe(true);
  return envelope;
}
