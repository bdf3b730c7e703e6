// The cost of the worst inputs within the limits: for each hostile shape at 1, 4 and 16 MiB, the
// built CLI's wall time and peak resident memory (the kernel's high-water mark, VmHWM) in each
// output format, the HTML page with its source view included, against a small spec's as the
// constant C. Prints one Markdown table and, for JSON and for YAML, the largest multiple k of the
// input size seen, so that peak <= C + k x input.
//
//   npm run bounds                      # 1, 4 and 16 MiB, the slowest and highest format per cell
//   npx tsx scripts/bounds.ts --quick   # 1 and 4 MiB
//   npx tsx scripts/bounds.ts --full    # also one row per format
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'bin/compile-investigation.cjs');
const quick = process.argv.includes('--quick');
const MIB = 2 ** 20;
const SIZES = quick ? [1, 4] : [1, 4, 16];
const FORMATS = ['json', 'markdown', 'text', 'html'] as const;
const base = JSON.parse(readFileSync(join(root, 'fixtures/valid/payments-refund-retry.json'), 'utf8')) as Record<string, unknown>;

/** Fills `count` copies of `item` into a JSON array, as text. */
function array(item: string, bytes: number, overhead: number): string {
  const count = Math.max(1, Math.floor((bytes - overhead) / (item.length + 1)));
  return `[${new Array<string>(count).fill(item).join(',')}]`;
}

function withField(field: string, value: string): string {
  return JSON.stringify({ ...base, [field]: '@@' }).replace('"@@"', value);
}

/** The shapes the hostile-input issue named, each sized to about `bytes`. */
const SHAPES: Record<string, { extension: string; make: (bytes: number) => string }> = {
  'JSON, mistyped risks [0,0,...] (a schema error per item)': {
    extension: 'json',
    make: (bytes) => withField('risks', array('0', bytes, 3000)),
  },
  'JSON, risks of one-letter strings ["r","r",...]': { extension: 'json', make: (bytes) => withField('risks', array('"r"', bytes, 3000)) },
  'JSON, unknown keys {"k0":0,...}': {
    extension: 'json',
    make: (bytes) => {
      const keys: string[] = [];
      for (let index = 0, size = 3000; size < bytes; index++) {
        const member = `"k${index}":0`;
        keys.push(member);
        size += member.length + 1;
      }
      return JSON.stringify(base).replace(/\}$/, `,${keys.join(',')}}`);
    },
  },
  'JSON, one line of deep dives on unmapped nodes': {
    extension: 'json',
    make: (bytes) => {
      const dive = JSON.stringify({
        id: 'D',
        hypothesisId: 'H2',
        node: 'nowhere/x.ts',
        tool: 'Read',
        finding: 'f',
        effect: 'neutral',
        provenance: '[DOC]',
      });
      return withField('deepDives', array(dive, bytes, 3000));
    },
  },
  'JSON, mistyped risks one a line (a schema error a line)': {
    extension: 'json',
    make: (bytes) => {
      const spec = JSON.stringify({ ...base, risks: '@@' }, null, 2);
      return spec.replace('"@@"', `[\n${'0,\n'.repeat(Math.max(1, Math.floor((bytes - spec.length) / 3) - 1))}0\n]`);
    },
  },
  'JSON, a spec then blank lines': {
    extension: 'json',
    make: (bytes) => {
      const spec = JSON.stringify(base, null, 2);
      return `${spec}${'\n'.repeat(Math.max(0, bytes - spec.length))}`;
    },
  },
  'YAML, a flow sequence [a,a,...]': {
    extension: 'yaml',
    make: (bytes) => `goal: g\nrisks: [${new Array<string>(Math.floor(bytes / 2)).fill('a').join(',')}]\n`,
  },
  'YAML, blank lines': { extension: 'yaml', make: (bytes) => `goal: g\n${'\n'.repeat(bytes)}` },
  'YAML, one block scalar': { extension: 'yaml', make: (bytes) => `goal: |\n${'  abcdefgh\n'.repeat(Math.floor(bytes / 11))}` },
};

interface Sample {
  ms: number;
  peakBytes: number;
  exitCode: number;
}

/** Runs the CLI on a file and reads its VmHWM from /proc when it exits (a preload writes it to a side file). */
function measure(file: string, format: string, work: string): Sample {
  const hwmFile = join(work, 'hwm');
  rmSync(hwmFile, { force: true });
  const preload = `import { readFileSync, writeFileSync } from 'node:fs'; process.on('exit', () => { try { writeFileSync(${JSON.stringify(hwmFile)}, /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch {} });`;
  const started = process.hrtime.bigint();
  const child = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(preload)}`, cli, file, '--format', format, '--output', join(work, 'out')],
    {
      cwd: work,
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  let peakKiB = Number.NaN;
  try {
    peakKiB = Number(readFileSync(hwmFile, 'utf8'));
  } catch {
    // No /proc: the figure stays NaN and is printed as such.
  }
  return { ms, peakBytes: peakKiB * 1024, exitCode: child.status ?? -1 };
}

const work = mkdtempSync(join(tmpdir(), 'compile-investigation-bounds-'));
try {
  const small = join(work, 'small.json');
  writeFileSync(small, JSON.stringify(base));
  const constant = Math.max(...FORMATS.map((format) => measure(small, format, work).peakBytes));
  const full = process.argv.includes('--full');
  const rows = full
    ? ['| Shape | Input | Format | Exit | Time | Peak RSS | (peak - C) / input |', '| --- | --- | --- | --- | --- | --- | --- |']
    : [];
  const summary = [
    `| Shape | ${SIZES.map((mib) => `${mib} MiB: time, peak RSS`).join(' | ')} |`,
    `| --- |${SIZES.map(() => ' --- |').join('')}`,
  ];
  const worst: Record<string, number> = {};
  for (const [name, shape] of Object.entries(SHAPES)) {
    const cells: string[] = [];
    for (const mib of SIZES) {
      const file = join(work, `input.${shape.extension}`);
      // Just under the size limit at 16 MiB, so that the input is read, not refused for its size.
      const text = shape.make(mib * MIB - (mib === 16 ? 4096 : 0));
      writeFileSync(file, text);
      const bytes = Buffer.byteLength(text);
      let slowest = 0;
      let highest = 0;
      for (const format of FORMATS) {
        const { ms, peakBytes, exitCode } = measure(file, format, work);
        const multiple = (peakBytes - constant) / bytes;
        worst[shape.extension] = Math.max(worst[shape.extension] ?? 0, multiple);
        slowest = Math.max(slowest, ms);
        highest = Math.max(highest, peakBytes);
        if (full)
          rows.push(
            `| ${name} | ${(bytes / MIB).toFixed(1)} MiB | ${format} | ${exitCode} | ${(ms / 1000).toFixed(2)} s | ${(peakBytes / MIB).toFixed(0)} MiB | ${multiple.toFixed(1)} |`,
          );
        process.stderr.write(
          `bounds: ${name}, ${mib} MiB, ${format}: exit ${exitCode}, ${(ms / 1000).toFixed(2)} s, ${(peakBytes / MIB).toFixed(0)} MiB\n`,
        );
      }
      cells.push(`${(slowest / 1000).toFixed(2)} s, ${(highest / MIB).toFixed(0)} MiB`);
    }
    summary.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  const multiples = Object.entries(worst)
    .map(([family, k]) => `${family.toUpperCase()} k = ${k.toFixed(1)}`)
    .join(', ');
  process.stdout.write(
    `${[...rows, ...(full ? [''] : []), ...summary].join('\n')}\n\nThe slowest and the highest of the formats ${FORMATS.join(', ')}. ` +
      `C, a small spec's peak = ${(constant / MIB).toFixed(0)} MiB; peak <= C + k x input with ${multiples}.\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
