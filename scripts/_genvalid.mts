import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateValidJsonCorpus } from './gen-corpus.ts';
const out = process.argv[2]!; const count = Number(process.argv[3]);
rmSync(out, { recursive: true, force: true }); mkdirSync(out, { recursive: true });
let bytes = 0;
for (const spec of generateValidJsonCorpus(count, 20240601)) { writeFileSync(join(out, spec.name), spec.text); bytes += spec.text.length; }
console.log(count, 'specs, avg', (bytes / count).toFixed(0), 'bytes');
