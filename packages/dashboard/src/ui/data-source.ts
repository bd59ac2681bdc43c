import type { GetCacheStatusResponse } from "@crawlgate/client";
import type { StoredAnswer } from "../shared/report-data.js";
import { type ApiCall, callKey } from "../shared/requests.js";

/** An error answer of the API, or of the network. */
export interface ApiError {
  status: number;
  /** The body's `error` code (or `network_error`, `not_in_report`). */
  code: string;
  message?: string;
  limit?: number;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** The signed-in user, as `GET /dashboard/api/session` reports it. */
export interface Session {
  user: { userId?: string; name?: string; email?: string; plan?: string } & Record<string, unknown>;
  csrfToken: string;
}

/** `GET /dashboard/api/purge-status`: whether a page's re-render is pending, when it was rendered. */
export interface PurgeStatus {
  path: string;
  pending: boolean;
  attempts: number | null;
  enqueuedAt: string | null;
  renderedAt: string | null;
}

/** `GET /dashboard/api/page-freshness`: several pages' cache status at once. */
export interface PageFreshness {
  pages: GetCacheStatusResponse[];
}

/** `GET /dashboard/api/warm-status`: renders waiting per lane, this hour's warming budget. */
export interface WarmStatus {
  domainId: string;
  hostname: string;
  role: "owner" | "manager" | "viewer";
  pendingRenders: { purge: number; warm: number; refresh: number };
  rendersPerHour: number;
  usedThisHour: number;
  scheduled: boolean;
  sitemapUrls: string[];
}

/** Where the views get their data: the live dashboard API, or a report's inline answers. */
export interface DataSource {
  mode: "live" | "report";
  call<T>(call: ApiCall): Promise<Result<T>>;
  /**
   * Whether `call` can be answered: always live; in a report, only the calls it stored. A view
   * links only to what this says it can show, so a report never links out of itself.
   */
  has(call: ApiCall): boolean;
  /** The live purge status of a page (a report has none: `not_in_report`). */
  purgeStatus(domain: string, path: string): Promise<Result<PurgeStatus>>;
  /** The live cache status of up to 100 pages (a report has none: `not_in_report`). */
  pageFreshness(domainId: string, paths: readonly string[]): Promise<Result<PageFreshness>>;
  /** The live warming status of a domain (a report has none: `not_in_report`). */
  warmStatus(domainId: string): Promise<Result<WarmStatus>>;
}

/** Reads an error body: `{error: "code", message}` or `{error: {code, message}}`. */
export function readError(status: number, body: unknown): ApiError {
  const raw = (body as { error?: unknown; message?: unknown; limit?: unknown } | null) ?? {};
  const nested = typeof raw.error === "object" && raw.error !== null;
  const inner = (nested ? raw.error : raw) as { code?: unknown; message?: unknown };
  const code = nested ? inner.code : raw.error;
  return {
    status,
    code: typeof code === "string" ? code : `http_${status}`,
    ...(typeof inner.message === "string" ? { message: inner.message } : {}),
    ...(typeof raw.limit === "number" ? { limit: raw.limit } : {}),
  };
}

/** The live source: `<base>/api/v1/<path>` with the session cookie and the CSRF header on writes. */
export function liveSource(base: string, csrfToken: () => string, onSignedOut: () => void) {
  async function answer<T>(response: Response): Promise<Result<T>> {
    const body = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: body as T };
    if (response.status === 401) onSignedOut();
    return { ok: false, error: readError(response.status, body) };
  }
  async function get<T>(path: string, query: Record<string, string>): Promise<Result<T>> {
    const search = new URLSearchParams(query).toString();
    try {
      return answer(await fetch(`${base}${path}?${search}`, { credentials: "same-origin" }));
    } catch {
      return { ok: false, error: { status: 0, code: "network_error" } };
    }
  }
  const source: DataSource = {
    mode: "live",
    has: () => true,
    purgeStatus: (domain, path) => get("/api/purge-status", { domain, path }),
    pageFreshness: (domainId, paths) =>
      get("/api/page-freshness", { domainId, paths: paths.join("\n") }),
    warmStatus: (domainId) => get("/api/warm-status", { domainId }),
    async call<T>(call: ApiCall): Promise<Result<T>> {
      const headers: Record<string, string> = {};
      if (call.method !== "GET") headers["X-CSRF-Token"] = csrfToken();
      if (call.body !== undefined && call.method !== "GET")
        headers["Content-Type"] = "application/json";
      let response: Response;
      try {
        response = await fetch(`${base}/api/v1${call.path}`, {
          method: call.method,
          headers,
          credentials: "same-origin",
          ...(call.body !== undefined && call.method !== "GET"
            ? { body: JSON.stringify(call.body) }
            : {}),
        });
      } catch {
        return { ok: false, error: { status: 0, code: "network_error" } };
      }
      return answer<T>(response);
    },
  };
  return source;
}

/** The report's source: every answer was computed when the report was written. */
export function reportSource(answers: Readonly<Record<string, StoredAnswer>>): DataSource {
  return {
    mode: "report",
    has: (call) => Object.hasOwn(answers, callKey(call)),
    async purgeStatus() {
      return { ok: false, error: { status: 404, code: "not_in_report" } };
    },
    async pageFreshness() {
      return { ok: false, error: { status: 404, code: "not_in_report" } };
    },
    async warmStatus() {
      return { ok: false, error: { status: 404, code: "not_in_report" } };
    },
    async call<T>(call: ApiCall): Promise<Result<T>> {
      const answer = Object.hasOwn(answers, callKey(call)) ? answers[callKey(call)] : undefined;
      if (!answer) return { ok: false, error: { status: 404, code: "not_in_report" } };
      if (answer.status >= 400) return { ok: false, error: readError(answer.status, answer.body) };
      return { ok: true, data: answer.body as T };
    },
  };
}

/** `GET <base>/api/session`: the session, or `null` when signed out. */
export async function loadSession(base: string): Promise<Session | null> {
  try {
    const response = await fetch(`${base}/api/session`, { credentials: "same-origin" });
    if (!response.ok) return null;
    return (await response.json()) as Session;
  } catch {
    return null;
  }
}

/** `POST <base>/sign-out` with the CSRF token. */
export async function signOut(base: string, csrfToken: string): Promise<void> {
  await fetch(`${base}/sign-out`, {
    method: "POST",
    redirect: "manual",
    headers: { "X-CSRF-Token": csrfToken },
    credentials: "same-origin",
  }).catch(() => undefined);
}
