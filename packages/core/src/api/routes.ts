import type { Operation } from "./context.js";
import type { ErrorCode } from "./errors.js";
import { exportAiReferrals } from "./operations/export-ai-referrals.js";
import { exportCrawlAnalytics } from "./operations/export-crawl-analytics.js";
import { exportPageAnalytics } from "./operations/export-page-analytics.js";
import { exportPageSnapshots } from "./operations/export-page-snapshots.js";
import { exportUserAnalytics } from "./operations/export-user-analytics.js";
import { getBotDefinitions } from "./operations/get-bot-definitions.js";
import { getSnapshot } from "./operations/get-snapshot.js";
import { listUserDomains } from "./operations/list-user-domains.js";
import { purgeCache } from "./operations/purge-cache.js";
import {
  createRoutingRule,
  deleteRoutingRule,
  getRoutingRule,
  listRoutingRules,
  updateRoutingRule,
} from "./operations/routing-rules.js";
import { API_PREFIX } from "./prefix.js";

export { API_PREFIX };

export interface RouteDef {
  /** Operation name, as in logs. */
  name: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the prefix; `{name}` segments are ID parameters. */
  path: string;
  operation: Operation;
  /** Whether the request carries a JSON body (POST/PATCH). */
  hasBody: boolean;
  /** Starter plans may call it (spec: purge-cache only). */
  starterAllowed: boolean;
  /** Error when the body is not a JSON object (get-snapshot has its own string). */
  invalidBody: ErrorCode;
}

/**
 * Every endpoint this build serves. Endpoints of the spec that are not built yet are absent on
 * purpose: their paths answer `404 not_found` rather than a stub.
 */
export const ROUTES: readonly RouteDef[] = [
  post("purge-cache", purgeCache, true),
  post("list-user-domains", listUserDomains),
  post("export-user-analytics", exportUserAnalytics),
  post("export-crawl-analytics", exportCrawlAnalytics),
  post("export-page-analytics", exportPageAnalytics),
  post("export-page-snapshots", exportPageSnapshots),
  post("export-ai-referrals", exportAiReferrals),
  post("get-bot-definitions", getBotDefinitions),
  { ...post("get-snapshot", getSnapshot), invalidBody: "invalid_json_body" },
  route("list-routing-rules", "GET", "/domains/{domainId}/routing-rules", listRoutingRules),
  route("create-routing-rule", "POST", "/domains/{domainId}/routing-rules", createRoutingRule),
  route("get-routing-rule", "GET", "/domains/{domainId}/routing-rules/{ruleId}", getRoutingRule),
  route(
    "update-routing-rule",
    "PATCH",
    "/domains/{domainId}/routing-rules/{ruleId}",
    updateRoutingRule,
  ),
  route(
    "delete-routing-rule",
    "DELETE",
    "/domains/{domainId}/routing-rules/{ruleId}",
    deleteRoutingRule,
  ),
];

function post(name: string, operation: Operation, starterAllowed = false): RouteDef {
  return {
    name,
    method: "POST",
    path: `/${name}`,
    operation,
    hasBody: true,
    starterAllowed,
    invalidBody: "invalid_request",
  };
}

function route(
  name: string,
  method: RouteDef["method"],
  path: string,
  operation: Operation,
): RouteDef {
  const hasBody = method === "POST" || method === "PATCH";
  return {
    name,
    method,
    path,
    operation,
    hasBody,
    starterAllowed: false,
    invalidBody: "invalid_request",
  };
}

export type RouteMatch =
  | { kind: "found"; route: RouteDef; params: Record<string, string> }
  | { kind: "method_not_allowed"; allow: string[] }
  | { kind: "not_found" };

interface CompiledPath {
  segments: string[];
  routes: RouteDef[];
}

/** Route lookup by segments; `{x}` matches any one non-empty segment. */
export function createRouter(routes: readonly RouteDef[] = ROUTES) {
  const paths: CompiledPath[] = [];
  for (const def of routes) {
    const segments = `${API_PREFIX}${def.path}`.split("/").slice(1);
    const existing = paths.find((p) => p.segments.join("/") === segments.join("/"));
    if (existing) existing.routes.push(def);
    else paths.push({ segments, routes: [def] });
  }

  return function match(method: string, path: string): RouteMatch {
    const parts = path.split("/").slice(1);
    for (const candidate of paths) {
      const params = matchSegments(candidate.segments, parts);
      if (!params) continue;
      const found = candidate.routes.find((def) => def.method === method);
      if (found) return { kind: "found", route: found, params };
      return { kind: "method_not_allowed", allow: candidate.routes.map((def) => def.method) };
    }
    return { kind: "not_found" };
  };
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | null {
  if (template.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const want = template[i] as string;
    const got = parts[i] as string;
    if (want.startsWith("{")) {
      if (got.length === 0) return null;
      params[want.slice(1, -1)] = got;
    } else if (want !== got) {
      return null;
    }
  }
  return params;
}
