import { dayNumber, fromDayNumber } from "./dates.js";

export type Granularity = "day" | "week";

export interface Bucket {
  bucketStart: string;
  bucketEnd: string;
}

/** Longest window that may use day granularity. */
export const MAX_DAY_GRANULARITY_DAYS = 90;

/**
 * `auto` is `day` for windows up to 90 days and `week` beyond; `day` over 90 days is refused.
 */
export function resolveGranularity(
  requested: unknown,
  days: number,
): { ok: true; value: Granularity } | { ok: false; message: string } {
  const value = requested ?? "auto";
  if (value === "auto")
    return { ok: true, value: days <= MAX_DAY_GRANULARITY_DAYS ? "day" : "week" };
  if (value === "week") return { ok: true, value: "week" };
  if (value === "day") {
    return days <= MAX_DAY_GRANULARITY_DAYS
      ? { ok: true, value: "day" }
      : {
          ok: false,
          message: `granularity day allows windows up to ${MAX_DAY_GRANULARITY_DAYS} days`,
        };
  }
  return { ok: false, message: "granularity must be auto, day or week" };
}

/**
 * Buckets covering `[start, end]` exactly, anchored at `start`: one per day, or 7-day steps
 * from `start` where the last may be shorter.
 */
export function buckets(start: string, end: string, granularity: Granularity): Bucket[] {
  const step = granularity === "day" ? 1 : 7;
  const last = dayNumber(end);
  const out: Bucket[] = [];
  for (let d = dayNumber(start); d <= last; d += step) {
    out.push({
      bucketStart: fromDayNumber(d),
      bucketEnd: fromDayNumber(Math.min(d + step - 1, last)),
    });
  }
  return out;
}
