/** The periods every view offers (the API's standard windows). */
export const PERIODS = ["1d", "7d", "30d", "90d", "365d"] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = "30d";

/** `value` when it is one of `PERIODS`, else the default (a hand-edited URL never breaks a view). */
export function parsePeriod(value: string | null | undefined): Period {
  return (PERIODS as readonly string[]).includes(value ?? "") ? (value as Period) : DEFAULT_PERIOD;
}

/** `YYYY-MM-DD` `days` after `date` (negative: before), in UTC. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
