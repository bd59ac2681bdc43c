import { z } from "zod";
import type { Taxonomy } from "../taxonomy/index.js";
import shippedData from "./data/published-ranges.json";
import { parseRangeFile } from "./ip-ranges.js";

/** One operator's published range file. */
export interface RangeFeed {
  url: string;
  operator: string;
}

/** A parsed range file and when it was fetched. */
export interface RangeSnapshot {
  cidrs: string[];
  creationTime: string | null;
  fetchedAt: Date;
}

/**
 * Every distinct range-file URL of the taxonomy's `published_ip_ranges` bots, with its operator,
 * sorted by URL. Several bots (and files) of one operator share that operator's range set.
 */
export function rangeFeeds(taxonomy: Taxonomy): RangeFeed[] {
  const byUrl = new Map<string, string>();
  for (const bot of taxonomy.bots) {
    const url = bot.verification.ipRangesUrl;
    if (bot.verificationMethod === "published_ip_ranges" && url) byUrl.set(url, bot.operator);
  }
  return [...byUrl]
    .map(([url, operator]) => ({ url, operator }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

const shippedSchema = z.object({
  note: z.string(),
  files: z.record(z.string(), z.object({ fetchedAt: z.iso.datetime(), file: z.unknown() })),
});

/**
 * The range files that ship with the package (so verification works offline from the first
 * request), by URL. They are seeds: the refresh job replaces each with the operator's full file.
 */
export function shippedRangeSnapshots(): Map<string, RangeSnapshot> {
  const data = shippedSchema.parse(shippedData);
  const out = new Map<string, RangeSnapshot>();
  for (const [url, entry] of Object.entries(data.files)) {
    const parsed = parseRangeFile(entry.file);
    if (!parsed.ok) throw new Error(`shipped range file ${url}: ${parsed.message}`);
    out.set(url, {
      cidrs: parsed.cidrs,
      creationTime: parsed.creationTime,
      fetchedAt: new Date(entry.fetchedAt),
    });
  }
  return out;
}
