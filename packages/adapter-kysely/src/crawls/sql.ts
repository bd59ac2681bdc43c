import {
  type CountDeltas,
  type CountedCrawl,
  type CrawlRecord,
  type DayPathCap,
  domainDayKey,
  type LegacyDelta,
  newDayPathCap,
  type ServedFrom,
  type SignatureVerdict,
  type Verdict,
} from "@crawlgate/core/adapter-kit";
import type { Selectable } from "kysely";
import { type Database, date, num } from "../schema.js";

/** A column value handed to a driver. */
export type SqlValue = string | number | null;

/** How one aggregate table takes delta rows: key columns, summed columns, a maximised column. */
export interface AggregateTable {
  table: string;
  keys: string[];
  sums: string[];
  max?: string;
  /** The batch's rows for this table, values in the order keys, sums, max. */
  rows(deltas: CountDeltas): SqlValue[][];
}

/** Every aggregate, in the order a batch writes them (the same order in every transaction). */
export const AGGREGATES: readonly AggregateTable[] = [
  {
    table: "crawl_bot_day",
    keys: ["domain_id", "day", "bot_id", "tier"],
    sums: ["count"],
    rows: (d) => d.bot.map((r) => [r.domainId, r.day, r.botId, r.tier, r.count]),
  },
  {
    table: "crawl_path_day",
    keys: ["domain_id", "day", "path", "bot_id", "tier"],
    sums: ["count"],
    rows: (d) => d.path.map((r) => [r.domainId, r.day, r.path, r.botId, r.tier, r.count]),
  },
  {
    table: "crawl_served_day",
    keys: ["domain_id", "path", "day", "bot_id", "tier", "served_from", "snapshot_id"],
    sums: ["count"],
    max: "last_seen_at",
    rows: (d) =>
      d.served.map((r) => [
        r.domainId,
        r.path,
        r.day,
        r.botId,
        r.tier,
        r.servedFrom,
        r.snapshotId ?? "",
        r.count,
        r.lastSeenAt,
      ]),
  },
  {
    table: "crawl_summary_day",
    keys: ["domain_id", "day", "served_from"],
    sums: ["count"],
    rows: (d) => d.summary.map((r) => [r.domainId, r.day, r.servedFrom, r.count]),
  },
  {
    table: "crawl_legacy_day",
    keys: ["domain_id", "day", "legacy_key"],
    sums: ["total", "verified"],
    rows: (d) => d.legacy.map((r) => [r.domainId, r.day, r.key, r.total, r.verified]),
  },
  {
    table: "crawl_agent_day",
    keys: ["domain_id", "day", "signature", "signature_agent"],
    sums: ["count"],
    rows: (d) => d.agent.map((r) => [r.domainId, r.day, r.signature, r.agent, r.count]),
  },
];

/** Tables whose rows carry a tier: a late verification may leave a row at count 0. */
export const TIERED_TABLES = ["crawl_bot_day", "crawl_path_day", "crawl_served_day"];

export const columnsOf = (t: AggregateTable): string[] => [
  ...t.keys,
  ...t.sums,
  ...(t.max ? [t.max] : []),
];

/** PostgreSQL `ON CONFLICT … DO UPDATE`: sums added, the max column maximised. */
export function upsertClause(t: AggregateTable): string {
  const sets = t.sums.map((c) => `${c} = ${t.table}.${c} + excluded.${c}`);
  if (t.max) sets.push(`${t.max} = greatest(${t.table}.${t.max}, excluded.${t.max})`);
  return `on conflict (${t.keys.join(", ")}) do update set ${sets.join(", ")}`;
}

/** Columns of `crawl_events`, in the order of `eventValues`. */
export const EVENT_COLUMNS = [
  "event_id",
  "domain_id",
  "ts",
  "day",
  "path",
  "agg_path",
  "user_agent",
  "ua_hash",
  "bot_id",
  "verdict",
  "served_from",
  "status",
  "bytes",
  "bot_operator",
  "matched_range",
  "content_hash",
  "snapshot_id",
  "stream_id",
  "ip_asn",
  "signature_agent",
  "signature",
] as const;

/** PostgreSQL array types of `EVENT_COLUMNS` (for `unnest`). */
export const EVENT_TYPES = EVENT_COLUMNS.map((c) =>
  ["ts", "bytes", "ip_asn"].includes(c) ? "bigint" : c === "status" ? "int" : "text",
);

/** A record's `crawl_events` values; `agg_path` starts as the path (overflow is set after). */
export const eventValues = (r: CrawlRecord, day: string): SqlValue[] => [
  r.eventId,
  r.domainId,
  r.ts.getTime(),
  day,
  r.path,
  r.path,
  r.userAgent,
  r.uaHash,
  r.botId,
  r.verdict,
  r.servedFrom,
  r.status,
  r.bytes,
  r.botOperator,
  r.matchedRange,
  r.contentHash,
  r.snapshotId,
  r.streamId,
  r.ipAsn,
  r.signatureAgent,
  r.signature,
];

/** The path-cap state (core's `DayPathCap`) of one domain-day inside a batch's transaction. */
export interface DayPaths extends DayPathCap {
  domainId: string;
  day: string;
}

export const newDayPaths = (domainId: string, day: string, count: number): DayPaths => ({
  domainId,
  day,
  ...newDayPathCap(count),
});

/**
 * Paths known to be stored per domain-day, remembered after commits only: a path once in
 * `crawl_day_paths` stays there, so a hit needs no lookup. Forgotten all at once when large.
 */
export function createStoredPaths(limit = 200_000) {
  const byDay = new Map<string, Set<string>>();
  let count = 0;
  return {
    has: (domainId: string, day: string, path: string): boolean =>
      byDay.get(domainDayKey(domainId, day))?.has(path) ?? false,
    /** The paths known to be stored for one domain-day (to look up many paths of that day). */
    of: (domainId: string, day: string): ReadonlySet<string> =>
      byDay.get(domainDayKey(domainId, day)) ?? new Set(),
    /** Records the known paths of committed domain-days. */
    remember(days: Iterable<DayPaths>): void {
      for (const state of days) {
        const key = domainDayKey(state.domainId, state.day);
        const set = byDay.get(key) ?? new Set<string>();
        byDay.set(key, set);
        for (const p of state.known) {
          if (set.has(p)) continue;
          set.add(p);
          count++;
        }
      }
      if (count > limit) {
        byDay.clear();
        count = 0;
      }
    },
  };
}

export type StoredPaths = ReturnType<typeof createStoredPaths>;

/** A `crawl_events` row as a record. */
export const toRecord = (r: Selectable<Database["crawl_events"]>): CrawlRecord => ({
  eventId: r.event_id,
  domainId: r.domain_id,
  ts: date(r.ts),
  path: r.path,
  userAgent: r.user_agent,
  uaHash: r.ua_hash,
  botId: r.bot_id,
  verdict: r.verdict as Verdict,
  servedFrom: r.served_from as ServedFrom,
  status: Number(r.status),
  bytes: num(r.bytes),
  botOperator: r.bot_operator,
  matchedRange: r.matched_range,
  contentHash: r.content_hash,
  snapshotId: r.snapshot_id,
  streamId: r.stream_id,
  ipAsn: num(r.ip_asn),
  signatureAgent: r.signature_agent,
  signature: r.signature as SignatureVerdict | null,
});

/** A stored crawl (as an upgrade returns it) as the deltas' input. */
export const toCounted = (r: Selectable<Database["crawl_events"]>): CountedCrawl => ({
  record: toRecord(r),
  day: r.day,
  path: r.agg_path,
});

/** Deltas with only legacy rows. */
export const legacyOnly = (legacy: LegacyDelta[]): CountDeltas => ({
  bot: [],
  path: [],
  served: [],
  summary: [],
  legacy,
  agent: [],
});
