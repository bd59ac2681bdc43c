import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legacyKeyOf } from "../taxonomy/legacy-key-of.js";
import { makeCrawl } from "../testing/fixtures.js";
import type { CrawlRecord } from "../types.js";
import { aggregateTier } from "./aggregates.js";
import {
  type CountDeltas,
  type CountedCrawl,
  countCrawls,
  legacyImportCounts,
  upgradeCounts,
} from "./crawl-counts.js";

const d = "dom";
const at = (iso: string) => new Date(iso);
const counted = (record: CrawlRecord, path = record.path) => ({ record, day: "2026-11-20", path });

/** The counting rules written plainly: one string key per row and event, rows sorted by key. */
function referenceCounts(crawls: CountedCrawl[]): CountDeltas {
  const maps = {
    bot: new Map(),
    path: new Map(),
    served: new Map(),
    summary: new Map(),
    legacy: new Map(),
    agent: new Map(),
  };
  const bump = (
    map: Map<string, Record<string, unknown>>,
    key: string,
    row: Record<string, unknown>,
  ) => {
    const old = map.get(key);
    if (!old) return void map.set(key, { ...row });
    for (const f of ["count", "total", "verified"] as const)
      if (typeof row[f] === "number") old[f] = (old[f] as number) + (row[f] as number);
    if (typeof row.lastSeenAt === "number")
      old.lastSeenAt = Math.max(old.lastSeenAt as number, row.lastSeenAt);
  };
  for (const { record: r, day, path } of crawls) {
    const tier = aggregateTier(r.verdict);
    const base = { domainId: r.domainId, day };
    const b = `${r.domainId}\0${day}\0${r.botId}\0${tier}`;
    bump(maps.bot, b, { ...base, botId: r.botId, tier, count: 1 });
    bump(maps.path, `${b}\0${path}`, { ...base, botId: r.botId, tier, count: 1, path });
    bump(maps.served, `${b}\0${r.servedFrom}\0${r.snapshotId ?? ""}\0${path}`, {
      ...base,
      botId: r.botId,
      tier,
      count: 1,
      path,
      servedFrom: r.servedFrom,
      snapshotId: r.snapshotId,
      lastSeenAt: r.ts.getTime(),
    });
    bump(maps.summary, `${r.domainId}\0${day}\0${r.servedFrom}`, {
      ...base,
      servedFrom: r.servedFrom,
      count: 1,
    });
    if (r.signature !== null)
      bump(maps.agent, `${r.domainId}\0${day}\0${r.signature}\0${r.signatureAgent ?? ""}`, {
        ...base,
        signature: r.signature,
        agent: r.signatureAgent ?? "",
        count: 1,
      });
    const key = legacyKeyOf(r.botId, r.userAgent);
    if (key !== null)
      bump(maps.legacy, `${r.domainId}\0${day}\0${key}`, {
        ...base,
        key,
        total: 1,
        verified: tier === "verified" ? 1 : 0,
      });
  }
  const rows = (map: Map<string, unknown>) => [...map.keys()].sort().map((k) => map.get(k));
  return {
    bot: rows(maps.bot),
    path: rows(maps.path),
    served: rows(maps.served),
    summary: rows(maps.summary),
    legacy: rows(maps.legacy),
    agent: rows(maps.agent),
  } as CountDeltas;
}

const crawlArb = fc
  .record({
    domainId: fc.constantFrom("a", "b", "a\0b"),
    day: fc.constantFrom("2026-11-01", "2026-11-02"),
    bot: fc.constantFrom(
      ["googlebot", "Googlebot/2.1"],
      ["unknown", "curl/8"],
      ["unknown", "Mozilla/5.0 Tumblr/14"],
      ["gptbot", "GPTBot/1.0"],
    ),
    verdict: fc.constantFrom("verified", "declared", "unknown", "automation"),
    servedFrom: fc.constantFrom("cache", "render", "origin"),
    snapshotId: fc.constantFrom(null, "", "s1", "s\0"),
    path: fc.constantFrom("/", "/a", "/a\0", "__overflow__", "/é"),
    ms: fc.integer({ min: 0, max: 86_399_999 }),
    signed: fc.constantFrom(
      [null, null],
      ["verified", "https://chatgpt.com"],
      ["invalid", "https://chatgpt.com"],
      ["invalid", null],
      ["unverified", "http://127.0.0.1:40001"],
    ),
  })
  .map(
    (c): CountedCrawl => ({
      record: makeCrawl(c.domainId, {
        botId: c.bot[0],
        userAgent: c.bot[1],
        verdict: c.verdict as CrawlRecord["verdict"],
        servedFrom: c.servedFrom as CrawlRecord["servedFrom"],
        snapshotId: c.snapshotId,
        ts: new Date(Date.parse(`${c.day}T00:00:00.000Z`) + c.ms),
        signature: c.signed[0] as CrawlRecord["signature"],
        signatureAgent: c.signed[1],
      }),
      day: c.day,
      path: c.path,
    }),
  );

describe("countCrawls", () => {
  it("equals the plain per-event counting, rows in key order", () => {
    fc.assert(
      fc.property(fc.array(crawlArb, { maxLength: 40 }), (crawls) => {
        expect(countCrawls(crawls)).toEqual(referenceCounts(crawls));
      }),
      { numRuns: 400 },
    );
  });

  it("unsorted gives the same rows, in any order", () => {
    const byJson = (rows: readonly object[]) => rows.map((r) => JSON.stringify(r)).sort();
    fc.assert(
      fc.property(fc.array(crawlArb, { maxLength: 40 }), (crawls) => {
        const sorted = countCrawls(crawls);
        const unsorted = countCrawls(crawls, { sorted: false });
        for (const table of ["bot", "path", "served", "summary", "legacy", "agent"] as const)
          expect(byJson(unsorted[table])).toEqual(byJson(sorted[table]));
      }),
      { numRuns: 200 },
    );
  });

  it("sums one row per key, automation as unknown, lastSeenAt the latest ts", () => {
    const deltas = countCrawls([
      counted(makeCrawl(d, { ts: at("2026-11-20T10:00:00.000Z") })),
      counted(makeCrawl(d, { ts: at("2026-11-20T12:00:00.000Z") })),
      counted(makeCrawl(d, { ts: at("2026-11-20T11:00:00.000Z"), servedFrom: "render" })),
      counted(makeCrawl(d, { botId: "unknown", verdict: "automation", userAgent: "curl/8" })),
      counted(makeCrawl(d, { verdict: "verified", snapshotId: "s1" }), "__overflow__"),
    ]);
    expect(deltas.bot.map((r) => [r.botId, r.tier, r.count])).toEqual([
      ["googlebot", "declared", 3],
      ["googlebot", "verified", 1],
      ["unknown", "unknown", 1],
    ]);
    expect(deltas.path.map((r) => [r.path, r.tier, r.count])).toEqual([
      ["/", "declared", 3],
      ["__overflow__", "verified", 1],
      ["/", "unknown", 1],
    ]);
    expect(
      deltas.served.map((r) => [r.tier, r.servedFrom, r.snapshotId, r.count, r.lastSeenAt]),
    ).toEqual([
      ["declared", "cache", null, 2, at("2026-11-20T12:00:00.000Z").getTime()],
      ["declared", "render", null, 1, at("2026-11-20T11:00:00.000Z").getTime()],
      ["verified", "cache", "s1", 1, at("2026-11-20T10:00:00.000Z").getTime()],
      ["unknown", "cache", null, 1, at("2026-11-20T10:00:00.000Z").getTime()],
    ]);
    expect(deltas.summary.map((r) => [r.servedFrom, r.count])).toEqual([
      ["cache", 4],
      ["render", 1],
    ]);
    expect(deltas.legacy).toEqual([
      { domainId: d, day: "2026-11-20", key: "googlebot", total: 4, verified: 1 },
    ]);
  });

  it("moves a late verification from declared to verified, summary untouched", () => {
    const deltas = upgradeCounts(counted(makeCrawl(d, { servedFrom: "render" }), "/x"));
    expect(deltas.bot.map((r) => [r.tier, r.count])).toEqual([
      ["declared", -1],
      ["verified", 1],
    ]);
    expect(deltas.path.map((r) => [r.path, r.tier, r.count])).toEqual([
      ["/x", "declared", -1],
      ["/x", "verified", 1],
    ]);
    expect(deltas.served.map((r) => [r.servedFrom, r.tier, r.count])).toEqual([
      ["render", "declared", -1],
      ["render", "verified", 1],
    ]);
    expect(deltas.summary).toEqual([]);
    expect(deltas.legacy).toEqual([
      { domainId: d, day: "2026-11-20", key: "googlebot", total: 0, verified: 1 },
    ]);
  });
});

describe("legacyImportCounts", () => {
  it("accepts known keys before the cutover, sorted, zero totals dropped", () => {
    expect(
      legacyImportCounts(d, "2026-07-08", [
        { key: "gptbot", total: 3, verified: 0 },
        { key: "bingbot", total: 2, verified: 2 },
        { key: "ccbot", total: 0, verified: 0 },
      ]),
    ).toEqual([
      { domainId: d, day: "2026-07-08", key: "bingbot", total: 2, verified: 2 },
      { domainId: d, day: "2026-07-08", key: "gptbot", total: 3, verified: 0 },
    ]);
  });

  it.each([
    ["2026-07-09", { key: "gptbot", total: 1, verified: 0 }, /before 2026-07-09/],
    ["2026-02-30", { key: "gptbot", total: 1, verified: 0 }, /before/],
    ["2026-01-01", { key: "nobot", total: 1, verified: 0 }, /unknown legacy key/],
    ["2026-01-01", { key: "gptbot", total: 1.5, verified: 0 }, /integers/],
    ["2026-01-01", { key: "gptbot", total: 1, verified: 2 }, /verified <= total/],
    ["2026-01-01", { key: "gptbot", total: -1, verified: -1 }, /0 <= verified/],
  ])("refuses %s %o", (day, row, message) => {
    expect(() => legacyImportCounts(d, day, [row])).toThrow(message);
  });

  it("refuses a key given twice", () => {
    const row = { key: "gptbot", total: 1, verified: 0 };
    expect(() => legacyImportCounts(d, "2026-01-01", [row, row])).toThrow(/twice/);
  });
});
