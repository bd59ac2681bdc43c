import { describe, expect, it } from "vitest";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { shippedFiles } from "./data/shipped-ranges.js";
import { parseRangeFile } from "./ip-ranges.js";
import { rangeFeeds, shippedRangeManifest, shippedRangeSnapshots } from "./range-feeds.js";

const taxonomy = getTaxonomy("1.0") as Taxonomy;

describe("shipped range files", () => {
  const manifest = shippedRangeManifest();

  it("ships one file for every range-file URL the taxonomy names, and nothing else", () => {
    const taxonomyUrls = new Set(taxonomy.bots.flatMap((b) => b.verification.ipRangesUrl ?? []));
    expect(new Set(manifest.map((e) => e.url))).toEqual(taxonomyUrls);
    expect(Object.keys(shippedFiles).sort()).toEqual(manifest.map((e) => e.file).sort());
    // Every bot verified by ranges has its file loaded.
    const loaded = shippedRangeSnapshots();
    for (const feed of rangeFeeds(taxonomy)) expect(loaded.has(feed.url), feed.url).toBe(true);
  });

  it("records each file's source, mirror and date, and the counts match the data", () => {
    for (const entry of manifest) {
      expect(entry.mirror.length, entry.file).toBeGreaterThan(0);
      expect(entry.copyDate.length, entry.file).toBeGreaterThan(0);
      const parsed = parseRangeFile(shippedFiles[entry.file]);
      if (!parsed.ok) throw new Error(`${entry.file}: ${parsed.message}`);
      const v6 = parsed.cidrs.filter((c) => c.includes(":")).length;
      expect([parsed.cidrs.length - v6, v6], entry.file).toEqual([
        entry.ipv4Prefixes,
        entry.ipv6Prefixes,
      ]);
      expect(new Set(parsed.cidrs).size, entry.file).toBe(parsed.cidrs.length);
    }
  });
});
