import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServedDayCount } from "../../types.js";
import { servedRows } from "./served-rows.js";

const count = fc.record({
  day: fc.constantFrom("2026-11-18", "2026-11-19", "2026-11-20"),
  botId: fc.constantFrom("googlebot", "gptbot", "unknown"),
  tier: fc.constantFrom("verified" as const, "declared" as const, "unknown" as const),
  servedFrom: fc.constantFrom("cache" as const, "render" as const, "origin" as const),
  snapshotId: fc.constantFrom(null, "s-1", "s-2"),
  count: fc.integer({ min: 1, max: 50 }),
  lastSeenAt: fc.integer({ min: 0, max: 86_399_999 }).map((ms) => new Date(ms)),
}) satisfies fc.Arbitrary<ServedDayCount>;

const sum = (t: { verified: number; declared: number; unknown: number }) =>
  t.verified + t.declared + t.unknown;

describe("servedRows", () => {
  it("keeps every crawl once, with totals that are the sums of their parts", () => {
    fc.assert(
      fc.property(fc.array(count, { maxLength: 40 }), (counts) => {
        const rows = servedRows(counts);
        expect(rows.map((r) => r.day)).toEqual([...new Set(counts.map((c) => c.day))].sort());
        let all = 0;
        for (const row of rows) {
          expect(row.total).toBe(sum(row.tiers));
          const bots = Object.values(row.bots);
          expect(bots.map((b) => b.total)).toEqual(bots.map((b) => b.total).sort((a, b) => b - a));
          expect(row.total).toBe(bots.reduce((n, b) => n + b.total, 0));
          for (const bot of bots) {
            expect(bot.total).toBe(sum(bot.tiers));
            expect(bot.total).toBe(bot.served.reduce((n, e) => n + e.total, 0));
            const keys = bot.served.map((e) => `${e.servedFrom}|${e.snapshotId}`);
            expect(new Set(keys).size).toBe(keys.length);
          }
          all += row.total;
        }
        expect(all).toBe(counts.reduce((n, c) => n + c.count, 0));
      }),
    );
  });

  it("merges tiers and spellings into one entry with the latest lastSeenAt", () => {
    const base = { day: "2026-11-20", botId: "googlebot", servedFrom: "cache" as const };
    const rows = servedRows([
      { ...base, tier: "verified", snapshotId: "s", count: 2, lastSeenAt: new Date(5) },
      { ...base, tier: "declared", snapshotId: "s", count: 1, lastSeenAt: new Date(9) },
      { ...base, tier: "verified", snapshotId: "s", count: 1, lastSeenAt: new Date(7) },
      { ...base, tier: "unknown", snapshotId: null, count: 1, lastSeenAt: new Date(1) },
    ]);
    expect(rows[0]?.bots.googlebot?.served).toEqual([
      {
        servedFrom: "cache",
        snapshotId: null,
        tiers: { verified: 0, declared: 0, unknown: 1 },
        total: 1,
        lastSeenAt: new Date(1).toISOString(),
      },
      {
        servedFrom: "cache",
        snapshotId: "s",
        tiers: { verified: 3, declared: 1, unknown: 0 },
        total: 4,
        lastSeenAt: new Date(9).toISOString(),
      },
    ]);
  });
});
