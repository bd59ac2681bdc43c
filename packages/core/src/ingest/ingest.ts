import type { Classifier } from "../classify/classifier.js";
import { uaHash } from "../classify/ua-hash.js";
import type { AsnLookup, Clock, CrawlStore, Logger, RobotsStore } from "../ports.js";
import type { BotDefinition } from "../taxonomy/schema.js";
import type { CrawlRecord, ServedFrom, Verdict } from "../types.js";
import type { Verifier } from "../verify/verifier.js";
import { DEFAULT_PATH_CAP } from "./aggregates.js";
import { type BatcherOptions, createBatcher } from "./batcher.js";
import { createComplianceRecorder } from "./compliance.js";

/** One request served to a crawler, as the edge (or a log importer) reports it. */
export interface CrawlEvent {
  /** Unique id; replaying an event with the same id records nothing new. Generated when absent. */
  eventId?: string;
  domainId: string;
  ts: Date;
  path: string;
  userAgent: string;
  /** The client address: used to verify, then dropped. Never stored or logged. */
  ip: string;
  servedFrom: ServedFrom;
  status: number;
  bytes: number;
  contentHash?: string | null;
  snapshotId?: string | null;
  streamId?: string;
}

export interface IngestDeps {
  crawls: CrawlStore;
  classifier: Classifier;
  verifier: Verifier;
  asn?: AsnLookup;
  /**
   * robots.txt versions and compliance counts: each crawl is judged against the robots.txt in
   * force at its time and counted per domain, day and bot. Without it nothing is counted.
   */
  robots?: RobotsStore;
  clock: Clock;
  logger: Logger;
  /** Distinct paths per domain and day before `__overflow__`; default 50,000. */
  pathCap?: number;
  batching?: Omit<BatcherOptions<CrawlRecord>, "write">;
}

export interface RecordedCrawl {
  eventId: string;
  botId: string;
  verdict: Verdict;
}

/** uaHash per User-Agent string (traffic repeats a few User-Agents); cleared when large. */
function createUaHashes(): (userAgent: string) => string {
  const hashes = new Map<string, string>();
  return (userAgent) => {
    let hash = hashes.get(userAgent);
    if (hash === undefined) {
      if (hashes.size >= 10_000) hashes.clear();
      hash = uaHash(userAgent);
      hashes.set(userAgent, hash);
    }
    return hash;
  };
}

/**
 * `recordCrawl`: classify, verify, drop the address, and hand the row to the write buffer; it
 * resolves once the row is stored (acknowledged = durable). Verifications that ran out of time
 * are recorded `declared` and kept for `retryPending`, which upgrades the stored row when a later
 * check confirms. Every call records a crawl: a User-Agent that matches no bot is stored under
 * the `unknown` bot at tier `unknown`, so callers pass only requests of bots or automation,
 * never people's visits (those go to `recordReferral`).
 */
export function createIngest(deps: IngestDeps) {
  const pathCap = deps.pathCap ?? DEFAULT_PATH_CAP;
  const compliance = createComplianceRecorder(deps.robots, deps.clock);
  const batcher = createBatcher<CrawlRecord>({
    ...deps.batching,
    write: async (batch) => {
      await deps.crawls.appendCrawls(batch, { pathCap });
      await compliance.write(batch);
    },
  });
  /** eventId → what is needed to verify again (the address stays in memory only). */
  const pending = new Map<string, { bot: Readonly<BotDefinition>; ip: string; attempts: number }>();

  async function asnOf(ip: string): Promise<number> {
    if (!deps.asn) return 0;
    try {
      return (await deps.asn.asnOf(ip)) ?? 0;
    } catch {
      return 0;
    }
  }

  /** Calls not finished yet: `close` waits for them (a counter, not a promise per call). */
  let inFlight = 0;
  const whenIdle: (() => void)[] = [];

  const hashOf = createUaHashes();

  async function record(event: CrawlEvent): Promise<RecordedCrawl> {
    inFlight++;
    try {
      const eventId = event.eventId ?? crypto.randomUUID();
      const { bot, automation } = deps.classifier.classify(event.userAgent);
      let verdict: Verdict = "unknown";
      let botOperator: string | null = null;
      let matchedRange: string | null = null;
      if (bot.botId !== "unknown") {
        const result = await deps.verifier.verify(bot, event.ip);
        verdict = result.tier === "verified" ? "verified" : "declared";
        botOperator = result.botOperator;
        matchedRange = result.matchedRange;
        if (result.retry) pending.set(eventId, { bot, ip: event.ip, attempts: 0 });
      } else if (automation) {
        verdict = "automation";
      }
      await compliance.judge(eventId, event.domainId, bot.robots, event.path, event.ts);
      const record: CrawlRecord = {
        eventId,
        domainId: event.domainId,
        ts: event.ts,
        path: event.path,
        userAgent: event.userAgent,
        uaHash: hashOf(event.userAgent),
        botId: bot.botId,
        verdict,
        servedFrom: event.servedFrom,
        status: event.status,
        bytes: event.bytes,
        botOperator,
        matchedRange,
        contentHash: event.contentHash ?? null,
        snapshotId: event.snapshotId ?? null,
        streamId: event.streamId ?? "edge",
        ipAsn: deps.asn ? await asnOf(event.ip) : 0,
      };
      try {
        await batcher.add(record);
      } catch (error) {
        compliance.drop(eventId);
        throw error;
      }
      return { eventId, botId: bot.botId, verdict };
    } finally {
      if (--inFlight === 0) for (const wake of whenIdle.splice(0)) wake();
    }
  }

  return {
    recordCrawl: record,

    /**
     * Verifies again every event whose check timed out; confirmed ones are upgraded to
     * `verified` in storage. Events that stay unconfirmed after `maxAttempts` are dropped from
     * the list (they stay `declared`). Returns how many were upgraded.
     */
    async retryPending(maxAttempts = 3): Promise<number> {
      let upgraded = 0;
      for (const [eventId, item] of [...pending]) {
        const result = await deps.verifier.verify(item.bot, item.ip);
        if (result.tier === "verified") {
          if (await deps.crawls.upgradeToVerified(eventId, result.botOperator, result.matchedRange))
            upgraded++;
          pending.delete(eventId);
        } else if (!result.retry || ++item.attempts >= maxAttempts) {
          pending.delete(eventId);
        }
      }
      return upgraded;
    },

    /** The domain stored a new robots.txt version: judge its next crawls with it. */
    robotsChanged(domainId: string): void {
      compliance.robotsChanged(domainId);
    },

    /** Events waiting for a late verification. */
    pendingVerifications: () => pending.size,

    /** Waits for calls in progress, then writes everything buffered (flush on shutdown). */
    async close(): Promise<void> {
      while (inFlight > 0) await new Promise<void>((wake) => whenIdle.push(wake));
      await batcher.close();
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
