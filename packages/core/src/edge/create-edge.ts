import type { EdgeSettings } from "../ports/index.js";
import { compileRuleIndex, type RuleIndex } from "../routing/rule-index.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import {
  createDataPlane,
  type DataPlaneDeps,
  type EdgeHttpRequest,
  type EdgeResponse,
  type RuleMatch,
} from "./data-plane.js";
import { createPolicyGate } from "./policy-gate.js";
import { createSiteSettings, normalizeHost, type SiteSettingsDeps } from "./site-settings.js";

/** One request as the routing rules see it. */
export interface EdgeRequest {
  /** The Host header (port and a trailing dot are ignored, letter case too). */
  host: string;
  /** The request target: path and query as on the request line (`/a/b?x=1`). */
  url: string;
  /** Scheme the visitor used; default `https`. */
  protocol?: "http" | "https";
}

export type EdgeDecision = NonNullable<RuleMatch> | { kind: "none" };

export type EdgeDeps = SiteSettingsDeps;

/** What the data plane needs beyond the routing rules (see `createDataPlane`). */
export type PlaneDeps = Omit<DataPlaneDeps, "settingsFor" | "route" | "logger" | "policy">;

export interface Edge {
  /** What the routing rules say about this request. Never throws for any input. */
  route(request: EdgeRequest): Promise<EdgeDecision>;
  /**
   * The whole data plane for one request: rules, then the page cache, renders and the origin,
   * with the crawl recorded (see `EdgeResponse`). Never throws for any input.
   */
  handle(request: EdgeHttpRequest): Promise<EdgeResponse>;
  /**
   * Whether the Host header names a served domain (from the same cached settings as `handle`);
   * rejects when the stores cannot say.
   */
  servesHost(host: string): Promise<boolean>;
}

const NONE: EdgeDecision = { kind: "none" };

/**
 * The edge: host → the domain's settings (cached per hostname in the `SettingsCache`) → its
 * rules and crawler policy, compiled once per cached settings object → redirect, proxy, a
 * policy answer or the data plane.
 */
export function createEdge(deps: EdgeDeps, plane: PlaneDeps): Edge {
  const compiled = new WeakMap<EdgeSettings, RuleIndex>();
  const settingsFor = createSiteSettings(deps);

  function indexOf(settings: EdgeSettings): RuleIndex {
    let index = compiled.get(settings);
    if (!index) {
      index = compileRuleIndex(settings.rules);
      compiled.set(settings, index);
    }
    return index;
  }

  function route(
    settings: EdgeSettings,
    host: string,
    requestUrl: string,
    protocol: "http" | "https",
  ): RuleMatch {
    if (settings.rules.length === 0) return null;
    const hash = requestUrl.indexOf("#");
    const target = hash >= 0 ? requestUrl.slice(0, hash) : requestUrl;
    const q = target.indexOf("?");
    const path = q >= 0 ? target.slice(0, q) : target;
    const query = q >= 0 ? target.slice(q + 1) : "";
    const url = `${protocol}://${host}${target}`;
    const match = indexOf(settings).match({ path, query, url });
    if (!match) return null;
    if (match.rule.ruleType === "proxy")
      return { kind: "proxy", upstream: match.target, ruleId: match.rule.ruleId };
    return {
      kind: "redirect",
      status: match.rule.redirectCode ?? 301,
      location: match.target,
      ruleId: match.rule.ruleId,
    };
  }

  const unknownBot = (getTaxonomy() as Taxonomy).botById(UNKNOWN_BOT_ID) as BotDefinition;
  const policy = createPolicyGate(unknownBot);
  const handle = createDataPlane({ ...plane, settingsFor, route, policy, logger: deps.logger });

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
      if (!settings) return NONE;
      return route(settings, host, request.url, request.protocol ?? "https") ?? NONE;
    },
    async servesHost(hostHeader) {
      const host = normalizeHost(hostHeader);
      return host !== null && (await settingsFor(host)) !== null;
    },
    async handle(request) {
      try {
        return await handle(request);
      } catch (error) {
        deps.logger.error("edge.failed", {
          error: error instanceof Error ? error.message : String(error),
        });
        return { kind: "none", failed: true };
      }
    },
  };
}
