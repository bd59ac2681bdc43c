import { type AccountAdmin, createAccountAdmin } from "./accounts/admin.js";
import type { StoreDeps } from "./api/context.js";
import { type Api, createApi } from "./api/create-api.js";
import { compileClassifier, withCache } from "./classify/index.js";
import { type PlanTable, resolvePlans } from "./config/plans.js";
import { createEdge, type Edge } from "./edge/create-edge.js";
import { createIngest, type Ingest } from "./ingest/ingest.js";
import { createReferralIngest, type ReferralIngest } from "./ingest/record-referral.js";
import { type Logger, silentLogger } from "./logger.js";
import type { Clock } from "./ports.js";
import { createKeyRing, type KeyRing, type SigningKey } from "./signing/key-ring.js";
import { type HtmlLinks, htmlLinks } from "./snapshots/links.js";
import { recordSnapshot, type SnapshotInput } from "./snapshots/record.js";
import { dropExpiredHtml } from "./snapshots/retention.js";
import { getTaxonomy, type Taxonomy } from "./taxonomy/registry.js";
import type { Snapshot } from "./types.js";
import { loadShippedRanges } from "./verify/range-feeds.js";
import { type AsnLookup, createVerifier, type Resolver, type Verifier } from "./verify/verifier.js";

/** The adapters a crawlgate instance runs on. */
export interface CrawlgateDeps extends StoreDeps {
  clock?: Clock;
  logger?: Logger;
  /**
   * Reverse and forward DNS for verifying bots by reverse DNS (the Node entry passes node:dns).
   * Without one, such bots are recorded `declared` (a warning is logged once).
   */
  resolver?: Resolver;
  /** Org-level ASN of an address, for `asn_only` bots and the archive's `ip_asn`. */
  asn?: AsnLookup;
}

export interface CrawlgateConfig {
  /** Partial overrides of the plan table (monthly quota, rule limit, API access). */
  plans?: unknown;
  /** Requests per minute per user; default 60 (the spec's limit). */
  ratePerMinute?: number;
  /**
   * HMAC secret(s) for cursors and presigned links: one string, or keys newest first for
   * rotation. Without one, a random per-process secret is used (cursors and links then stop
   * working on restart and across instances).
   */
  secret?: string | readonly SigningKey[];
  /**
   * Public origin of the API (e.g. `https://api.example.com`), put in front of presigned links.
   * Without it links are paths (`/functions/v1/files/...`). Never taken from request headers.
   */
  baseUrl?: string;
  /**
   * Ingest tuning: distinct paths per domain-day before `__overflow__`, write batching
   * (`concurrency`: batch writes in flight at once, default 1; a store must then be safe for
   * concurrent overlapping batches, as the Kysely and memory stores are).
   */
  ingest?: {
    pathCap?: number;
    maxBatch?: number;
    intervalMs?: number;
    concurrency?: number;
    verifyTimeoutMs?: number;
  };
}

/** Recording what crawlers and AI-referred visitors did (see `createIngest`). */
export interface IngestService {
  /** Classifies, verifies, drops the address and stores one crawl; resolves once stored. */
  recordCrawl: Ingest["recordCrawl"];
  /** Stores one AI-referred visit (others record nothing); resolves once stored. */
  recordReferral: ReferralIngest["recordReferral"];
  /** Verifies again the crawls whose check timed out; returns how many were upgraded. */
  retryPending: Ingest["retryPending"];
  /** The verifier, e.g. for `createRangeRefresher` to keep its published ranges current. */
  verifier: Verifier;
  /** Writes everything buffered (flush on shutdown). */
  close(): Promise<void>;
}

/** Snapshot recording, retention and links over the instance's stores. */
export interface SnapshotService {
  /** Records the HTML served for a page (see `recordSnapshot`). */
  record(input: SnapshotInput): Promise<{ snapshot: Snapshot; created: boolean }>;
  /** Retention job: drops HTML whose snapshots were all last recorded before `olderThan`. */
  dropExpiredHtml(olderThan: Date): Promise<{ dropped: number }>;
  /** Presigned `htmlUrl`s valid about 24 hours from now, sharing one expiry. */
  htmlLinks(): HtmlLinks;
}

export interface Crawlgate {
  api: Api;
  admin: AccountAdmin;
  plans: PlanTable;
  /** Signs and verifies cursors and presigned links. */
  signing: KeyRing;
  /** The data plane's routing decision (redirect, proxy or nothing) per request. */
  edge: Edge;
  snapshots: SnapshotService;
  /** Created on first use: the classifier is compiled then. */
  ingest: IngestService;
}

export const systemClock: Clock = { now: () => new Date() };

/** Wires core over the given adapters. */
export function createCrawlgate(deps: CrawlgateDeps, config: CrawlgateConfig = {}): Crawlgate {
  const clock = deps.clock ?? systemClock;
  const plans = resolvePlans(config.plans ?? {});
  const ratePerMinute = config.ratePerMinute ?? 60;
  if (!Number.isInteger(ratePerMinute) || ratePerMinute < 1) {
    throw new Error("ratePerMinute must be a positive integer");
  }
  const signing = keyRingFrom(config.secret);
  const baseUrl = baseUrlFrom(config.baseUrl);
  const api = createApi({
    accounts: deps.accounts,
    rules: deps.rules,
    rateLimiter: deps.rateLimiter,
    jobs: deps.jobs,
    settingsCache: deps.settingsCache,
    crawls: deps.crawls,
    snapshots: deps.snapshots,
    referrals: deps.referrals,
    blobs: deps.blobs,
    clock,
    plans,
    ratePerMinute,
    logger: deps.logger ?? silentLogger,
    signing,
    baseUrl,
  });
  const snapshotDeps = { snapshots: deps.snapshots, blobs: deps.blobs, clock };
  let ingest: IngestService | undefined;
  return {
    api,
    admin: createAccountAdmin(deps.accounts, clock),
    plans,
    signing,
    edge: createEdge({
      accounts: deps.accounts,
      rules: deps.rules,
      settingsCache: deps.settingsCache,
      clock,
      logger: deps.logger ?? silentLogger,
    }),
    snapshots: {
      record: (input) => recordSnapshot(snapshotDeps, input),
      dropExpiredHtml: (olderThan) => dropExpiredHtml(snapshotDeps, olderThan),
      htmlLinks: () => htmlLinks(signing, baseUrl, clock.now()),
    },
    get ingest() {
      ingest ??= createIngestService(deps, clock, config.ingest ?? {});
      return ingest;
    },
  };
}

const NO_DNS: Resolver = {
  reverse: () => Promise.reject(new Error("no resolver configured")),
  forward: () => Promise.reject(new Error("no resolver configured")),
};

function createIngestService(
  deps: CrawlgateDeps,
  clock: Clock,
  options: NonNullable<CrawlgateConfig["ingest"]>,
): IngestService {
  const logger = deps.logger ?? silentLogger;
  if (!deps.resolver)
    logger.warn("ingest.no_resolver", { effect: "reverse-DNS bots stay declared" });
  const taxonomy = getTaxonomy() as Taxonomy;
  const verifier = createVerifier({
    resolver: deps.resolver ?? NO_DNS,
    ...(deps.asn ? { asn: deps.asn } : {}),
    ...(options.verifyTimeoutMs !== undefined ? { timeoutMs: options.verifyTimeoutMs } : {}),
  });
  loadShippedRanges(verifier, taxonomy);
  const batching = {
    ...(options.maxBatch !== undefined ? { maxBatch: options.maxBatch } : {}),
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
  };
  const pathCap = options.pathCap !== undefined ? { pathCap: options.pathCap } : {};
  const crawls = createIngest({
    crawls: deps.crawls,
    classifier: withCache(compileClassifier(taxonomy)),
    verifier,
    ...(deps.asn ? { asn: deps.asn } : {}),
    clock,
    logger,
    batching,
    ...pathCap,
  });
  const referrals = createReferralIngest({ referrals: deps.referrals, batching, ...pathCap });
  return {
    recordCrawl: (event) => crawls.recordCrawl(event),
    recordReferral: (visit) => referrals.recordReferral(visit),
    retryPending: (maxAttempts) => crawls.retryPending(maxAttempts),
    verifier,
    async close() {
      await Promise.all([crawls.close(), referrals.close()]);
    },
  };
}

function baseUrlFrom(baseUrl: string | undefined): string | null {
  if (baseUrl === undefined) return null;
  const url = new URL(baseUrl);
  if (
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.pathname !== "/" ||
    url.search
  ) {
    throw new Error("baseUrl must be an http(s) origin such as https://api.example.com");
  }
  return url.origin;
}

function keyRingFrom(secret: CrawlgateConfig["secret"]): KeyRing {
  if (typeof secret === "string") return createKeyRing([{ kid: "k1", secret }]);
  if (secret && secret.length > 0) return createKeyRing(secret);
  return createKeyRing([{ kid: "ephemeral", secret: crypto.getRandomValues(new Uint8Array(32)) }]);
}
