/**
 * What the hints for a YAML slip cost: each reads the text and its syntax tree around the slip, in
 * time linear in the document however many blocks, lists and lines come before the slip.
 */
import { describe, expect, it } from 'vitest';
import { Composer, Parser } from 'yaml';
import { LineIndex } from '../../src/load/text-position.js';
import { explainYamlError } from '../../src/load/yaml-hints.js';
import type { SlipSite } from '../../src/load/yaml-slip-site.js';
import { growthRatio, LINEAR } from '../support/scaling.js';

/** The site parseYaml hands to the hints: the text, its tree and the first error. */
function siteOf(text: string): SlipSite {
  const tokens = [...new Parser().parse(text)];
  const [document] = new Composer({ strict: true, uniqueKeys: false, logLevel: 'error' }).compose(tokens, true, text.length);
  const error = document?.errors[0];
  if (document === undefined || error === undefined) throw new Error('expected a slip');
  return { text, lines: new LineIndex(text), document, tokens, error };
}

/** `count` findings, each a block of text in a list item, before the slip. */
function findings(count: number): string {
  const items = Array.from({ length: count }, (_, index) => `  - id: D${index}\n    finding: |\n      line one\n      line two\n`);
  return `goal: x\ndeepDives:\n${items.join('')}`;
}

const SLIPS: Record<string, string> = {
  'a line of text left of its block': 'deliverable: |\n  first line\n second line\n',
  'a list item left of its siblings': 'risks:\n  - a\n - b\n',
  'a key without its colon': 'stopCondition:\n  reason: goal_resolved\n  evidence\n',
  'a quote never closed': 'deliverable: "the end\n',
};

describe('the hints for a slip after many blocks of text and list items', () => {
  it.each(Object.keys(SLIPS))('%s: cost linear in the document', (slip) => {
    const work = (size: number) => {
      const site = siteOf(`${findings(size)}${SLIPS[slip]}`);
      return () => {
        explainYamlError(site);
      };
    };
    expect(growthRatio(work, 1_000)).toBeLessThan(LINEAR);
  });
});
