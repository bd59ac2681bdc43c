import { DEFAULT_EDGE, type EdgeOptions } from "../edge/options.js";
import { hostOfHeader } from "../edge/site-settings.js";
import { invalidConfig } from "../errors.js";
import { DEFAULT_PATH_CAP } from "../ingest/path-cap.js";
import { createKeyRing, type KeyRing, type SigningKey } from "../signing/key-ring.js";
import { type PlanOverrides, type PlanTable, resolvePlans } from "./plans.js";

/** What a host may set; every field is optional (see `resolveConfig` for the defaults). */
export interface CrawlgateConfig {
  /** Field-by-field overrides of the plan table (monthly quota, rule limit, API access). */
  plans?: PlanOverrides;
  /** Requests per minute per user; default 60 (the spec's limit). */
  ratePerMinute?: number;
  /**
   * HMAC secret(s) for cursors and presigned links, at least 32 bytes each: one string, or keys
   * newest first for rotation. Without one, a random per-process secret is used (cursors and
   * links then stop working on restart and across instances).
   */
  secret?: string | readonly SigningKey[];
  /**
   * Public origin of the API (e.g. `https://api.example.com`), put in front of presigned links.
   * Without it links are paths (`/functions/v1/files/...`). Never taken from request headers.
   */
  baseUrl?: string;
  /**
   * Hostnames crawlgate's own endpoints (API, dashboard, health) always answer on, even when a
   * domain has the same name. The host of `baseUrl` is one. Any host that is not a served
   * domain is one too; on a served domain's host every path belongs to the edge.
   */
  apiHosts?: readonly string[];
  /** Ingest tuning (see `IngestOptions`). */
  ingest?: Partial<IngestOptions>;
  /**
   * Days the HTML of a snapshot is kept after it was last served (the `html_retention` job);
   * its metadata and the per-day record are kept for good. Default 90.
   */
  htmlRetentionDays?: number;
  /** The data plane's page cache, renders and worker (see `EdgeOptions`). */
  edge?: Partial<EdgeOptions>;
  /**
   * Archive bytes one export-crawl-logs json/csv page may fetch; a page that needs more is
   * `400 invalid_request` (narrow the window, add filters, or use parquet). Default 64 MiB.
   */
  archiveReadBudgetBytes?: number;
  /**
   * `true`: the edge passes the traffic of a domain whose ownership is not verified to its
   * origin untouched (no rules, policy, cache or crawl records). Default `false` (single-tenant
   * installs, where the operator adds only domains they run).
   */
  requireVerifiedDomains?: boolean;
  /**
   * The scheme of the domains' public URLs, sent as `X-Forwarded-Proto` by renders no visitor
   * asked for (the worker's purges, pre-warms and refreshes); a crawler's render sends the
   * scheme the crawler used. Default `https`.
   */
  publicScheme?: "http" | "https";
}

export interface IngestOptions {
  /** Distinct paths per domain-day before `__overflow__`; default 50,000. */
  pathCap: number;
  /** Crawls (or visits) per store write; default 500. */
  maxBatch: number;
  /** Items waiting in memory before `recordCrawl` waits (backpressure); default 10,000. */
  maxBuffered: number;
  /** Longest wait before a partial batch is written, in ms; default 200. */
  intervalMs: number;
  /**
   * Items that start a write at once when no write runs (group commit: batches grow only while
   * the store is busy); default 0, off (a partial batch waits for `intervalMs`).
   */
  eagerBatch: number;
  /**
   * Batch writes in flight at once; default 1. More needs a store that is safe for concurrent,
   * overlapping batches (the Kysely and memory stores are).
   */
  concurrency: number;
  /** Budget of one verification (reverse DNS included), in ms; default 300. */
  verifyTimeoutMs: number;
}

/** The configuration with every default applied and every value checked. */
export interface ResolvedConfig {
  plans: PlanTable;
  ratePerMinute: number;
  signing: KeyRing;
  /** Origin in front of presigned links, or `null` for relative links. */
  baseUrl: string | null;
  /** `apiHosts` normalized, with the host of `baseUrl`. */
  apiHosts: readonly string[];
  ingest: IngestOptions;
  htmlRetentionDays: number;
  edge: EdgeOptions;
  archiveReadBudgetBytes: number;
  requireVerifiedDomains: boolean;
  publicScheme: "http" | "https";
}

export const DEFAULT_INGEST: Readonly<IngestOptions> = Object.freeze({
  pathCap: DEFAULT_PATH_CAP,
  maxBatch: 500,
  maxBuffered: 10_000,
  intervalMs: 200,
  eagerBatch: 0,
  concurrency: 1,
  verifyTimeoutMs: 300,
});

/** The one place crawlgate's defaults live and its configuration is checked. */
export function resolveConfig(config: CrawlgateConfig = {}): ResolvedConfig {
  const ratePerMinute = config.ratePerMinute ?? 60;
  positiveInteger("ratePerMinute", ratePerMinute);
  const ingest = { ...DEFAULT_INGEST };
  for (const name of Object.keys(DEFAULT_INGEST) as (keyof IngestOptions)[]) {
    const value = config.ingest?.[name] ?? DEFAULT_INGEST[name];
    if (name === "pathCap" || name === "eagerBatch") nonNegativeInteger(`ingest.${name}`, value);
    else positiveInteger(`ingest.${name}`, value);
    ingest[name] = value;
  }
  const htmlRetentionDays = config.htmlRetentionDays ?? 90;
  positiveInteger("htmlRetentionDays", htmlRetentionDays);
  const edge = { ...DEFAULT_EDGE };
  for (const name of Object.keys(DEFAULT_EDGE) as (keyof EdgeOptions)[]) {
    const value = config.edge?.[name] ?? DEFAULT_EDGE[name];
    if (name === "hotCacheMs") nonNegativeInteger(`edge.${name}`, value);
    else positiveInteger(`edge.${name}`, value);
    edge[name] = value;
  }
  const archiveReadBudgetBytes = config.archiveReadBudgetBytes ?? 64 * 1024 * 1024;
  positiveInteger("archiveReadBudgetBytes", archiveReadBudgetBytes);
  const requireVerifiedDomains = config.requireVerifiedDomains ?? false;
  if (typeof requireVerifiedDomains !== "boolean") {
    throw invalidConfig("requireVerifiedDomains must be a boolean");
  }
  const publicScheme = config.publicScheme ?? "https";
  if (publicScheme !== "http" && publicScheme !== "https") {
    throw invalidConfig("publicScheme must be http or https");
  }
  return {
    plans: resolvePlans(config.plans ?? {}),
    ratePerMinute,
    signing: keyRingFrom(config.secret),
    baseUrl: baseUrlFrom(config.baseUrl),
    apiHosts: apiHostsFrom(config.apiHosts ?? [], config.baseUrl),
    ingest,
    htmlRetentionDays,
    edge,
    archiveReadBudgetBytes,
    requireVerifiedDomains,
    publicScheme,
  };
}

function positiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw invalidConfig(`${name} must be a positive integer`);
  }
}

function nonNegativeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw invalidConfig(`${name} must be a non-negative integer`);
  }
}

function baseUrlFrom(baseUrl: string | undefined): string | null {
  if (baseUrl === undefined) return null;
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.pathname !== "/" ||
    url.search
  ) {
    throw invalidConfig("baseUrl must be an http(s) origin such as https://api.example.com");
  }
  return url.origin;
}

function apiHostsFrom(hosts: readonly string[], baseUrl: string | undefined): string[] {
  const names = hosts.map((host) => {
    const name = hostOfHeader(host);
    if (name === null || /[:/]/.test(host.trim()))
      throw invalidConfig(`apiHosts: ${JSON.stringify(host)} is not a hostname`);
    return name;
  });
  const base = baseUrl === undefined ? null : hostOfHeader(new URL(baseUrl).host);
  return base === null ? names : [...names, base];
}

function keyRingFrom(secret: CrawlgateConfig["secret"]): KeyRing {
  if (secret === undefined || secret.length === 0) {
    return createKeyRing([
      { kid: "ephemeral", secret: crypto.getRandomValues(new Uint8Array(32)) },
    ]);
  }
  try {
    return createKeyRing(typeof secret === "string" ? [{ kid: "k1", secret }] : secret);
  } catch (error) {
    throw invalidConfig(`secret: ${error instanceof Error ? error.message : String(error)}`);
  }
}
