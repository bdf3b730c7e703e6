import { posix } from 'node:path';
import { formatProblems } from './format.js';
import type { FixtureResult } from './types.js';

/**
 * JUnit XML for CI dashboards: one testcase per fixture, with classname the fixture's folder
 * ("fixtures/invalid" becomes "fixtures.invalid"; a fixture in the working directory itself gets the
 * suite name) and name its file name. A failing fixture carries
 * <failure message="first problem">every problem</failure>. Deterministic: no timestamps,
 * durations or host names.
 */
export function formatJunit(results: readonly FixtureResult[], suiteName: string): string {
  const failures = results.filter((result) => !result.passed).length;
  const counts = `tests="${results.length}" failures="${failures}" errors="0" skipped="0"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeAttribute(suiteName)}" ${counts}>`,
    `  <testsuite name="${escapeAttribute(suiteName)}" ${counts}>`,
  ];
  for (const result of results) {
    const folder = posix.dirname(result.path);
    const classname = folder === '.' || folder === '' ? suiteName : folder.split('/').join('.');
    const open = `    <testcase classname="${escapeAttribute(classname)}" name="${escapeAttribute(posix.basename(result.path))}"`;
    const [first] = result.problems;
    if (result.passed || first === undefined) {
      lines.push(`${open}/>`);
      continue;
    }
    lines.push(
      `${open}>`,
      `      <failure message="${escapeAttribute(first.message)}" type="mismatch">${escapeText(formatProblems(result.problems, ''))}</failure>`,
      '    </testcase>',
    );
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** Characters XML 1.0 does not allow at all (C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF). */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text content: & < > escaped (">" too, so "]]>" cannot appear), CR kept as a reference, invalid characters removed. */
function escapeText(value: string): string {
  return value.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Attribute value in double quotes: also quotes escaped, and tab, LF and CR as references so that they survive normalization. */
function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
