import { DEFAULT_POLICY } from "../policy/schema.js";
import type {
  AccountStore,
  Clock,
  EdgeSettings,
  Logger,
  RuleStore,
  SettingsCache,
} from "../ports/index.js";
import { normalizeHostname } from "../text/hostname.js";
import { singleFlight } from "./single-flight.js";

export interface SiteSettingsDeps {
  accounts: AccountStore;
  rules: RuleStore;
  settingsCache: SettingsCache;
  clock: Clock;
  logger: Logger;
}

/** Unknown hosts are remembered briefly so that junk Host headers do not reach storage. */
const UNKNOWN_HOST_TTL_MS = 30_000;
const UNKNOWN_HOST_MAX = 10_000;

/**
 * The hostname a Host header names (lowercase, without port or trailing dot), or `null` when it
 * cannot be a domain's: an IP literal, or anything `normalizeHostname` refuses (the rule every
 * domain was added under).
 */
export function hostOfHeader(host: string): string | null {
  const known = hostsOfHeaders.get(host);
  if (known !== undefined) return known;
  const result = parseHostHeader(host);
  // A few distinct Host headers reach an edge; the bound keeps junk headers from growing it.
  if (hostsOfHeaders.size >= HOST_HEADER_MEMO_MAX) hostsOfHeaders.clear();
  hostsOfHeaders.set(host, result);
  return result;
}

/** `hostOfHeader`'s answers by raw header (it runs up to three times per edge request). */
const hostsOfHeaders = new Map<string, string | null>();
const HOST_HEADER_MEMO_MAX = 1_024;

function parseHostHeader(host: string): string | null {
  let h = host.trim();
  if (h.startsWith("[")) return null; // IP literals are never a customer's domain
  const colon = h.indexOf(":");
  if (colon >= 0) h = h.slice(0, colon);
  return normalizeHostname(h);
}

/**
 * The edge settings of a hostname: from the `SettingsCache`, else loaded from the stores and
 * cached; concurrent misses of one host share one load (no stampede on the stores when an
 * entry expires under load). `null` for a host that is no domain (remembered for 30 s per
 * instance). When the stores fail, the host's last settings this instance loaded are used
 * (stale-if-error, as a CDN serves a stale object while its origin is down): a database outage
 * does not take the domains off the edge.
 */
export function createSiteSettings(deps: SiteSettingsDeps) {
  const unknownHosts = new Map<string, number>();
  const loading = new Map<string, Promise<EdgeSettings | null>>();
  const lastKnown = new Map<string, EdgeSettings>();

  async function load(host: string, now: number): Promise<EdgeSettings | null> {
    const domain = await deps.accounts.getDomainByHostname(host);
    if (!domain) {
      if (unknownHosts.size >= UNKNOWN_HOST_MAX) unknownHosts.clear();
      unknownHosts.set(host, now + UNKNOWN_HOST_TTL_MS);
      return null;
    }
    const [rules, stored] = await Promise.all([
      deps.rules.listRules(domain.domainId),
      deps.rules.getPolicy(domain.domainId),
    ]);
    const settings: EdgeSettings = {
      domainId: domain.domainId,
      hostname: host,
      rules,
      policy: stored?.policy ?? DEFAULT_POLICY,
      originUrl: domain.originUrl,
      pageCacheTtlSeconds: domain.pageCacheTtlSeconds,
      originHost: domain.originHost,
      renderVariants: domain.renderVariants,
      verified: domain.verificationStage === "verified",
      loadedAt: new Date(now),
    };
    if (lastKnown.size >= UNKNOWN_HOST_MAX) lastKnown.clear();
    lastKnown.set(host, settings);
    await deps.settingsCache.set(settings);
    return settings;
  }

  async function loadOrStale(host: string, now: number): Promise<EdgeSettings | null> {
    try {
      return await load(host, now);
    } catch (error) {
      const stale = lastKnown.get(host);
      if (!stale) throw error;
      deps.logger.warn("edge.settings_stale", {
        host,
        error: error instanceof Error ? error.message : String(error),
      });
      return stale;
    }
  }

  return async function settingsFor(host: string): Promise<EdgeSettings | null> {
    let cached: EdgeSettings | null = null;
    try {
      cached = await deps.settingsCache.get(host);
    } catch {
      // A cache that fails is a miss: the stores answer.
    }
    if (cached) {
      lastKnown.set(host, cached);
      return cached;
    }
    const now = deps.clock.now().getTime();
    const unknownUntil = unknownHosts.get(host);
    if (unknownUntil !== undefined && unknownUntil > now) return null;
    return singleFlight(loading, host, () => loadOrStale(host, now));
  };
}

export type SiteSettings = ReturnType<typeof createSiteSettings>;

/**
 * The settings of a request's host for the edge: `null` when it is no domain, `"failed"` when
 * they could not be loaded (logged; the edge then fails open: a storage outage must not take
 * the site down).
 */
export type SiteOf = (host: string) => Promise<EdgeSettings | null | "failed">;

export function siteOf(settingsFor: SiteSettings, logger: Logger): SiteOf {
  return async (host) => {
    try {
      return await settingsFor(host);
    } catch (error) {
      logger.error("edge.settings_failed", {
        host,
        error: error instanceof Error ? error.message : String(error),
      });
      return "failed";
    }
  };
}
