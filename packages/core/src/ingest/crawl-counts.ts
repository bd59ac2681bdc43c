import { legacyKeyOf } from "../taxonomy/legacy-key-of.js";
import { legacyKeys } from "../taxonomy/registry.js";
import type {
  AggregateTier,
  CrawlRecord,
  LegacyCountInput,
  ServedFrom,
  SignatureVerdict,
} from "../types.js";
import { isValidDate } from "../window/dates.js";
import { LEGACY_CUTOVER } from "../window/window.js";
import { aggregateTier } from "./aggregates.js";

/**
 * What a batch adds to each aggregate, one row per distinct key, so a store writes one upsert
 * row per key instead of one per event. Every adapter applies these same rows: the counting
 * rules live here, once.
 */
export interface BotDelta {
  domainId: string;
  day: string;
  botId: string;
  tier: AggregateTier;
  count: number;
}
export interface PathDelta extends BotDelta {
  path: string;
}
export interface ServedDelta extends PathDelta {
  servedFrom: ServedFrom;
  snapshotId: string | null;
  /** Epoch ms of the latest counted `ts`; a store keeps the maximum. */
  lastSeenAt: number;
}
export interface SummaryDelta {
  domainId: string;
  day: string;
  servedFrom: ServedFrom;
  count: number;
}
export interface LegacyDelta extends LegacyCountInput {
  domainId: string;
  day: string;
}
/** Signed crawls per agent origin and outcome; `agent` is `""` for a signature naming none. */
export interface AgentDelta {
  domainId: string;
  day: string;
  signature: SignatureVerdict;
  agent: string;
  count: number;
}
export interface CountDeltas {
  bot: BotDelta[];
  path: PathDelta[];
  served: ServedDelta[];
  summary: SummaryDelta[];
  legacy: LegacyDelta[];
  agent: AgentDelta[];
}

/** One new crawl to count: its UTC day and its aggregated path (the path or `__overflow__`). */
export interface CountedCrawl {
  record: CrawlRecord;
  day: string;
  path: string;
}

// Keys of the aggregates (their sort order): only `path` is free text, and it comes last, so
// keys never collide.
export const botKey = (r: BotDelta) => `${r.domainId}\0${r.day}\0${r.botId}\0${r.tier}`;
export const pathKey = (r: PathDelta) => `${botKey(r)}\0${r.path}`;
export const servedKey = (r: ServedDelta) =>
  `${botKey(r)}\0${r.servedFrom}\0${r.snapshotId ?? ""}\0${r.path}`;
export const summaryKey = (r: SummaryDelta) => `${r.domainId}\0${r.day}\0${r.servedFrom}`;
export const legacyKey = (r: LegacyDelta) => `${r.domainId}\0${r.day}\0${r.key}`;
export const agentKey = (r: AgentDelta) => `${r.domainId}\0${r.day}\0${r.signature}\0${r.agent}`;

/** Rows as they come. */
const inOrder = <T>(rows: Iterable<T>): T[] => [...rows];

/** Rows in the order of their keys (compared as strings, like a sort of the keys). */
function byKey<T>(rows: Iterable<T>, key: (row: T) => string): T[] {
  const keyed: [string, T][] = [];
  for (const row of rows) keyed.push([key(row), row]);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return keyed.map((k) => k[1]);
}

/** The rows of one path (of one bot and tier) and its served rows by served-from and snapshot. */
interface PathGroup {
  row: PathDelta;
  served: Map<string, ServedDelta>;
}
/** One bot and tier of a domain-day, with its paths. */
interface BotGroup {
  row: BotDelta;
  paths: Map<string, PathGroup>;
}
/** The rows of one domain-day. */
interface DayGroup {
  bots: Map<string, Partial<Record<AggregateTier, BotGroup>>>;
  summary: Map<string, SummaryDelta>;
  legacy: Map<string, LegacyDelta>;
  /** Signed crawls by outcome, then agent origin (`""` for none). */
  agents: Map<string, AgentDelta>;
}

/** Counts a signed crawl under its outcome and agent origin. */
function countAgent(group: DayGroup, r: CrawlRecord, day: string): void {
  const signature = r.signature as SignatureVerdict;
  const agent = r.signatureAgent ?? "";
  const key = `${signature}\0${agent}`;
  const row = group.agents.get(key);
  if (row) row.count++;
  else group.agents.set(key, { domainId: r.domainId, day, signature, agent, count: 1 });
}

/**
 * The deltas of new crawls (automation counts as `unknown`; legacy keys by `legacyKeyOf`), rows
 * sorted by key so concurrent writers take row locks in one order. Rows are grouped in nested
 * maps keyed by the record's own strings (no key string per event); objects and sort keys are
 * made only per distinct row. `sorted: false` leaves the rows in grouping order (no sort keys
 * made), for a store with one writer at a time (SQLite), where lock order does not matter.
 */
export function countCrawls(
  crawls: Iterable<CountedCrawl>,
  options: { sorted?: boolean } = {},
): CountDeltas {
  const domains = new Map<string, Map<string, DayGroup>>();
  for (const { record: r, day, path: p } of crawls) {
    const tier = aggregateTier(r.verdict);
    const ts = r.ts.getTime();
    let byDay = domains.get(r.domainId);
    if (!byDay) {
      byDay = new Map();
      domains.set(r.domainId, byDay);
    }
    let group = byDay.get(day);
    if (!group) {
      group = { bots: new Map(), summary: new Map(), legacy: new Map(), agents: new Map() };
      byDay.set(day, group);
    }
    let tiers = group.bots.get(r.botId);
    if (!tiers) {
      tiers = {};
      group.bots.set(r.botId, tiers);
    }
    let bot = tiers[tier];
    if (bot) bot.row.count++;
    else {
      bot = {
        row: { domainId: r.domainId, day, botId: r.botId, tier, count: 1 },
        paths: new Map(),
      };
      tiers[tier] = bot;
    }
    let pathGroup = bot.paths.get(p);
    if (pathGroup) pathGroup.row.count++;
    else {
      pathGroup = {
        row: { domainId: r.domainId, day, botId: r.botId, tier, count: 1, path: p },
        served: new Map(),
      };
      bot.paths.set(p, pathGroup);
    }
    // A null snapshot and "" are one key (stored as "").
    const sk = r.snapshotId ? `${r.servedFrom}\0${r.snapshotId}` : r.servedFrom;
    const servedRow = pathGroup.served.get(sk);
    if (servedRow) {
      servedRow.count++;
      if (ts > servedRow.lastSeenAt) servedRow.lastSeenAt = ts;
    } else
      pathGroup.served.set(sk, {
        domainId: r.domainId,
        day,
        botId: r.botId,
        tier,
        count: 1,
        path: p,
        servedFrom: r.servedFrom,
        snapshotId: r.snapshotId,
        lastSeenAt: ts,
      });
    const summaryRow = group.summary.get(r.servedFrom);
    if (summaryRow) summaryRow.count++;
    else
      group.summary.set(r.servedFrom, {
        domainId: r.domainId,
        day,
        servedFrom: r.servedFrom,
        count: 1,
      });
    if (r.signature !== null) countAgent(group, r, day);
    const key = legacyKeyOf(r.botId, r.userAgent);
    if (key === null) continue;
    const verified = tier === "verified" ? 1 : 0;
    const legacyRow = group.legacy.get(key);
    if (legacyRow) {
      legacyRow.total++;
      legacyRow.verified += verified;
    } else group.legacy.set(key, { domainId: r.domainId, day, key, total: 1, verified });
  }
  const groups = [...domains.values()].flatMap((byDay) => [...byDay.values()]);
  const bots = groups.flatMap((g) =>
    [...g.bots.values()].flatMap((tiers) => Object.values(tiers) as BotGroup[]),
  );
  const paths = bots.flatMap((b) => [...b.paths.values()]);
  const sortedBy = options.sorted === false ? inOrder : byKey;
  return {
    bot: sortedBy(
      bots.map((b) => b.row),
      botKey,
    ),
    path: sortedBy(
      paths.map((g) => g.row),
      pathKey,
    ),
    served: sortedBy(
      paths.flatMap((g) => [...g.served.values()]),
      servedKey,
    ),
    summary: sortedBy(
      groups.flatMap((g) => [...g.summary.values()]),
      summaryKey,
    ),
    legacy: sortedBy(
      groups.flatMap((g) => [...g.legacy.values()]),
      legacyKey,
    ),
    agent: sortedBy(
      groups.flatMap((g) => [...g.agents.values()]),
      agentKey,
    ),
  };
}

/**
 * The deltas of a late verification of a stored `declared` crawl: −1 declared / +1 verified in
 * every aggregate with a tier (the declared row's `lastSeenAt` is not lowered), +1 verified for
 * its legacy key; the summary has no tier and does not change, nor do the signed-agent counts
 * (a signed crawl is never verified late).
 */
export function upgradeCounts(crawl: CountedCrawl): CountDeltas {
  const as = (verdict: "declared" | "verified") =>
    countCrawls([{ ...crawl, record: { ...crawl.record, verdict } }]);
  const was = as("declared");
  const now = as("verified");
  const undo = <T extends { count: number }>(rows: T[]) => rows.map((r) => ({ ...r, count: -1 }));
  return {
    bot: [...undo(was.bot), ...now.bot],
    path: [...undo(was.path), ...now.path],
    served: [...undo(was.served), ...now.served],
    summary: [],
    legacy: now.legacy.map((r) => ({ ...r, total: 0 })),
    agent: [],
  };
}

const LEGACY_KEY_NAMES = new Set(legacyKeys().map((k) => k.key));

/**
 * The legacy rows of `addLegacyCounts` as deltas, after checking them: a real day before the
 * cutover (later days are counted from raw crawls), known keys, each key once, integer counts
 * with `0 <= verified <= total`. Throws a `RangeError` naming the problem.
 */
export function legacyImportCounts(
  domainId: string,
  day: string,
  rows: readonly LegacyCountInput[],
): LegacyDelta[] {
  if (!isValidDate(day) || day >= LEGACY_CUTOVER)
    throw new RangeError(`legacy counts need a day before ${LEGACY_CUTOVER}: ${day}`);
  const seen = new Set<string>();
  for (const r of rows) {
    if (!LEGACY_KEY_NAMES.has(r.key)) throw new RangeError(`unknown legacy key: ${r.key}`);
    if (seen.has(r.key)) throw new RangeError(`legacy key given twice: ${r.key}`);
    seen.add(r.key);
    if (!Number.isSafeInteger(r.total) || !Number.isSafeInteger(r.verified))
      throw new RangeError(`legacy counts must be integers: ${r.key}`);
    if (r.verified < 0 || r.verified > r.total)
      throw new RangeError(`legacy counts need 0 <= verified <= total: ${r.key}`);
  }
  return rows
    .filter((r) => r.total > 0)
    .map((r) => ({ domainId, day, key: r.key, total: r.total, verified: r.verified }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
