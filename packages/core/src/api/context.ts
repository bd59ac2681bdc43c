import type { PlanTable } from "../config/plans.js";
import type { RobotsTxt } from "../edge/robots-txt.js";
import type { Clock, FetchLike, Logger, Resolver, Stores } from "../ports/index.js";
import type { KeyRing } from "../signing/key-ring.js";
import type { User } from "../types.js";

/** Everything API operations may use. */
export interface ApiDeps extends Stores {
  clock: Clock;
  plans: PlanTable;
  /** Requests per minute per user (spec: 60). */
  ratePerMinute: number;
  logger: Logger;
  /** Signs and verifies cursors and presigned links. */
  signing: KeyRing;
  /** Origin put in front of presigned links (`https://api.example.com`); `null`: relative links. */
  baseUrl: string | null;
  /** The robots.txt the edge serves (get-robots-txt previews it). */
  robotsTxt: RobotsTxt;
  /** What domain verification checks with: TXT lookups (`null`: none) and the origin fetch. */
  domainChecks: { resolver: Resolver | null; fetch: FetchLike };
  /**
   * What warming falls back to: the instance's page-cache lifetime, the renders-per-hour budget
   * of domains without their own, and the scheme of sitemaps found without one.
   */
  warmDefaults: {
    pageCacheTtlSeconds: number;
    rendersPerHour: number;
    publicScheme: "http" | "https";
  };
  /** Archive bytes one export-crawl-logs page may fetch; default 64 MiB. */
  archiveReadBudgetBytes?: number;
}

export interface OperationContext<I = unknown> {
  deps: ApiDeps;
  user: User;
  /** Path parameters, already validated (IDs lowercase). */
  params: Readonly<Record<string, string>>;
  /**
   * The body as the route's input schema parsed it (`{}` when none was sent). The pipeline
   * parses it once, before the operation runs; a body the schema refuses is thrown here, so each
   * operation reports body faults at its own step: first for most, after domain access, role
   * and rule lookup for the routing-rule writes.
   */
  input(): I;
  /** Instant the request was accepted. */
  now: Date;
  /**
   * What presigned links start with: the configured `baseUrl`, else the request's own origin,
   * else `""` (links are then paths).
   */
  linkBase: string;
}

export interface OperationResult<O = unknown> {
  /**
   * Serialised as JSON, unless `headers` sets a `content-type` and `body` is a string: then the
   * body is sent as it is (export-crawl-logs CSV).
   */
  status: number;
  /** Typed by the endpoint's `output` schema (its success body). */
  body: O;
  headers?: Record<string, string>;
}

/** An operation: its input typed by the endpoint's `input` schema, its body by `output`. */
export type Operation<I, O = unknown> = (ctx: OperationContext<I>) => Promise<OperationResult<O>>;
