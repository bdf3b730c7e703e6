import { Composer, type CST, type Document, Lexer, Parser, type ScalarTag, type Tags } from 'yaml';
import { show } from '../common/text.js';
import { type InputProblem, inputProblem } from './input-error.js';
import { MAX_DEPTH, MAX_YAML_TOKENS } from './limits.js';
import { LineIndex, type Locator } from './text-position.js';
import { YamlRefusal, yamlToData } from './yaml-data.js';
import { explainYamlError } from './yaml-hints.js';
import { yamlLocator } from './yaml-locate.js';

export type YamlResult = { ok: true; value: unknown; locate: Locator } | { ok: false; problem: InputProblem };

/**
 * resolveKnownTags off: !!binary, !!set, !!timestamp and the like stay unresolved, and are refused.
 * logLevel error: the parser's warnings stay out of the user's stderr. uniqueKeys off: the
 * parser's check compares each key with every other one (a minute for 50,000 keys), and it
 * compares keys before aliases are resolved; repeated keys are found by yamlToData instead.
 */
const COMPOSE_OPTIONS = {
  uniqueKeys: false,
  strict: true,
  resolveKnownTags: false,
  logLevel: 'error',
  customTags: (tags: Tags) => [...tags, INTEGER_AS_FLOAT],
} as const;

/**
 * `!!float 4`: the core schema's floats include whole numbers written without a point, which the
 * yaml library's float tags do not accept under an explicit tag. Listed after the core tags, it
 * is tried for `!!float` only when they do not match, and never for an untagged 4, which the int
 * tags read first.
 */
const INTEGER_AS_FLOAT: ScalarTag = {
  tag: 'tag:yaml.org,2002:float',
  default: true,
  test: /^[-+]?[0-9]+$/,
  resolve: (source) => Number(source),
};

/** The tags of YAML 1.2's core schema, written in their `!!` short form. */
const CORE_TAGS: ReadonlySet<string> = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'seq', 'map'].map((name) => `tag:yaml.org,2002:${name}`),
);

/**
 * YAML text to data in one pass of the lexer and parser, bounded in tokens and nesting before the
 * document is composed, then turned into data by yamlToData, which refuses what JSON cannot hold
 * (aliases inside their own anchor, collections as keys) and what the yaml library would resolve
 * silently (keys that collide once aliases are resolved).
 */
export function parseYaml(text: string): YamlResult {
  const lines = new LineIndex(text);
  const parsed = parseTokens(text);
  if (!parsed.ok) return parsed;
  let documents: Document.Parsed[];
  try {
    documents = [...new Composer(COMPOSE_OPTIONS).compose(parsed.tokens, true, text.length)];
  } catch (error) {
    // Composing recurses once per level; nesting is bounded above, so this is a last resort.
    if (error instanceof RangeError) return { ok: false, problem: tooDeep() };
    throw error;
  }
  const [document, second] = documents;
  if (document === undefined) return { ok: true, value: null, locate: () => undefined };
  if (second !== undefined) {
    const position = lines.position(second.range[0]);
    return {
      ok: false,
      problem: inputProblem(
        'YAML_SYNTAX',
        `invalid YAML: a second document starts at line ${position.line}; a spec is one YAML document`,
        position,
      ),
    };
  }
  const unknownTag = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unknownTag) return { ok: false, problem: tagProblem(unknownTag.message, lines.position(unknownTag.pos[0])) };
  const converted = convert(document, lines, text.length);
  const firstError = document.errors[0];
  if (firstError) {
    const position = lines.position(firstError.pos[0]);
    // A repeated key before the first syntax error is the clearer message of the two.
    if (!converted.ok && converted.problem.subcode === 'DUPLICATE_KEY' && comesBefore(converted.problem, position)) return converted;
    return { ok: false, problem: explainYamlError({ text, lines, document, tokens: parsed.tokens, error: firstError }) };
  }
  if (!converted.ok) return converted;
  return { ok: true, value: converted.value, locate: yamlLocator(document, converted.aliasTargets, lines) };
}

type Tokens = { ok: true; tokens: CST.Token[] } | { ok: false; problem: InputProblem };

/**
 * The concrete syntax tree, lexeme by lexeme, refused as soon as it has too many tokens or nests
 * too deeply: the parser keeps its open collections on a stack, but composing the tree recurses
 * once per level, and thousands of levels exhaust the call stack.
 */
function parseTokens(text: string): Tokens {
  const parser = new Parser();
  const tokens: CST.Token[] = [];
  let count = 0;
  for (const lexeme of new Lexer().lex(text)) {
    if (++count > MAX_YAML_TOKENS) {
      return {
        ok: false,
        problem: inputProblem(
          'YAML_TOO_LARGE',
          `the YAML has more than ${MAX_YAML_TOKENS.toLocaleString('en-US')} tokens (about 80,000 lines of a spec); YAML costs some 50 times more to parse than JSON, so write a spec this large as JSON`,
        ),
      };
    }
    for (const token of parser.next(lexeme)) tokens.push(token);
    // The syntax tree may be a level or two deeper than the data; yamlToData judges the exact limit.
    if (parser.stack.length > 2 * MAX_DEPTH) return { ok: false, problem: tooDeep() };
  }
  for (const token of parser.end()) tokens.push(token);
  return { ok: true, tokens };
}

type Converted =
  | { ok: true; value: unknown; aliasTargets: ReturnType<typeof yamlToData>['aliasTargets'] }
  | { ok: false; problem: InputProblem };

function convert(document: Document.Parsed, lines: LineIndex, textLength: number): Converted {
  try {
    return { ok: true, ...yamlToData(document.contents, lines, textLength) };
  } catch (error) {
    if (error instanceof YamlRefusal) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** A tag the core schema does not have, or a core tag on a value it does not fit (`!!int 4.5`). */
function tagProblem(message: string, position: { line: number; column: number }): InputProblem {
  const tag = /tag:yaml\.org,2002:[a-z]+/.exec(message)?.[0];
  const why =
    tag !== undefined && CORE_TAGS.has(tag)
      ? `the value does not fit its tag !!${tag.slice('tag:yaml.org,2002:'.length)}; write the value plain, or with the tag of its type`
      : `YAML tags other than the core schema's are refused (${show(/: (.*)$/.exec(message)?.[1] ?? message)}); write plain values instead, and quote a text that starts with "!"`;
  return inputProblem('YAML_TAG', why, position);
}

function tooDeep(): InputProblem {
  return inputProblem('TOO_DEEP', `the document nests too deeply to parse; at most ${MAX_DEPTH} levels are accepted`);
}

function comesBefore(problem: InputProblem, position: { line: number; column: number }): boolean {
  const line = problem.line ?? Infinity;
  return line < position.line || (line === position.line && (problem.column ?? Infinity) < position.column);
}
