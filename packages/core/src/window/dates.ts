/**
 * UTC calendar dates (`YYYY-MM-DD`) as integer day numbers, so that window arithmetic never
 * touches local time or daylight saving.
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written strictly as `YYYY-MM-DD`. */
export function isValidDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Days since 1970-01-01 of a valid date. */
export function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) / DAY_MS;
}

/** The date of a day number. */
export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Day number → date, remembered: traffic spans few days, and ingest asks once per crawl. */
const dayNames = new Map<number, string>();

/** The UTC date of an instant, `YYYY-MM-DD` (throws a `RangeError` for an invalid date). */
export function utcDay(instant: Date): string {
  const day = Math.floor(instant.getTime() / DAY_MS);
  const known = dayNames.get(day);
  if (known !== undefined) return known;
  const date = instant.toISOString().slice(0, 10);
  if (dayNames.size >= 4096) dayNames.clear();
  dayNames.set(day, date);
  return date;
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from `start` to `end`, both included (1 when equal). */
export function daysBetween(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** Every date from `start` to `end`, both included, ascending. */
export function eachDay(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = dayNumber(start); d <= dayNumber(end); d++) out.push(fromDayNumber(d));
  return out;
}
