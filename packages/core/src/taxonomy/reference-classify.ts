import type { Taxonomy } from "./registry.js";
import { UNKNOWN_BOT_ID } from "./schema.js";

/**
 * The spec's classification rule, written plainly (a slow reference for the compiled
 * classifier): lowercase the User-Agent, collect every bot with a pattern contained in it, the
 * longest pattern wins; no match is the `unknown` bot. Equal-length matches of different bots
 * are broken by the smaller botId (byte order), so the result is deterministic.
 */
export function referenceClassify(taxonomy: Taxonomy, userAgent: string): string {
  const ua = userAgent.toLowerCase();
  let best: { botId: string; length: number } | null = null;
  for (const bot of taxonomy.bots) {
    for (const pattern of bot.uaPatterns) {
      if (!ua.includes(pattern)) continue;
      if (
        !best ||
        pattern.length > best.length ||
        (pattern.length === best.length && bot.botId < best.botId)
      ) {
        best = { botId: bot.botId, length: pattern.length };
      }
    }
  }
  return best ? best.botId : UNKNOWN_BOT_ID;
}
