import { isStaticAsset } from "../ingest/request-kind.js";
import type { Taxonomy } from "../taxonomy/registry.js";
import { AI_INTENTS } from "../taxonomy/schema.js";
import { compareUtf8 } from "../text/compare-utf8.js";
import { OVERFLOW_PATH, type PathBotCount } from "../types.js";
import type { PathSourceCount } from "./landing-paths.js";

/**
 * Crawl-to-refer: per AI operator, the page crawls of its bots against the human visits its
 * answer surfaces sent (export-crawl-to-refer). Pure: the aggregates come in, the rows go out.
 */

/** Crawls, referrals and their ratio (`null` without referrals). */
export interface CrawlReferCounts {
  crawls: number;
  referrals: number;
  ratio: number | null;
}

export interface PathCrawlRefer extends CrawlReferCounts {
  path: string;
}

export interface OperatorCrawlRefer extends CrawlReferCounts {
  operator: string;
  /** With paths only: the top paths, and how many paths the operator has before the cap. */
  paths?: PathCrawlRefer[];
  pathCount?: number;
}

/**
 * The bots whose crawls count for their operator, `botId → operator`: every bot of the taxonomy
 * with an AI intent (training, answer-fetch, search-index), retired ones included (their past
 * crawls are still in the window). Classic search, ads, social and other bots are left out: the
 * referrals they earn come from bare search and social hosts, which are never AI referrals.
 */
export function aiOperatorBots(taxonomy: Taxonomy): Map<string, string> {
  const ai = new Set<string>(AI_INTENTS);
  const out = new Map<string, string>();
  for (const bot of taxonomy.bots) if (ai.has(bot.intent)) out.set(bot.botId, bot.operator);
  return out;
}

/**
 * crawls ÷ referrals rounded half up to 2 decimals, computed on big integers (exact for any
 * count); `null` when there are no referrals.
 */
export function crawlReferRatio(crawls: number, referrals: number): number | null {
  if (referrals === 0) return null;
  // 200 × crawls passes 2^53 (where doubles stop being integers) from 4.5e13 crawls.
  const r = BigInt(referrals);
  return Number((200n * BigInt(crawls) + r) / (2n * r)) / 100;
}

export interface CrawlReferInput {
  /** Crawls per path of the operators' bots (`pathBotCounts`), `__overflow__` included. */
  crawls: readonly PathBotCount[];
  /** Referral visits per landing path and source (`landingPathSources`). */
  referrals: readonly PathSourceCount[];
  /** `aiOperatorBots` of the taxonomy. */
  operatorOfBot: ReadonlyMap<string, string>;
  /** The AI sources' operators (`operatorOfSource`). */
  operatorOfSource: (source: string) => string | null;
  /** Top paths per operator, or `null` for operator totals only. */
  pathLimit: number | null;
}

const byCounts = (a: CrawlReferCounts, b: CrawlReferCounts) =>
  b.crawls - a.crawls || b.referrals - a.referrals;

const withRatio = (crawls: number, referrals: number): CrawlReferCounts => ({
  crawls,
  referrals,
  ratio: crawlReferRatio(crawls, referrals),
});

/**
 * The rows of export-crawl-to-refer. `crawls` counts page crawls only: a path naming a static
 * file (`isStaticAsset`) is left out; `__overflow__` (crawls past the ingest path cap, whose
 * paths are not kept) counts, and is never listed among paths. `referrals` counts the visits
 * of the sources whose operator it is; visits of sources with no operator are returned as
 * `unattributedReferrals`. Operators with crawls or referrals are listed, by crawls descending,
 * then referrals descending, then operator (byte order); paths the same way, then by path.
 */
export function crawlToRefer(input: CrawlReferInput): {
  operators: OperatorCrawlRefer[];
  unattributedReferrals: number;
} {
  /** operator → path → [crawls, referrals] */
  const cells = new Map<string, Map<string, [number, number]>>();
  const add = (operator: string, path: string, index: 0 | 1, count: number) => {
    let paths = cells.get(operator);
    if (!paths) {
      paths = new Map();
      cells.set(operator, paths);
    }
    const cell = paths.get(path) ?? [0, 0];
    cell[index] += count;
    paths.set(path, cell);
  };
  for (const row of input.crawls) {
    const operator = input.operatorOfBot.get(row.botId);
    if (operator === undefined || row.count <= 0 || isStaticAsset(row.path)) continue;
    add(operator, row.path, 0, row.count);
  }
  let unattributedReferrals = 0;
  for (const row of input.referrals) {
    if (row.count <= 0) continue;
    const operator = input.operatorOfSource(row.source);
    if (operator === null) unattributedReferrals += row.count;
    else add(operator, row.path, 1, row.count);
  }
  const operators: OperatorCrawlRefer[] = [];
  for (const [operator, paths] of cells) {
    let crawls = 0;
    let referrals = 0;
    for (const [c, r] of paths.values()) {
      crawls += c;
      referrals += r;
    }
    const row: OperatorCrawlRefer = { operator, ...withRatio(crawls, referrals) };
    if (input.pathLimit !== null) {
      const listed = [...paths]
        .filter(([path]) => path !== OVERFLOW_PATH)
        .map(([path, [c, r]]) => ({ path, ...withRatio(c, r) }))
        .sort((a, b) => byCounts(a, b) || compareUtf8(a.path, b.path));
      row.paths = listed.slice(0, input.pathLimit);
      row.pathCount = listed.length;
    }
    operators.push(row);
  }
  operators.sort((a, b) => byCounts(a, b) || compareUtf8(a.operator, b.operator));
  return { operators, unattributedReferrals };
}
