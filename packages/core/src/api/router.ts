import { API_PREFIX } from "../http/prefix.js";
import { ROUTES, type RouteDef } from "./routes.js";

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
