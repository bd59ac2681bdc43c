import type { PlanTable } from "../config/plans.js";
import type { Logger } from "../logger.js";
import type {
  AccountStore,
  Clock,
  CrawlStore,
  JobQueue,
  RateLimiter,
  RuleStore,
  SettingsCache,
} from "../ports.js";
import type { User } from "../types.js";

/** The storage adapters crawlgate runs on. */
export interface StoreDeps {
  accounts: AccountStore;
  rules: RuleStore;
  rateLimiter: RateLimiter;
  jobs: JobQueue;
  settingsCache: SettingsCache;
  crawls: CrawlStore;
}

/** Everything API operations may use. */
export interface ApiDeps extends StoreDeps {
  clock: Clock;
  plans: PlanTable;
  /** Requests per minute per user (spec: 60). */
  ratePerMinute: number;
  logger: Logger;
}

export interface OperationContext {
  deps: ApiDeps;
  user: User;
  /** Path parameters, already validated (IDs lowercase). */
  params: Readonly<Record<string, string>>;
  /** The parsed JSON body; `{}` when none was sent. */
  body: Record<string, unknown>;
  /** Instant the request was accepted. */
  now: Date;
}

export interface OperationResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Operation = (ctx: OperationContext) => Promise<OperationResult>;
