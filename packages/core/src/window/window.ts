import { dayNumber, fromDayNumber, isValidDate } from "./dates.js";

/** A resolved window: inclusive dates, the period it came from (`null` for explicit dates). */
export interface Window {
  period: string | null;
  startDate: string;
  endDate: string;
  /** Days in the window, both ends included. */
  days: number;
}

export interface WindowRules {
  /** Allowed `period` values, each `<N>d`. */
  periods: readonly string[];
  defaultPeriod: string;
  /** Longest window in days, inclusive. */
  maxSpanDays: number;
}

/** Rules of every export but crawl logs. */
export const STANDARD_WINDOW: WindowRules = {
  periods: ["1d", "7d", "30d", "90d", "365d"],
  defaultPeriod: "30d",
  maxSpanDays: 365,
};

/** Rules of export-crawl-logs. */
export const CRAWL_LOG_WINDOW: WindowRules = {
  periods: ["1d", "7d", "30d"],
  defaultPeriod: "7d",
  maxSpanDays: 31,
};

export type WindowResult = { ok: true; value: Window } | { ok: false; message: string };

const fail = (message: string): WindowResult => ({ ok: false, message });

/**
 * Applies the spec's shared window rules. `period` and dates are exclusive; `endDate` needs
 * `startDate`; `startDate` alone ends today; dates are real `YYYY-MM-DD` dates, not in the
 * future, in order, spanning at most `maxSpanDays`; `Nd` is the N days ending today; nothing
 * sent is the default period. A field sent as `null` counts as not sent.
 */
export function resolveWindow(
  input: { period?: unknown; startDate?: unknown; endDate?: unknown },
  today: string,
  rules: WindowRules = STANDARD_WINDOW,
): WindowResult {
  const period = input.period ?? undefined;
  const startDate = input.startDate ?? undefined;
  const endDate = input.endDate ?? undefined;
  const todayNumber = dayNumber(today);

  if (period !== undefined && (startDate !== undefined || endDate !== undefined)) {
    return fail("period cannot be combined with startDate or endDate");
  }
  if (startDate === undefined && endDate !== undefined) return fail("endDate requires startDate");

  if (startDate === undefined) {
    const chosen = period ?? rules.defaultPeriod;
    if (typeof chosen !== "string" || !rules.periods.includes(chosen)) {
      return fail(`period must be one of ${rules.periods.join(", ")}`);
    }
    const days = Number.parseInt(chosen, 10);
    return {
      ok: true,
      value: {
        period: chosen,
        startDate: fromDayNumber(todayNumber - days + 1),
        endDate: today,
        days,
      },
    };
  }

  if (!isValidDate(startDate)) return fail("startDate must be a real date in YYYY-MM-DD form");
  if (endDate !== undefined && !isValidDate(endDate))
    return fail("endDate must be a real date in YYYY-MM-DD form");
  const start = dayNumber(startDate);
  const end = endDate === undefined ? todayNumber : dayNumber(endDate);
  if (start > todayNumber) return fail("startDate must not be in the future");
  if (end > todayNumber) return fail("endDate must not be in the future");
  if (start > end) return fail("startDate must not be after endDate");
  const days = end - start + 1;
  if (days > rules.maxSpanDays) {
    return fail(`window spans ${days} days; at most ${rules.maxSpanDays} are allowed`);
  }
  return { ok: true, value: { period: null, startDate, endDate: fromDayNumber(end), days } };
}

/** The spec's `legacyCutover`: verified tracking and page-level data start on this date. */
export const LEGACY_CUTOVER = "2026-07-09";

export type ClampResult =
  | { ok: true; value: Window; requestedStartDate?: string }
  | { ok: false; message: string };

/**
 * Clamps a window to start no earlier than the cutover (page analytics and snapshots). The
 * original start is returned as `requestedStartDate` when clamped; a window that ends before the
 * cutover is invalid.
 */
export function clampToCutover(window: Window, cutover: string = LEGACY_CUTOVER): ClampResult {
  if (dayNumber(window.endDate) < dayNumber(cutover)) {
    return { ok: false, message: `window ends before ${cutover}, when page-level data starts` };
  }
  if (dayNumber(window.startDate) >= dayNumber(cutover)) return { ok: true, value: window };
  const days = dayNumber(window.endDate) - dayNumber(cutover) + 1;
  return {
    ok: true,
    value: { ...window, startDate: cutover, days },
    requestedStartDate: window.startDate,
  };
}
