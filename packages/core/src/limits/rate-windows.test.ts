import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextUtcMonthStart, retryAfterSeconds, utcMonthStart } from "./rate-windows.js";

describe("rate windows", () => {
  it("finds UTC month boundaries, across years", () => {
    expect(utcMonthStart(new Date("2026-11-20T10:00:00.000Z"))).toBe(Date.UTC(2026, 10, 1));
    expect(nextUtcMonthStart(new Date("2026-12-31T23:59:59.999Z"))).toBe(Date.UTC(2027, 0, 1));
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (d) => {
          const start = utcMonthStart(d);
          const next = nextUtcMonthStart(d);
          expect(start).toBeLessThanOrEqual(d.getTime());
          expect(next).toBeGreaterThan(d.getTime());
          expect(new Date(next).getUTCDate()).toBe(1);
          expect(utcMonthStart(new Date(next - 1))).toBe(start);
        },
      ),
    );
  });

  it("rounds Retry-After up and never below one second", () => {
    const now = new Date(1_000_000);
    expect(retryAfterSeconds(1_000_000 + 40_000, now)).toBe(40);
    expect(retryAfterSeconds(1_000_000 + 40_001, now)).toBe(41);
    expect(retryAfterSeconds(1_000_000, now)).toBe(1);
  });
});
