import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { operatorBars, ratioText } from "./crawl-to-refer.js";

const operators = fc.array(
  fc.record({
    operator: fc.string({ minLength: 1, maxLength: 12 }),
    crawls: fc.nat(1_000_000),
    referrals: fc.nat(1_000),
    ratio: fc.constant(null),
  }),
  { maxLength: 12 },
);

describe("crawl-to-refer views", () => {
  it("draws both counts on one scale: the largest fills it, 0 draws nothing, more is never shorter", () => {
    fc.assert(
      fc.property(operators, (rows) => {
        const bars = operatorBars({ operators: rows });
        expect(bars.map((b) => b.operator)).toEqual(rows.map((r) => r.operator));
        const all = bars.flatMap((b) => [
          [b.crawls, b.crawlShare],
          [b.referrals, b.referralShare],
        ]) as [number, number][];
        const max = Math.max(0, ...all.map(([n]) => n));
        for (const [n, share] of all) {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1);
          if (n === 0) expect(share).toBe(0);
          if (n === max && max > 0) expect(share).toBe(1);
        }
        for (const [a, x] of all) for (const [b, y] of all) if (a < b) expect(x).toBeLessThan(y);
      }),
    );
  });

  it("reads a ratio as crawls per referral, or says none came back", () => {
    expect(ratioText(1250.5)).toBe("1,250.5 : 1");
    expect(ratioText(0)).toBe("0 : 1");
    expect(ratioText(null)).toBe("no referrals");
  });
});
