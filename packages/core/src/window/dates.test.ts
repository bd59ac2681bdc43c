import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utcDay } from "./dates.js";

describe("utcDay", () => {
  it("is the ISO date of the instant, also when the day was seen before", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(-62_000_000_000_000),
          max: new Date(253_402_300_799_999),
          noInvalidDate: true,
        }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(utcDay(d)).toBe(iso);
          expect(utcDay(new Date(d.getTime()))).toBe(iso);
        },
      ),
    );
  });

  it("keeps the first and last millisecond of a day on that day", () => {
    expect(utcDay(new Date(Date.UTC(2026, 10, 1, 23, 59, 59, 999)))).toBe("2026-11-01");
    expect(utcDay(new Date(Date.UTC(2026, 10, 2)))).toBe("2026-11-02");
    expect(utcDay(new Date(Date.UTC(1969, 11, 31, 23, 59, 59, 999)))).toBe("1969-12-31");
  });

  it("throws for an invalid date", () => {
    expect(() => utcDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
