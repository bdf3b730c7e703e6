import { posix } from 'node:path';
import { escapeFor } from '../render/untrusted/index.js';
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
    `<testsuites name="${escapeFor.xmlAttribute(suiteName)}" ${counts}>`,
    `  <testsuite name="${escapeFor.xmlAttribute(suiteName)}" ${counts}>`,
  ];
  for (const result of results) {
    const folder = posix.dirname(result.path);
    const classname = folder === '.' || folder === '' ? suiteName : folder.split('/').join('.');
    const open = `    <testcase classname="${escapeFor.xmlAttribute(classname)}" name="${escapeFor.xmlAttribute(posix.basename(result.path))}"`;
    const [first] = result.problems;
    if (result.passed || first === undefined) {
      lines.push(`${open}/>`);
      continue;
    }
    lines.push(
      `${open}>`,
      `      <failure message="${escapeFor.xmlAttribute(first.message)}" type="mismatch">${escapeFor.xmlText(formatProblems(result.problems, ''))}</failure>`,
      '    </testcase>',
    );
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
