// Whether the machine was quiet enough for the figures to measure the code rather than the load:
// a wall-clock ratio taken while other work competes for the cores says more about that work.

export interface LoadReading {
  /** The 1-minute load average when the bench started and when it ended. */
  start: number;
  end: number;
  cores: number;
}

/**
 * Why the bench refuses to report, or null when it may: a load average above the number of cores
 * at the start (nothing is measured) or at the end (the figures are thrown away). `--busy` reports
 * anyway, with the load printed beside the table, for a smoke run on a shared machine.
 */
export function busyRefusal({ start, end, cores }: LoadReading, when: 'start' | 'end'): string | null {
  const load = when === 'start' ? start : Math.max(start, end);
  if (load <= cores) return null;
  const shown = load.toFixed(2);
  return when === 'start'
    ? `the load average is ${shown} on ${cores} cores: other work would compete with every measure, so none is taken. Run it when the machine is quieter, or pass --busy to measure anyway.`
    : `the load average reached ${shown} on ${cores} cores while measuring: the figures measure that load as much as the code, so none is reported. Run it again when the machine is quieter, or pass --busy to report anyway.`;
}
