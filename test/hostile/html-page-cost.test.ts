/**
 * The cost of `--format html` on specs of many short lines, the built CLI as a real process: its
 * peak resident memory from the kernel (VmHWM) and the size of the page it writes. The source view
 * once split such a spec into an object a line and numbered every line, at 150 to 230 bytes of
 * memory a byte of input (16 MB of blank lines: 2.5 GB and a page of 149 MB); it is now bounded
 * (src/render/html/source-view.ts, test/html-source-view.test.ts), and so is the page.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canMeasurePeakMemory, peakMemoryOf } from '../support/peak-memory.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs } from '../support/temp.js';

const tempDir = useTempDirs('html-page-cost');
const MB = 1_000_000;

/** A spec of the given shape, about `bytes` long, written in a folder of its own. */
function specFile(name: string, text: string): { dir: string; file: string } {
  const dir = tempDir();
  writeFileSync(join(dir, name), text);
  return { dir, file: name };
}

/** A valid spec, then blank lines to `bytes`. */
function blankLines(bytes: number): string {
  const spec = JSON.stringify(validSpec(), null, 2);
  return `${spec}${'\n'.repeat(bytes - spec.length)}`;
}

/** A spec whose risks are numbers, one a line, to `bytes`: a schema error on each of their lines, 1,000 listed. */
function mistypedRisks(bytes: number): string {
  const spec = JSON.stringify({ ...validSpec(), risks: '@@' }, null, 2);
  const count = Math.floor((bytes - spec.length) / 3);
  return spec.replace('"@@"', `[\n${'0,\n'.repeat(count - 1)}0\n]`);
}

/** The built CLI's peak memory, and the page it wrote, for one spec and format. */
function run(spec: { dir: string; file: string }, format: 'html' | 'json'): { status: number | null; peakBytes: number; page: string } {
  const out = `report.${format}`;
  const { status, peakBytes } = peakMemoryOf([spec.file, '--format', format, '--output', out], spec.dir);
  const path = join(spec.dir, out);
  return { status, peakBytes, page: statSync(path).size < 64 * MB ? readFileSync(path, 'utf8') : `(${statSync(path).size} bytes)` };
}

describe.skipIf(!canMeasurePeakMemory)('--format html on specs of many short lines', { timeout: 600_000 }, () => {
  it('a spec then blank lines: four times the input costs less than 1.5 times the memory, and the page stays under 256 KiB', () => {
    // Measured: 2 and 8 MB peaked at 488 and 1,721 MB, pages of 17 and 71 MB, when every line was
    // an object and a number; at 76 and 81 MB, pages of 25 KB, with the view bounded.
    const small = run(specFile('small.json', blankLines(2 * MB)), 'html');
    const large = run(specFile('large.json', blankLines(8 * MB)), 'html');
    expect([small.status, large.status]).toEqual([0, 0]);
    expect(large.peakBytes).toBeLessThan(1.5 * small.peakBytes);
    for (const { page } of [small, large]) expect(page.length).toBeLessThan(256 * 1024);
    expect(large.page).toContain('lines left out');
  });

  it('mistyped risks one a line: the page costs at most 16 bytes of memory a byte of input more than the JSON report, and its source section stays under 1 MiB', () => {
    // Measured at 4 MB: the JSON report peaked at 148 MB; the page at 1,361 MB (303 bytes a byte
    // above it) when the source view and the risks list grew with the lines, at 165 MB (4) bounded.
    const spec = specFile('risks.json', mistypedRisks(4 * MB));
    const page = run(spec, 'html');
    const json = run(spec, 'json');
    expect([page.status, json.status]).toEqual([1, 1]);
    expect((page.peakBytes - json.peakBytes) / (4 * MB)).toBeLessThan(16);
    const source = page.page.slice(page.page.indexOf('<section id="source"'));
    expect(source.slice(0, source.indexOf('</section>')).length).toBeLessThan(1024 * 1024);
    // Every problem's link still reaches its flagged line.
    for (const [, line] of page.page.matchAll(/<a href="#L(\d+)">/g)) expect(page.page).toContain(`<span id="L${line}" class="flagged">`);
  });
});
