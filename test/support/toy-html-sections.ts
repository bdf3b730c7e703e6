// The toy dialect's own sections of the HTML page (its `htmlSections`), drawn as a dialect's are:
// with what the HTML part exports.
import { h, type Section, say } from '../../src/render/html/index.js';
import type { ToyReport } from './toy-dialect.js';

export function sections(report: ToyReport): Section[] {
  const notes = Array.isArray(report.investigation['notes']) ? report.investigation['notes'] : [];
  return [
    {
      id: 'notes',
      title: `Notes (${report.toy.notes})`,
      content: [
        h(
          'ol',
          notes.map((note) => h('li', say(note))),
        ),
      ],
      headline: `${report.toy.notes} looked at`,
    },
  ];
}
