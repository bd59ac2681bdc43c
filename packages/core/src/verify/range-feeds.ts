import { z } from "zod";
import type { Taxonomy } from "../taxonomy/index.js";
import { shippedFiles, shippedManifest } from "./data/shipped-ranges.js";
import { parseRangeFile } from "./ip-ranges.js";
import type { Verifier } from "./verifier.js";

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
 * sorted by URL. A file verifies exactly the bots whose `ipRangesUrl` it is (several bots may
 * share one file; an operator's other files verify other bots).
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

const manifestSchema = z.object({
  note: z.string(),
  files: z.array(
    z.object({
      file: z.string(),
      url: z.url(),
      mirror: z.string(),
      copyDate: z.string(),
      datedAt: z.iso.datetime(),
      ipv4Prefixes: z.number().int(),
      ipv6Prefixes: z.number().int(),
    }),
  ),
});

/** One shipped range file: where it is published, the mirror it was read from, and its date. */
export type ShippedRangeFile = z.infer<typeof manifestSchema>["files"][number];

/** The manifest of the shipped range files (`verify/data/ranges/manifest.json`). */
export function shippedRangeManifest(): ShippedRangeFile[] {
  return manifestSchema.parse(shippedManifest).files;
}

/**
 * The range files that ship with the package (so verification works offline from the first
 * request), by URL, each dated by its copy's date. The refresh job replaces each with the
 * operator's current file.
 */
export function shippedRangeSnapshots(): Map<string, RangeSnapshot> {
  const out = new Map<string, RangeSnapshot>();
  for (const entry of shippedRangeManifest()) {
    const parsed = parseRangeFile(shippedFiles[entry.file]);
    if (!parsed.ok) throw new Error(`shipped range file ${entry.file}: ${parsed.message}`);
    out.set(entry.url, {
      cidrs: parsed.cidrs,
      creationTime: parsed.creationTime,
      fetchedAt: new Date(entry.datedAt),
    });
  }
  return out;
}

/**
 * Loads each range file that is present into the verifier, by its URL. Files not present are
 * left as they are.
 */
export function applyRangeFiles(
  verifier: Pick<Verifier, "setRanges">,
  feeds: readonly RangeFeed[],
  files: ReadonlyMap<string, RangeSnapshot>,
): void {
  for (const feed of feeds) {
    const file = files.get(feed.url);
    if (file) verifier.setRanges(feed.url, file.cidrs, file.fetchedAt);
  }
}

/** Loads the range files shipped with the package (what works offline, before any refresh). */
export function loadShippedRanges(verifier: Pick<Verifier, "setRanges">, taxonomy: Taxonomy): void {
  applyRangeFiles(verifier, rangeFeeds(taxonomy), shippedRangeSnapshots());
}
