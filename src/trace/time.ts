// Times in a trace and in the window asked of it, read the same way in every time zone: Date.parse
// reads a date and time without a zone in the machine's own, so that the order of a trace's calls
// and the calls a window keeps would change with TZ. Read here by their parts, never by Date.parse.

/**
 * The shape of a time a window takes (x-trace since/until, --trace-since, --trace-until): a date
 * alone (that day's start in UTC), or a date and time with its zone (`Z` or `±hh:mm`). A time
 * without a zone is not one: whose zone it would be read in cannot be known. The schema's
 * traceLink holds the same pattern.
 */
export const TRACE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The ISO 8601 (RFC 3339) times a trace's timestamps are read in: a date, then optionally a time
 * (T, t or a space before it; seconds and their fraction optional) and a zone (Z, or an offset
 * with or without its colon).
 */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/** A time read: milliseconds since the epoch, and whether the text said its zone (else it was read as UTC). */
export interface ReadTime {
  ms: number;
  zoned: boolean;
}

/**
 * `text` as a time when it is an ISO 8601 date or date and time whose parts exist (not February
 * 31st, nor 25:00), else undefined. Without a zone, it is read as UTC (`zoned` false): the same
 * instant whatever the machine's zone. 24:00 is the end of the day, as ISO 8601 has it.
 */
export function readTime(text: string): ReadTime | undefined {
  const parts = ISO_TIME.exec(text);
  if (parts === null) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts
    .slice(1, 7)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const fraction = parts[7] ?? '';
  const millisecond = Number(fraction.padEnd(3, '0').slice(0, 3));
  const endOfDay = hour === 24 && minute === 0 && second === 0 && /^0*$/.test(fraction);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if ((hour > 23 && !endOfDay) || minute > 59 || second > 59) return undefined;
  const zoned = parts[8] !== undefined || parts[9] !== undefined;
  let offsetMinutes = 0;
  if (parts[9] !== undefined) {
    const offsetHours = Number(parts[10]);
    const offsetRest = Number(parts[11]);
    if (offsetHours > 23 || offsetRest > 59) return undefined;
    offsetMinutes = (parts[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  return { ms: date.getTime() - offsetMinutes * 60_000, zoned };
}

/** Whether `text` is a time a window takes: of TRACE_TIME's shape, and a day and hour that exist. */
export function isTraceTime(text: string): boolean {
  return TRACE_TIME.test(text) && readTime(text) !== undefined;
}

/**
 * Why `text`, given as `name` (--trace-since, x-trace since), is no time a window takes; undefined
 * when it is one. A date and time without a zone is named as such, with the time in UTC it may
 * have meant.
 */
export function windowTimeProblem(name: string, text: string): string | undefined {
  if (isTraceTime(text)) return undefined;
  if (text.includes('T') && isTraceTime(`${text}Z`))
    return `${name} ${JSON.stringify(text)} has no zone, and would be read in each machine's own: write ${JSON.stringify(`${text}Z`)} for UTC, or the offset it was in (such as +05:30)`;
  return `${name} takes an ISO 8601 time with its zone, such as 2026-03-02T10:00:00Z, or a date alone (that day from 00:00 UTC), not ${JSON.stringify(text)}`;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
