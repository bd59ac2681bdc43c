import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buckets, resolveGranularity } from "./buckets.js";
import { addDays, daysBetween, eachDay, isValidDate } from "./dates.js";
import {
  CRAWL_LOG_WINDOW,
  clampToCutover,
  resolveWindow,
  STANDARD_WINDOW,
  type WindowRules,
} from "./window.js";

const TODAY = "2026-11-22";

describe("dates", () => {
  it("accepts only real YYYY-MM-DD dates", () => {
    for (const d of ["2024-02-29", "2026-12-31", "2026-01-01", "2000-02-29"])
      expect(isValidDate(d)).toBe(true);
    for (const d of [
      "2026-02-29",
      "2026-02-30",
      "2026-13-01",
      "2026-00-10",
      "2026-1-01",
      "1900-02-29",
      "2026-11-22T00:00:00Z",
      " 2026-11-22",
      20261122,
      null,
    ]) {
      expect(isValidDate(d)).toBe(false);
    }
  });

  it("does day arithmetic across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(365);
    expect(eachDay("2026-02-27", "2026-03-02")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });
});

describe("window rules", () => {
  const ok = (input: Record<string, unknown>, rules: WindowRules = STANDARD_WINDOW) => {
    const result = resolveWindow(input, TODAY, rules);
    if (!result.ok) throw new Error(result.message);
    return result.value;
  };
  const bad = (input: Record<string, unknown>, rules: WindowRules = STANDARD_WINDOW) => {
    const result = resolveWindow(input, TODAY, rules);
    expect(result.ok).toBe(false);
    return result.ok ? "" : result.message;
  };

  it("periods are the N days ending today; the default applies when nothing is sent", () => {
    expect(ok({})).toEqual({ period: "30d", startDate: "2026-10-24", endDate: TODAY, days: 30 });
    expect(ok({ period: "1d" })).toEqual({
      period: "1d",
      startDate: TODAY,
      endDate: TODAY,
      days: 1,
    });
    expect(ok({ period: "365d" }).startDate).toBe("2025-11-23");
    expect(ok({}, CRAWL_LOG_WINDOW)).toMatchObject({ period: "7d", startDate: "2026-11-16" });
    expect(bad({ period: "90d" }, CRAWL_LOG_WINDOW)).toBe("period must be one of 1d, 7d, 30d");
    expect(bad({ period: "2d" })).toMatch(/period must be one of/);
    expect(bad({ period: 30 })).toMatch(/period must be one of/);
  });

  it("explicit dates: startDate alone ends today; null counts as absent", () => {
    expect(ok({ startDate: "2026-11-01" })).toEqual({
      period: null,
      startDate: "2026-11-01",
      endDate: TODAY,
      days: 22,
    });
    expect(ok({ startDate: "2026-11-01", endDate: "2026-11-01" }).days).toBe(1);
    expect(ok({ period: null, startDate: "2026-11-01", endDate: null }).endDate).toBe(TODAY);
  });

  it("refuses each broken rule with a message naming it", () => {
    expect(bad({ period: "7d", startDate: "2026-11-01" })).toBe(
      "period cannot be combined with startDate or endDate",
    );
    expect(bad({ period: "7d", endDate: "2026-11-01" })).toBe(
      "period cannot be combined with startDate or endDate",
    );
    expect(bad({ endDate: "2026-11-01" })).toBe("endDate requires startDate");
    expect(bad({ startDate: "2026-02-30" })).toMatch(/startDate must be a real date/);
    expect(bad({ startDate: "2026-11-01", endDate: "11/02/2026" })).toMatch(
      /endDate must be a real date/,
    );
    expect(bad({ startDate: "2026-11-23" })).toBe("startDate must not be in the future");
    expect(bad({ startDate: "2026-11-01", endDate: "2026-11-23" })).toBe(
      "endDate must not be in the future",
    );
    expect(bad({ startDate: "2026-11-02", endDate: "2026-11-01" })).toBe(
      "startDate must not be after endDate",
    );
    expect(bad({ startDate: "2025-11-22" })).toBe("window spans 366 days; at most 365 are allowed");
    expect(ok({ startDate: "2025-11-23" }).days).toBe(365);
    expect(bad({ startDate: "2026-10-22" }, CRAWL_LOG_WINDOW)).toBe(
      "window spans 32 days; at most 31 are allowed",
    );
  });

  // A second implementation, written from the spec's table with Date objects and loops.
  function reference(
    input: { period?: unknown; startDate?: unknown; endDate?: unknown },
    rules: WindowRules,
  ) {
    const p = input.period ?? undefined;
    const s = input.startDate ?? undefined;
    const e = input.endDate ?? undefined;
    if (p !== undefined && (s !== undefined || e !== undefined)) return null;
    if (s === undefined && e !== undefined) return null;
    const parse = (v: unknown) => {
      if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
      const d = new Date(`${v}T00:00:00Z`);
      return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? null : d;
    };
    const today = new Date(`${TODAY}T00:00:00Z`);
    if (s === undefined) {
      const chosen = p ?? rules.defaultPeriod;
      if (!rules.periods.includes(chosen as string)) return null;
      const start = new Date(today);
      start.setUTCDate(start.getUTCDate() - (Number.parseInt(chosen as string, 10) - 1));
      return { startDate: start.toISOString().slice(0, 10), endDate: TODAY, period: chosen };
    }
    const start = parse(s);
    const end = e === undefined ? today : parse(e);
    if (!start || !end || start > today || end > today || start > end) return null;
    let days = 0;
    for (const d = new Date(start); d <= end; d.setUTCDate(d.getUTCDate() + 1)) days++;
    if (days > rules.maxSpanDays) return null;
    return { startDate: s, endDate: end.toISOString().slice(0, 10), period: null };
  }

  it("agrees with a reference implementation on random inputs", () => {
    const date = fc.integer({ min: -800, max: 40 }).map((offset) => addDays(TODAY, offset));
    const field = (arb: fc.Arbitrary<unknown>) => fc.option(arb, { nil: undefined });
    const input = fc.record(
      {
        period: field(
          fc.oneof(
            fc.constantFrom("1d", "7d", "30d", "90d", "365d", "2d", "0d", ""),
            fc.string(),
            fc.constant(null),
          ),
        ),
        startDate: field(
          fc.oneof(date, fc.constantFrom("2026-02-30", "2026-13-01", "x"), fc.constant(null)),
        ),
        endDate: field(
          fc.oneof(date, fc.constantFrom("2026-02-29", "2026-1-1"), fc.constant(null)),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(input, fc.constantFrom(STANDARD_WINDOW, CRAWL_LOG_WINDOW), (i, rules) => {
        const got = resolveWindow(i, TODAY, rules);
        const want = reference(i, rules);
        if (want === null) expect(got.ok).toBe(false);
        else {
          expect(got.ok).toBe(true);
          if (got.ok) expect(got.value).toMatchObject(want);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("cutover clamping", () => {
  it("clamps an early start and refuses a window ending before the cutover", () => {
    const w = { period: null, startDate: "2026-07-01", endDate: "2026-07-20", days: 20 };
    expect(clampToCutover(w)).toEqual({
      ok: true,
      value: { period: null, startDate: "2026-07-09", endDate: "2026-07-20", days: 12 },
      requestedStartDate: "2026-07-01",
    });
    const late = { period: "7d", startDate: "2026-11-16", endDate: "2026-11-22", days: 7 };
    expect(clampToCutover(late)).toEqual({ ok: true, value: late });
    expect(clampToCutover({ ...w, endDate: "2026-07-08" }).ok).toBe(false);
    expect(
      clampToCutover({ ...w, startDate: "2026-07-09", endDate: "2026-07-09", days: 1 }).ok,
    ).toBe(true);
  });
});

describe("granularity and buckets", () => {
  it("resolves auto at 90 days and refuses day beyond", () => {
    expect(resolveGranularity(undefined, 90)).toEqual({ ok: true, value: "day" });
    expect(resolveGranularity("auto", 91)).toEqual({ ok: true, value: "week" });
    expect(resolveGranularity("day", 91).ok).toBe(false);
    expect(resolveGranularity("week", 1)).toEqual({ ok: true, value: "week" });
    expect(resolveGranularity("month", 10).ok).toBe(false);
  });

  it("covers the window exactly with buckets anchored at the start", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -400, max: 0 }),
        fc.integer({ min: 1, max: 365 }),
        fc.constantFrom("day", "week") as fc.Arbitrary<"day" | "week">,
        (offset, length, g) => {
          const start = addDays(TODAY, offset);
          const end = addDays(start, length - 1);
          const list = buckets(start, end, g);
          expect(list[0]?.bucketStart).toBe(start);
          expect(list.at(-1)?.bucketEnd).toBe(end);
          for (let i = 0; i < list.length; i++) {
            const b = list[i] as { bucketStart: string; bucketEnd: string };
            const size = daysBetween(b.bucketStart, b.bucketEnd);
            if (g === "day") expect(size).toBe(1);
            else if (i < list.length - 1) expect(size).toBe(7);
            else expect(size).toBeLessThanOrEqual(7);
            if (i > 0) expect(addDays((list[i - 1] as typeof b).bucketEnd, 1)).toBe(b.bucketStart);
          }
        },
      ),
    );
  });
});
