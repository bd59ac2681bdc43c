import { DEFAULT_POLICY } from "../policy/schema.js";
import type {
  AccountStore,
  Clock,
  EdgeSettings,
  Logger,
  RuleStore,
  SettingsCache,
} from "../ports/index.js";
import { shared } from "./shared.js";

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

/** Lowercase hostname without port or trailing dot, or `null` for an unusable Host header. */
export function normalizeHost(host: string): string | null {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[")) return null; // IP literals are never a customer's domain
  const colon = h.indexOf(":");
  if (colon >= 0) h = h.slice(0, colon);
  if (h.endsWith(".")) h = h.slice(0, -1);
  return /^[a-z0-9.-]{1,253}$/.test(h) ? h : null;
}

/**
 * The edge settings of a hostname: from the `SettingsCache`, else loaded from the stores and
 * cached; concurrent misses of one host share one load (no stampede on the stores when an
 * entry expires under load). `null` for a host that is no domain (remembered for 30 s per
 * instance).
 */
export function createSiteSettings(deps: SiteSettingsDeps) {
  const unknownHosts = new Map<string, number>();
  const loading = new Map<string, Promise<EdgeSettings | null>>();

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
      loadedAt: new Date(now),
    };
    await deps.settingsCache.set(settings);
    return settings;
  }

  return async function settingsFor(host: string): Promise<EdgeSettings | null> {
    const cached = await deps.settingsCache.get(host);
    if (cached) return cached;
    const now = deps.clock.now().getTime();
    const unknownUntil = unknownHosts.get(host);
    if (unknownUntil !== undefined && unknownUntil > now) return null;
    return shared(loading, host, () => load(host, now));
  };
}

export type SiteSettings = ReturnType<typeof createSiteSettings>;
