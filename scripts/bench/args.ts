// The one kind of argument the bench scripts take besides switches: a positive whole number after
// its flag (`--rounds 5`), refused with the script's name and exit 2 when it is anything else.

/** The number after `flag` in `argv`, or `fallback` when the flag is absent. */
export function positiveWholeFlag(argv: readonly string[], flag: string, fallback: number, script: string): number {
  const at = argv.indexOf(flag);
  const value = at === -1 ? fallback : Number(argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) {
    process.stderr.write(`${script}: ${flag} takes a positive whole number\n`);
    process.exit(2);
  }
  return value;
}
