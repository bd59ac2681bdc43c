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
  const memo = new Map<string, string | null>();

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
    const memoKey = `${botId}\n${userAgent}`;
    let key = memo.get(memoKey);
    if (key === undefined) {
      if (memo.size >= MEMO_SIZE) memo.clear();
      key = resolve(botId, userAgent);
      memo.set(memoKey, key);
    }
    return key;
  };
}

/** The legacy key of a crawl under the published keys and the current taxonomy. */
export const legacyKeyOf = createLegacyKeyMapper(legacyKeys(), (getTaxonomy() as Taxonomy).bots);
