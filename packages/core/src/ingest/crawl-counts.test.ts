import { describe, expect, it } from "vitest";
import { makeCrawl } from "../testing/crawl-store-suite.js";
import type { CrawlRecord } from "../types.js";
import { countCrawls, legacyImportCounts, upgradeCounts } from "./crawl-counts.js";

const d = "dom";
const at = (iso: string) => new Date(iso);
const counted = (record: CrawlRecord, path = record.path) => ({ record, day: "2026-11-20", path });

describe("countCrawls", () => {
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
