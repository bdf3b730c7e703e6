import { usageError } from '../engine/contract.js';
import { reportingErrors } from '../engine/error-table.js';
import { selectShard } from '../regression/index.js';
import type { InputFile } from '../run/input-file.js';

/**
 * The `--shard i/n` share of the expanded inputs, as `test` splits fixtures: file k (in report-path
 * order) goes to shard (k mod n) + 1, so the shards of a CI matrix are disjoint and cover every file.
 * A share with no file is refused, so that a matrix wider than the corpus fails loudly.
 */
export function shareOf(files: InputFile[], shard: string): InputFile[] {
  const share = reportingErrors(() => selectShard(files, shard));
  if (share.length === 0)
    throw usageError('NO_INPUT', `--shard ${shard} holds none of the ${files.length} input files; use at most ${files.length} shards`);
  return share;
}
