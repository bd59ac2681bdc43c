import { type AccountAdmin, createAccountAdmin } from "./accounts/admin.js";
import type { StoreDeps } from "./api/context.js";
import { type Api, createApi } from "./api/create-api.js";
import { type PlanTable, resolvePlans } from "./config/plans.js";
import { createEdge, type Edge } from "./edge/create-edge.js";
import { type Logger, silentLogger } from "./logger.js";
import type { Clock } from "./ports.js";
import { createKeyRing, type KeyRing, type SigningKey } from "./signing/key-ring.js";
import { type HtmlLinks, htmlLinks } from "./snapshots/links.js";
import { recordSnapshot, type SnapshotInput } from "./snapshots/record.js";
import { dropExpiredHtml } from "./snapshots/retention.js";
import type { Snapshot } from "./types.js";

/** The adapters a crawlgate instance runs on. */
export interface CrawlgateDeps extends StoreDeps {
  clock?: Clock;
  logger?: Logger;
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
