import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import {
  createDataPlane,
  type DataPlaneDeps,
  type EdgeHttpRequest,
  type EdgeResponse,
} from "./data-plane.js";
import { createPolicyGate } from "./policy-gate.js";
import { readEdgeRequest } from "./request.js";
import { createRoute, type RuleMatch } from "./route.js";
import { createSiteSettings, type SiteSettingsDeps, siteOf } from "./site-settings.js";

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
export type PlaneDeps = Omit<DataPlaneDeps, "siteOf" | "route" | "logger" | "policy">;

export interface Edge {
  /** What the routing rules say about this request. Never throws for any input. */
  route(request: EdgeRequest): Promise<EdgeDecision>;
  /**
   * The whole data plane for one request: rules, then the page cache, renders and the origin,
   * with the crawl recorded (see `EdgeResponse`). Never throws for any input.
   */
  handle(request: EdgeHttpRequest): Promise<EdgeResponse>;
}

const NONE: EdgeDecision = { kind: "none" };

/**
 * The edge: host → the domain's settings (cached per hostname in the `SettingsCache`) → its
 * rules and crawler policy, compiled once per cached settings object → redirect, proxy, a
 * policy answer or the data plane.
 */
export function createEdge(deps: EdgeDeps, plane: PlaneDeps): Edge {
  const site = siteOf(createSiteSettings(deps), deps.logger);
  const route = createRoute();
  const unknownBot = (getTaxonomy() as Taxonomy).botById(UNKNOWN_BOT_ID) as BotDefinition;
  const policy = createPolicyGate(unknownBot);
  const handle = createDataPlane({ ...plane, siteOf: site, route, policy, logger: deps.logger });

  return {
    async route(request) {
      const read = readEdgeRequest(request);
      if (read === null) return NONE;
      const settings = await site(read.host);
      if (settings === null || settings === "failed") return NONE;
      if (plane.requireVerified && !settings.verified) return NONE;
      return route(settings, read, request.protocol ?? "https") ?? NONE;
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
