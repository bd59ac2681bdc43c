import type { Classifier } from "../classify/classifier.js";
import type { AsnLookup, Clock, CrawlStore, Logger, RobotsStore } from "../ports/index.js";
import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import type { CrawlRecord, Verdict } from "../types.js";
import type { Verification, Verifier } from "../verify/verifier.js";
import { type BatcherOptions, createBatcher } from "./batcher.js";
import { createComplianceRecorder } from "./compliance.js";
import {
  type Classified,
  type CrawlEvent,
  checkDistinct,
  classifiedOf,
  createCallCounter,
  createUaHashes,
  signedCheck,
  toCrawlRecord,
  UNVERIFIED,
} from "./crawl-rows.js";
import { eventIdAt } from "./event-id.js";
import { DEFAULT_PATH_CAP } from "./path-cap.js";

export type { CrawlEvent } from "./crawl-rows.js";

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

/**
 * The User-Agent's bot and the check of its address: a promise only for a known bot (an unknown
 * one is not verified).
 */
function checked(deps: IngestDeps, event: CrawlEvent) {
  const classified = deps.classifier.classify(event.userAgent);
  const { bot } = classified;
  const check: Verification | Promise<Verification> =
    bot.botId === UNKNOWN_BOT_ID ? UNVERIFIED : deps.verifier.verify(bot, event.ip);
  return { classified, check };
}

/** The address's AS number, or 0 when there is no table, no entry or the look-up failed. */
async function asnLookup(asn: AsnLookup | undefined, ip: string): Promise<number> {
  if (!asn) return 0;
  try {
    return (await asn.asnOf(ip)) ?? 0;
  } catch {
    return 0;
  }
}

/** What `offerCrawl` shares with the rest of the ingest. */
interface OfferParts {
  deps: IngestDeps;
  rowOf(event: CrawlEvent, c: Classified, check: Verification, ipAsn: number): CrawlRecord;
  compliance: ReturnType<typeof createComplianceRecorder>;
  /** Puts a row in the write buffer: its batch's acknowledgement. */
  add(row: CrawlRecord): Promise<void>;
  counted: ReturnType<typeof createCallCounter>["counted"];
  record(event: CrawlEvent): Promise<RecordedCrawl>;
}

/**
 * `offerCrawl`: `recordCrawl` without an acknowledgement, for the edge. When the crawl's check is
 * known now (`verifyNow`, no ASN lookup), its row goes to the write buffer at once (once its
 * robots.txt verdict is known), with nothing held per crawl until its batch is stored; otherwise
 * it is recorded as `recordCrawl` does. `failed` is called when the row could not be stored:
 * once per failed batch for the rows buffered at once, else per crawl.
 */
function createOffer(parts: OfferParts) {
  const { deps, compliance } = parts;
  /** The batch acknowledgement last watched, and for whom. */
  let watched: { done: Promise<void>; failed: (error: unknown) => void } | null = null;
  /** Buffers an offered row; `failed` watches its batch unless it already does. */
  const enqueue = (row: CrawlRecord, failed: (error: unknown) => void): void => {
    const done = parts.add(row);
    if (watched?.done === done && watched.failed === failed) return;
    watched = { done, failed };
    done.catch(failed);
  };
  return (event: CrawlEvent, failed: (error: unknown) => void): void => {
    const signed = event.signed ? signedCheck(event.signed) : null;
    const classified = signed?.classified ?? deps.classifier.classify(event.userAgent);
    const check = signed?.check ?? deps.verifier.verifyNow(classified.bot, event.ip);
    if (check === null || deps.asn) {
      parts.record(event).catch(failed);
      return;
    }
    const row = parts.rowOf(event, classified, check, 0);
    const { domainId, path, ts } = event;
    const judged = compliance.judge(row.eventId, domainId, classified.bot, path, ts);
    if (judged) parts.counted(() => judged.then(() => enqueue(row, failed))).catch(failed);
    else enqueue(row, failed);
  };
}

/**
 * `recordCrawl`: classify, verify, drop the address, and hand the row to the write buffer; it
 * resolves once the row is stored (acknowledged = durable). Verifications that ran out of time
 * are recorded `declared` and kept for `retryPending`, which upgrades the stored row when a later
 * check confirms. Every call records a crawl: a User-Agent that matches no bot is stored under
 * the `unknown` bot at tier `unknown`. What is a crawl at all is decided before, by the one
 * recording rule (`recordRequest`, `recordingOf`), which the edge and log importers go through.
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
    failed: (batch) => compliance.forget(batch),
  });
  /** eventId → what is needed to verify again (the address stays in memory only). */
  const pending = new Map<string, { bot: Readonly<BotDefinition>; ip: string; attempts: number }>();

  const asnOf = (ip: string) => asnLookup(deps.asn, ip);

  const calls = createCallCounter();
  const hashOf = createUaHashes();
  /** The row of a verified event; a check that ran out of time is kept for `retryPending`. */
  const rowOf = (event: CrawlEvent, c: Classified, check: Verification, ipAsn: number) => {
    const eventId = event.eventId ?? eventIdAt(event.ts);
    if (c.bot.botId !== UNKNOWN_BOT_ID && check.retry)
      pending.set(eventId, { bot: c.bot, ip: event.ip, attempts: 0 });
    return toCrawlRecord(event, eventId, c, check, ipAsn, hashOf);
  };

  /** Set by `close`: rows added from then on are written at once (no waiting for the interval). */
  let closing = false;
  const buffered = (done: Promise<void>): Promise<void> => {
    if (closing) batcher.flush();
    return done;
  };

  const record = (event: CrawlEvent): Promise<RecordedCrawl> =>
    calls.counted(async () => {
      const { classified, check } = event.signed ? signedCheck(event.signed) : checked(deps, event);
      const { bot } = classified;
      const row = rowOf(event, classified, await check, deps.asn ? await asnOf(event.ip) : 0);
      const judged = compliance.judge(row.eventId, event.domainId, bot, event.path, event.ts);
      if (judged) await judged;
      await buffered(batcher.add(row));
      return { eventId: row.eventId, botId: row.botId, verdict: row.verdict };
    });

  const offer = createOffer({
    deps,
    rowOf,
    compliance,
    add: (row) => buffered(batcher.add(row)),
    counted: calls.counted,
    record,
  });

  /**
   * `recordCrawls`: `recordCrawl` for many events with one acknowledgement (for importers, which
   * would otherwise hold a promise per line). Each distinct (bot, address) pair of the call is
   * verified once, each distinct address looked up once; the rows go to the write buffer in
   * order. Resolves once all of them are stored, with one result per event, in order.
   */
  const recordMany = (events: readonly CrawlEvent[]): Promise<RecordedCrawl[]> =>
    calls.counted(async () => {
      const classified = events.map((e) => classifiedOf(deps.classifier, e));
      const found = await checkDistinct(events, classified, deps.verifier, deps.asn ? asnOf : null);
      const rows = events.map((event, i) =>
        rowOf(event, classified[i] as Classified, found.check(i), found.asn(event.ip)),
      );
      await compliance.judgeAll(rows, (i) => (classified[i] as Classified).bot);
      await buffered(batcher.addAll(rows));
      return rows.map((r) => ({ eventId: r.eventId, botId: r.botId, verdict: r.verdict }));
    });

  return {
    recordCrawl: record,
    offerCrawl: offer,
    recordCrawls: recordMany,

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

    /** Writes what calls in progress and earlier calls buffered; keeps accepting meanwhile. */
    flush: () => Promise.all([calls.idle(), batcher.drain()]).then(() => batcher.drain()),

    /** Waits for calls in progress, then writes everything buffered (flush on shutdown). */
    async close(): Promise<void> {
      // Calls in flight may wait for their rows' batch: write the partial rest now.
      closing = true;
      batcher.flush();
      await calls.idle();
      await batcher.close();
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
