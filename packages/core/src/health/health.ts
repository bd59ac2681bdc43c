import { CrawlgateError } from "../errors.js";
import { errorApiResponse } from "../http/error-response.js";
import type { ApiResponse } from "../http/types.js";

/** Liveness: the process answers. Never reads a store. */
export const LIVENESS_PATH = "/healthz";
/** Readiness: the process can serve (its dependencies answer). */
export const READINESS_PATH = "/readyz";

/**
 * One dependency `/readyz` probes. `check` resolves when the dependency answers and rejects (or
 * does not settle within the timeout) when it does not. An essential dependency (the durable
 * store) down makes the instance `down` (503: take it out of the load balancer); a non-essential
 * one (a shared cache the instance can do without, such as Redis) makes it `degraded` (200).
 */
export interface ReadinessCheck {
  name: string;
  essential: boolean;
  check(): Promise<void>;
}

export type Readiness = "ready" | "degraded" | "down";

/** `/healthz` and `/readyz` as plain request → response, for the HTTP bridges. */
export interface Health {
  /** The answer for `method` on `path`, or `null` when `path` is neither health path. */
  handle(method: string, path: string): Promise<ApiResponse> | null;
  /** Runs every check at once (each bounded by the timeout). */
  readiness(): Promise<{ status: Readiness; checks: Record<string, "up" | "down"> }>;
}

export interface HealthOptions {
  /** How long a check may take before it counts as down; default 2000 ms. */
  timeoutMs?: number;
}

/**
 * Liveness is `200 {"status":"ok"}`. Readiness is `{"status", "checks"}` with `checks` the
 * state of each named dependency (`up`/`down`, never an error message): 200 when `ready` or
 * `degraded`, 503 when `down`. Both answer GET and HEAD (no body), with `Cache-Control:
 * no-store`; other methods get `405 method_not_allowed`. No authentication, no rate limit.
 */
export function createHealth(
  checks: readonly ReadinessCheck[],
  options: HealthOptions = {},
): Health {
  const timeoutMs = options.timeoutMs ?? 2000;
  const readiness: Health["readiness"] = async () => {
    const states = await Promise.all(checks.map((c) => probe(c, timeoutMs)));
    const down = checks.filter((_, i) => !states[i]);
    const status: Readiness = down.some((c) => c.essential)
      ? "down"
      : down.length > 0
        ? "degraded"
        : "ready";
    return {
      status,
      checks: Object.fromEntries(checks.map((c, i) => [c.name, states[i] ? "up" : "down"])),
    };
  };
  return {
    readiness,
    handle(method, path) {
      if (path !== LIVENESS_PATH && path !== READINESS_PATH) return null;
      return answer(method, path, readiness);
    },
  };
}

async function answer(
  method: string,
  path: string,
  readiness: Health["readiness"],
): Promise<ApiResponse> {
  if (method !== "GET" && method !== "HEAD")
    return errorApiResponse(new CrawlgateError("method_not_allowed", { allow: ["GET", "HEAD"] }));
  let status = 200;
  let body: unknown = { status: "ok" };
  if (path === READINESS_PATH) {
    const ready = await readiness();
    status = ready.status === "down" ? 503 : 200;
    body = ready;
  }
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    body: method === "HEAD" ? null : JSON.stringify(body),
  };
}

/** `true` when the check resolved within `timeoutMs`. */
async function probe(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      check.check().then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } catch {
    return false; // `check` threw synchronously
  } finally {
    clearTimeout(timer);
  }
}
