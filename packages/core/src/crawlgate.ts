import { type AccountAdmin, createAccountAdmin } from "./accounts/admin.js";
import type { StoreDeps } from "./api/context.js";
import { type Api, createApi } from "./api/create-api.js";
import { type PlanTable, resolvePlans } from "./config/plans.js";
import { createEdge, type Edge } from "./edge/create-edge.js";
import { type Logger, silentLogger } from "./logger.js";
import type { Clock } from "./ports.js";
import { createKeyRing, type KeyRing, type SigningKey } from "./signing/key-ring.js";

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
}

export interface Crawlgate {
  api: Api;
  admin: AccountAdmin;
  plans: PlanTable;
  /** Signs and verifies cursors and presigned links. */
  signing: KeyRing;
  /** The data plane's routing decision (redirect, proxy or nothing) per request. */
  edge: Edge;
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
  const api = createApi({
    accounts: deps.accounts,
    rules: deps.rules,
    rateLimiter: deps.rateLimiter,
    jobs: deps.jobs,
    settingsCache: deps.settingsCache,
    crawls: deps.crawls,
    clock,
    plans,
    ratePerMinute,
    logger: deps.logger ?? silentLogger,
  });
  return {
    api,
    admin: createAccountAdmin(deps.accounts, clock),
    plans,
    signing: keyRingFrom(config.secret),
    edge: createEdge({
      accounts: deps.accounts,
      rules: deps.rules,
      settingsCache: deps.settingsCache,
      clock,
      logger: deps.logger ?? silentLogger,
    }),
  };
}

function keyRingFrom(secret: CrawlgateConfig["secret"]): KeyRing {
  if (typeof secret === "string") return createKeyRing([{ kid: "k1", secret }]);
  if (secret && secret.length > 0) return createKeyRing(secret);
  return createKeyRing([{ kid: "ephemeral", secret: crypto.getRandomValues(new Uint8Array(32)) }]);
}
