import automationData from "../taxonomy/data/automation.json";
import type { Taxonomy } from "../taxonomy/registry.js";
import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import { compileMatcher } from "./anchor-scan.js";
import { TYPICAL_USER_AGENTS } from "./background.js";

export interface Classification {
  /** The attributed bot; the synthetic `unknown` bot when no pattern matched. */
  bot: Readonly<BotDefinition>;
  /** No bot matched, but the User-Agent names a generic HTTP client, headless browser or scraper. */
  automation: boolean;
}

export interface Classifier {
  readonly version: string;
  classify(userAgent: string): Classification;
}

/** Generic automation clients (lowercase substrings), for the raw log's `automation` verdict. */
export const AUTOMATION_PATTERNS: readonly string[] = Object.freeze([...automationData.patterns]);

/**
 * A taxonomy version compiled once into one matcher over every bot pattern and every automation
 * pattern: the spec's rule (lowercase, every contained pattern, the longest wins) with
 * equal-length ties going to the smaller botId, exactly as `referenceClassify`. Bot patterns are
 * a higher tier than automation patterns, so one scan answers both questions.
 */
export function compileClassifier(taxonomy: Taxonomy): Classifier {
  const bots = taxonomy.bots;
  const unknown = taxonomy.botById(UNKNOWN_BOT_ID);
  if (!unknown) throw new Error(`taxonomy ${taxonomy.version} has no unknown bot`);
  const none: Classification = Object.freeze({ bot: unknown, automation: false });
  // One answer per value: a bot's index, or bots.length for "automation".
  const answers = [
    ...bots.map((bot) => Object.freeze({ bot, automation: false })),
    Object.freeze({ bot: unknown, automation: true }),
  ];
  const matcher = compileMatcher(
    [
      ...bots.flatMap((bot, index) =>
        bot.uaPatterns.map((text) => ({ text, tieRank: index, value: index, tier: 1 })),
      ),
      ...AUTOMATION_PATTERNS.map((text, i) => ({ text, tieRank: i, value: bots.length, tier: 0 })),
    ],
    TYPICAL_USER_AGENTS.join("\n"),
  );
  return {
    version: taxonomy.version,
    classify(userAgent) {
      const value = matcher.longest(userAgent);
      return value >= 0 ? (answers[value] as Classification) : none;
    },
  };
}

/**
 * A classifier with a bounded cache of recent User-Agents in front (least recently used entries
 * are dropped first). Real traffic repeats a few thousand User-Agents over and over.
 */
export function withCache(classifier: Classifier, maxEntries = 10_000): Classifier {
  const cache = new Map<string, Classification>();
  return {
    version: classifier.version,
    classify(userAgent) {
      const hit = cache.get(userAgent);
      if (hit !== undefined) {
        cache.delete(userAgent);
        cache.set(userAgent, hit);
        return hit;
      }
      const result = classifier.classify(userAgent);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
      cache.set(userAgent, result);
      return result;
    },
  };
}
