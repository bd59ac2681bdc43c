import type {
  AccountStore,
  Clock,
  EdgeSettings,
  Logger,
  RuleStore,
  SettingsCache,
} from "../ports.js";
import { compileRuleIndex, type RuleIndex } from "../routing/rule-index.js";

/** One request as the edge sees it. */
export interface EdgeRequest {
  /** The Host header (port and a trailing dot are ignored, letter case too). */
  host: string;
  /** The request target: path and query as on the request line (`/a/b?x=1`). */
  url: string;
  /** Scheme the visitor used; default `https`. */
  protocol?: "http" | "https";
}

export type EdgeDecision =
  | { kind: "redirect"; status: 301 | 302; location: string; ruleId: string }
  | { kind: "proxy"; upstream: string; ruleId: string }
  | { kind: "none" };

export interface EdgeDeps {
  accounts: AccountStore;
  rules: RuleStore;
  settingsCache: SettingsCache;
  clock: Clock;
  logger: Logger;
}

export interface Edge {
  /** What the routing rules say about this request. Never throws for any input. */
  route(request: EdgeRequest): Promise<EdgeDecision>;
}

const NONE: EdgeDecision = { kind: "none" };
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
 * The routing part of the data plane: host → the domain's compiled rules (cached per hostname in
 * the `SettingsCache`, compiled once per cached settings object) → redirect, proxy or nothing.
 */
export function createEdge(deps: EdgeDeps): Edge {
  const compiled = new WeakMap<EdgeSettings, RuleIndex>();
  const unknownHosts = new Map<string, number>();

  async function settingsFor(host: string): Promise<EdgeSettings | null> {
    const cached = await deps.settingsCache.get(host);
    if (cached) return cached;
    const now = deps.clock.now().getTime();
    const unknownUntil = unknownHosts.get(host);
    if (unknownUntil !== undefined && unknownUntil > now) return null;
    const domain = await deps.accounts.getDomainByHostname(host);
    if (!domain) {
      if (unknownHosts.size >= UNKNOWN_HOST_MAX) unknownHosts.clear();
      unknownHosts.set(host, now + UNKNOWN_HOST_TTL_MS);
      return null;
    }
    const settings: EdgeSettings = {
      domainId: domain.domainId,
      hostname: host,
      rules: await deps.rules.listRules(domain.domainId),
      loadedAt: new Date(now),
    };
    await deps.settingsCache.set(settings);
    return settings;
  }

  function indexOf(settings: EdgeSettings): RuleIndex {
    let index = compiled.get(settings);
    if (!index) {
      index = compileRuleIndex(settings.rules);
      compiled.set(settings, index);
    }
    return index;
  }

  return {
    async route(request) {
      const host = normalizeHost(request.host);
      if (!host || !request.url.startsWith("/")) return NONE;
      let settings: EdgeSettings | null;
      try {
        settings = await settingsFor(host);
      } catch (error) {
        // Fail open to the origin: a storage outage must not take the site down.
        deps.logger.error("edge.settings_failed", {
          host,
          error: error instanceof Error ? error.message : String(error),
        });
        return NONE;
      }
      if (!settings || settings.rules.length === 0) return NONE;
      const hash = request.url.indexOf("#");
      const target = hash >= 0 ? request.url.slice(0, hash) : request.url;
      const q = target.indexOf("?");
      const path = q >= 0 ? target.slice(0, q) : target;
      const query = q >= 0 ? target.slice(q + 1) : "";
      const url = `${request.protocol ?? "https"}://${host}${target}`;
      const match = indexOf(settings).match({ path, query, url });
      if (!match) return NONE;
      if (match.rule.ruleType === "proxy")
        return { kind: "proxy", upstream: match.target, ruleId: match.rule.ruleId };
      return {
        kind: "redirect",
        status: match.rule.redirectCode ?? 301,
        location: match.target,
        ruleId: match.rule.ruleId,
      };
    },
  };
}
