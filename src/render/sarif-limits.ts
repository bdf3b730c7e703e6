import { gzipSync } from 'node:zlib';
import { jsonText } from '../common/json-text.js';
import type { Problem } from '../report/outcome.js';

/**
 * What GitHub code scanning accepts in one upload: at most 25,000 results a run (it refuses more),
 * and at most 10 MB once gzipped. https://docs.github.com/en/code-security/code-scanning/troubleshooting-sarif-uploads/results-exceed-limit
 */
export const sarifLimits: SarifLimits = { results: 25_000, gzippedBytes: 10 * 1000 * 1000 };

export interface SarifLimits {
  results: number;
  gzippedBytes: number;
}

/**
 * The log with as many results as the limits allow: errors first, then warnings, then suppressed
 * problems (code scanning keeps the most severe too), each kept in file order. The size is measured
 * gzipped only when the text could exceed it, and the results are cut in proportion until it fits.
 */
export function withinLimits<T extends { problem: Problem }>(
  problems: readonly T[],
  resultOf: (item: T) => object,
  logOf: (results: object[], left: number) => object,
  limits: SarifLimits,
): { text: string; left: number } {
  let keep = Math.min(problems.length, limits.results);
  for (;;) {
    const kept = keepMostSevere(problems, keep);
    const text = jsonText(logOf(kept.map(resultOf), problems.length - kept.length));
    // gzip never grows a text by more than a few bytes in a thousand: below that margin it cannot exceed.
    const size = Buffer.byteLength(text) <= limits.gzippedBytes * 0.99 ? 0 : gzipSync(text).length;
    if (size <= limits.gzippedBytes || keep === 0) return { text, left: problems.length - kept.length };
    keep = Math.min(keep - 1, Math.floor((keep * limits.gzippedBytes * 0.9) / size));
  }
}

function keepMostSevere<T extends { problem: Problem }>(problems: readonly T[], keep: number): T[] {
  if (keep >= problems.length) return [...problems];
  const rank = ({ problem }: T) => (problem.suppressed !== undefined ? 2 : problem.severity === 'error' ? 0 : 1);
  const quota = [0, 0, 0];
  let room = keep;
  for (const level of [0, 1, 2]) {
    const count = problems.filter((item) => rank(item) === level).length;
    quota[level] = Math.min(count, room);
    room -= quota[level] as number;
  }
  return problems.filter((item) => {
    const level = rank(item);
    if ((quota[level] as number) === 0) return false;
    quota[level] = (quota[level] as number) - 1;
    return true;
  });
}

export function cutNote(left: number, total: number, limits: SarifLimits): string {
  const megabytes = (limits.gzippedBytes / 1_000_000).toLocaleString('en-US');
  return (
    `the SARIF log lists ${(total - left).toLocaleString('en-US')} of ${total.toLocaleString('en-US')} results, the most severe first: ` +
    `GitHub code scanning accepts at most ${limits.results.toLocaleString('en-US')} results a run and ${megabytes} MB gzipped; --format text or --json lists them all`
  );
}
