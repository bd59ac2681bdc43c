import { z } from "zod";
import type { RenderVariant } from "../types.js";
import mobileCrawlersData from "./data/mobile-crawlers.json";
import { getTaxonomy } from "./registry.js";

// Which crawler requests get a domain's mobile render: data, checked once at load.

const lowercase = z
  .string()
  .min(1)
  .refine((s) => s === s.toLowerCase(), "must be lowercase");

export const mobileCrawlersFileSchema = z.strictObject({
  description: z.string(),
  /** Substrings of a User-Agent (lowercase; matched case-insensitively) that mean a phone. */
  markers: z.array(lowercase).min(1),
  /** Bots (taxonomy IDs) that crawl as a smartphone as well as a desktop. */
  botIds: z.array(lowercase).min(1),
});

export type MobileCrawlersFile = z.output<typeof mobileCrawlersFileSchema>;

/**
 * Parses the mobile-crawler data and checks what the schema cannot: no marker or bot twice, and
 * every bot known to the current taxonomy. Throws an Error naming every problem.
 */
export function validateMobileCrawlers(input: unknown): MobileCrawlersFile {
  const file = mobileCrawlersFileSchema.parse(input);
  const problems: string[] = [];
  const taxonomy = getTaxonomy();
  if (new Set(file.markers).size !== file.markers.length) problems.push("a marker is listed twice");
  if (new Set(file.botIds).size !== file.botIds.length) problems.push("a bot is listed twice");
  for (const botId of file.botIds) {
    if (!taxonomy?.botById(botId)) problems.push(`unknown bot ${botId}`);
  }
  if (problems.length > 0) throw new Error(`mobile crawlers: ${problems.join("; ")}`);
  return file;
}

const MOBILE_CRAWLERS = validateMobileCrawlers(mobileCrawlersData);
const MOBILE_BOTS: ReadonlySet<string> = new Set(MOBILE_CRAWLERS.botIds);

/**
 * The device a crawler asks as: `mobile` when its bot is one of the mobile crawlers and its
 * User-Agent holds a phone marker (Googlebot smartphone, Bingbot mobile, …), else `desktop`.
 * A bot outside the list is `desktop` whatever its User-Agent says (Bytespider's phone UA is
 * not a mobile-first crawl).
 */
export function crawlerDevice(botId: string, userAgent: string): RenderVariant {
  if (!MOBILE_BOTS.has(botId)) return "desktop";
  const ua = userAgent.toLowerCase();
  return MOBILE_CRAWLERS.markers.some((marker) => ua.includes(marker)) ? "mobile" : "desktop";
}
