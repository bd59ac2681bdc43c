import { getTaxonomy, legacyKeys, type Taxonomy } from "./registry.js";
import type { LegacyKey } from "./schema.js";

/** The catch-all legacy key of social crawlers that no other key names. */
export const SOCIAL_OTHER_KEY = "social_other";

/** Distinct (botId, User-Agent) pairs remembered by a mapper before its memo is cleared. */
const MEMO_SIZE = 10_000;

/**
 * Builds the mapping of a crawl to at most one legacy per-bot key (export-user-analytics):
 * 1. a bot listed in a key's `botIds` → that key;
 * 2. otherwise the key with the longest `uaSubstrings` entry contained in the lowercased
 *    User-Agent (ties: the earlier key) — this also applies to the `unknown` bot and to
 *    automation, so previewers the taxonomy does not know (Tumblr, Flipboard, Viber...) still
 *    reach `social_other`;
 * 3. otherwise a bot of intent `social` → `social_other`;
 * 4. otherwise no key (`null`): unknown User-Agents, automation and bots outside the 25 keys
 *    (SEO tools, ads, ...) are counted in the totals but under no per-bot key.
 * The result depends only on its arguments; answers are memoized per (botId, User-Agent).
 */
export function createLegacyKeyMapper(
  keys: readonly Readonly<LegacyKey>[],
  bots: readonly { botId: string; intent: string }[],
): (botId: string, userAgent: string) => string | null {
  const byBot = new Map<string, string>();
  for (const k of keys) for (const botId of k.botIds) byBot.set(botId, k.key);
  const social = new Set(bots.filter((b) => b.intent === "social").map((b) => b.botId));
  const substrings = keys.flatMap((k) => k.uaSubstrings.map((s) => ({ s, key: k.key })));
  /** botId → User-Agent → key: no key string built per call. */
  const memo = new Map<string, Map<string, string | null>>();
  let memoized = 0;

  function resolve(botId: string, userAgent: string): string | null {
    const ua = userAgent.toLowerCase();
    let best: { s: string; key: string } | null = null;
    for (const entry of substrings)
      if (entry.s.length > (best?.s.length ?? 0) && ua.includes(entry.s)) best = entry;
    if (best) return best.key;
    return social.has(botId) ? SOCIAL_OTHER_KEY : null;
  }

  return (botId, userAgent) => {
    const listed = byBot.get(botId);
    if (listed !== undefined) return listed;
    let byUserAgent = memo.get(botId);
    let key = byUserAgent?.get(userAgent);
    if (key === undefined) {
      if (memoized >= MEMO_SIZE) {
        memo.clear();
        memoized = 0;
        byUserAgent = undefined;
      }
      if (!byUserAgent) {
        byUserAgent = new Map();
        memo.set(botId, byUserAgent);
      }
      key = resolve(botId, userAgent);
      byUserAgent.set(userAgent, key);
      memoized++;
    }
    return key;
  };
}

/** The legacy key of a crawl under the published keys and the current taxonomy. */
export const legacyKeyOf = createLegacyKeyMapper(legacyKeys(), (getTaxonomy() as Taxonomy).bots);
