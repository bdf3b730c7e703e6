/**
 * The rows of the one rule for untrusted text (src/render/untrusted/), each on its own: what it
 * writes for the text that would act in its context, that it keeps the text's information, and that
 * nothing outside the rule makes text visible on its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Document, parse as parseYaml } from 'yaml';
import { SourceLines } from '../../src/render/code-frame.js';
import { escapeFor } from '../../src/render/untrusted/index.js';
import { repoRoot } from '../support/outcomes.js';
import { DEFAULT_SEED } from '../support/properties.js';
import { HOSTILE_TEXTS, LINK_SYNTAX, outputProblems } from '../support/untrusted-output.js';

/** Text made of the pieces that act somewhere: controls, white space, colons, hashes, brackets, link syntax. */
const hostileText = fc.oneof(
  fc
    .array(fc.constantFrom(...LINK_SYNTAX, ...HOSTILE_TEXTS.map(({ text }) => text), '#', '##', '\t', '\u3000', '\r\n', '\u0085'), {
      maxLength: 8,
    })
    .map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

describe('terminal: a piece of a log line', () => {
  it('shows a ":" that starts the piece, after white space, as its code point', () => {
    expect(escapeFor.terminal('::add-mask::tok.json')).toBe('⟨U+003A⟩:add-mask::tok.json');
    expect(escapeFor.terminal('\u00a0\u3000::error::x')).toBe('\u00a0\u3000⟨U+003A⟩:error::x');
    expect(escapeFor.terminal(':')).toBe('⟨U+003A⟩');
    // A tab is a control, shown as ␉: what follows it no longer starts the line.
    expect(escapeFor.terminal('\t::x')).toBe('␉::x');
    expect(escapeFor.terminal('a ::b')).toBe('a ::b');
  });

  it('shows the "[" of every "##[" as its code point', () => {
    expect(escapeFor.terminal('mid ##[add-mask]secret and ###[error]x')).toBe('mid ##⟨U+005B⟩add-mask]secret and ###⟨U+005B⟩error]x');
    expect(escapeFor.terminal('#[x] # [y]')).toBe('#[x] # [y]');
  });

  it('shows a code frame of a source line that starts a workflow command with the caret still under its column', () => {
    const frame = new SourceLines('::add-mask::x: 1\n  ##[add-mask]y: 2\n');
    const first = frame.frame(1, 3);
    expect(first?.text).toBe('⟨U+003A⟩:add-mask::x: 1');
    expect(Array.from(first?.text ?? '')[first?.caret ?? -1]).toBe('a');
    const second = frame.frame(2, 6);
    expect(second?.text).toBe('##⟨U+005B⟩add-mask]y: 2');
    expect(
      Array.from(second?.text ?? '')
        .slice(second?.caret ?? -1)
        .join(''),
    ).toMatch(/^add-mask/);
  });

  it('keeps every line it is part of inert, wherever the tool puts it, and is idempotent', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.constantFrom('', '  ', '    -', 'FAIL '),
        fc.constantFrom('', ':3:4: error', ': note', '  [rule]'),
        (text, before, after) => {
          const shown = escapeFor.terminal(text);
          expect(outputProblems(`${before}${shown}${after}\n`, 'lines')).toEqual([]);
          expect(escapeFor.terminal(shown)).toBe(shown);
        },
      ),
      { seed: DEFAULT_SEED, numRuns: 2000 },
    );
  });
});

describe('markdownText and markdownCode', () => {
  it('break every autolink literal with an empty comment, in any case', () => {
    expect(escapeFor.markdownText('www.evil.example and WwW.Evil.Example', false)).toBe(
      'www<!---->.evil.example and WwW<!---->.Evil.Example',
    );
    expect(escapeFor.markdownText('HTTPS://evil.example/x ftp://f.example', false)).toBe(
      'HTTPS<!---->://evil.example/x ftp<!---->://f.example',
    );
    expect(escapeFor.markdownText('a@evil.example mailto:x@y.z xmpp:foo@bar.baz', false)).toBe(
      'a<!---->@evil.example mailto:x<!---->@y.z xmpp:foo<!---->@bar.baz',
    );
    expect(escapeFor.markdownText('@handle, a@ b, pass@1, a@b and www', false)).toBe('@handle, a@ b, pass@1, a@b and www');
    expect(escapeFor.markdownText('a_b@c_d.e_f', false)).toBe('a_b<!---->@c_d.e_f');
  });

  it('break an address whose domain starts with a dot, which remark-gfm links too (found by the campaign)', () => {
    for (const text of ['www.@.www.', '.@.www', 'a@.b.c', 'x@..y']) {
      const escaped = escapeFor.markdownText(text, false);
      expect(escaped, text).toContain('<!---->@');
      expect(outputProblems(`${escaped}\n`, 'markdown'), text).toEqual([]);
    }
  });

  it('escape a ":" that starts a line after white space the runner trims', () => {
    expect(escapeFor.markdownText('\u00a0::add-mask::x', true)).toBe('\u00a0\\::add-mask::x');
    expect(escapeFor.markdownText('x\n\u3000::y', false)).toBe('x\n\u3000\\::y');
    expect(escapeFor.markdownText('\u00a0::x', false)).toBe('\u00a0::x');
  });

  it('split inline code before the "[" of "##["', () => {
    expect(escapeFor.markdownCode('##[add-mask]x', false)).toBe('`##`<!---->`[add-mask]x`');
    expect(escapeFor.markdownCode('a\\|##[b', true)).toBe('`a\\`<!---->`\\|##`<!---->`[b`');
  });
});

describe('sarifMessage', () => {
  it('escapes the "]" of every "](", so that no embedded link closes', () => {
    expect(escapeFor.sarifMessage('use "[l](http://x.y)"')).toBe('use "[l\\](http://x.y)"');
    // A backslash before it would escape the escape: it is doubled.
    expect(escapeFor.sarifMessage('[a\\](x)')).toBe('[a\\\\\\](x)');
    expect(escapeFor.sarifMessage('use "[CÓDIGO]" or "[DOC]"')).toBe('use "[CÓDIGO]" or "[DOC]"');
  });
});

describe('json and yaml: documents of data', () => {
  it('write the same data, and every line of it inert', () => {
    fc.assert(
      fc.property(fc.dictionary(hostileText, fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })), { maxKeys: 4 }), (data) => {
        const json = escapeFor.json(data);
        expect(JSON.parse(json)).toEqual(data);
        expect(outputProblems(json, 'json')).toEqual([]);
        const yaml = escapeFor.yaml(new Document(data));
        expect(parseYaml(yaml)).toEqual(data);
        expect(outputProblems(yaml, 'lines')).toEqual([]);
      }),
      { seed: DEFAULT_SEED, numRuns: 1000 },
    );
  });

  it('escape what they must in double quotes, and leave other text as the yaml library writes it', () => {
    expect(escapeFor.yaml(new Document({ '::k': 'x\n::add-mask::y', l: '##[add-mask]z', plain: 'a: b' }))).toBe(
      '":\\x3Ak": "x\\n:\\x3Aadd-mask:\\x3Ay"\nl: "##\\x5Badd-mask]z"\nplain: "a: b"\n',
    );
    expect(escapeFor.json({ l: '##[add-mask]z' })).toBe('{\n  "l": "##\\u005badd-mask]z"\n}\n');
  });
});

describe('the rule is the only place that makes text visible', () => {
  /** Every source file, relative to the repository, with its text. */
  function sources(folder: string): Array<{ path: string; text: string }> {
    return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') ? [{ path: relative(repoRoot, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }] : [];
    });
  }

  it('outside the rule, its rows are reached only through escapeFor', () => {
    const rows = /import \{[^}]*\} from '[^']*untrusted\/(?!index\.js')[^']*'|import \{[^}]*\blabelText\b[^}]*\}/;
    const importers = sources(join(repoRoot, 'src'))
      .filter(({ text }) => rows.test(text))
      .map(({ path }) => path);
    expect(importers.filter((path) => !path.startsWith('src/render/untrusted/'))).toEqual([]);
  });

  it('visible() is imported only by the rows of the rule', () => {
    const importers = sources(join(repoRoot, 'src'))
      .filter(({ text }) => /import \{[^}]*\bvisible\b[^}]*\} from '[^']*common\/visible\.js'/.test(text))
      .map(({ path }) => path);
    expect(importers.filter((path) => !path.startsWith('src/render/untrusted/'))).toEqual([]);
  });
});
