import type { ApiDeps } from "../api/context.js";
import { type Authenticator, createApi } from "../api/create-api.js";
import { safeAnswer } from "../api/safe-answer.js";
import { CrawlgateError } from "../errors.js";
import { API_PREFIX } from "../http/prefix.js";
import type { ApiRequest, ApiResponse } from "../http/types.js";
import type { User } from "../types.js";
import { type DashboardAssets, notBuiltAssets } from "./assets.js";
import { browserOrigin, secureCookies } from "./browser-origin.js";
import { sessionCookie, sessionCookieValues } from "./cookie.js";
import { SESSION_MAX_MS } from "./lifetimes.js";
import { pageFreshness } from "./page-freshness.js";
import { signInPage, signInRefusal } from "./pages.js";
import { purgeStatus } from "./purge-status.js";
import { refuseCrossSite, requireCsrfToken } from "./request-guard.js";
import { dataHeaders, pageHeaders } from "./security-headers.js";
import { serveAsset } from "./serve-asset.js";
import { type ActiveSession, createSessions, type Sessions } from "./sessions.js";
import { warmStatus } from "./warm-status.js";

/** Everything the dashboard serves is below this path. */
export const DASHBOARD_PREFIX = "/dashboard";
/** Where sign-out sends the browser (a page of the UI). */
export const SIGNED_OUT_PATH = `${DASHBOARD_PREFIX}/signed-out`;
const API_V1 = "/api/v1/";

export interface DashboardOptions {
  /** The UI's files (`@crawlgate/dashboard`); default one page saying the UI is not built. */
  assets?: DashboardAssets;
}

export interface Dashboard {
  /** Answers one request whose path is below `/dashboard`. Never throws. */
  handle(request: ApiRequest): Promise<ApiResponse>;
}

/**
 * The dashboard's server side: `GET /dashboard/sign-in?token=…` (a link from
 * `crawlgate dashboard-link`) starts a session held in an `HttpOnly` cookie;
 * `GET /dashboard/api/session` says who is signed in and gives the CSRF token;
 * `/dashboard/api/v1/<rest>` is the API's `/functions/v1/<rest>` run by the same pipeline with
 * the session instead of a key; `POST /dashboard/sign-out` ends the session; every other GET is
 * the UI's files (client-side routes get `index.html`).
 */
export function createDashboard(deps: ApiDeps, options: DashboardOptions = {}): Dashboard {
  const { baseUrl } = deps;
  const sessions = createSessions(deps);
  const api = createApi(deps, { authenticate: sessionAuthenticator(sessions, baseUrl) });
  const assets = options.assets ?? notBuiltAssets;
  const isHttps = (request: ApiRequest) => secureCookies(request, baseUrl);

  async function run(request: ApiRequest): Promise<ApiResponse> {
    const { path } = request;
    if (path === DASHBOARD_PREFIX) return redirect(`${DASHBOARD_PREFIX}/`, 308);
    if (!path.startsWith(`${DASHBOARD_PREFIX}/`)) throw new CrawlgateError("not_found");
    const rest = path.slice(DASHBOARD_PREFIX.length);
    if (rest === "/sign-in") return signIn(sessions, request, baseUrl);
    if (rest === "/sign-out") return signOut(sessions, request, baseUrl);
    if (rest === "/api" || rest.startsWith("/api/")) return serveApi(request, rest);
    return serveAsset(assets, request, rest);
  }

  /** Below `/dashboard/api`: JSON only, refused from other sites. */
  async function serveApi(request: ApiRequest, rest: string): Promise<ApiResponse> {
    refuseCrossSite(request, baseUrl);
    if (rest === "/api/session") return sessionInfo(sessions, request, isHttps(request));
    const read = READS[rest];
    if (read) {
      allowOnly(request, ["GET", "HEAD"]);
      const active = await signedIn(sessions, request, isHttps(request));
      return json(200, await read(deps, active.user, request));
    }
    if (!rest.startsWith(API_V1)) throw new CrawlgateError("not_found");
    const forwarded = { ...request, path: `${API_PREFIX}/${rest.slice(API_V1.length)}` };
    const answer = await api.handle(forwarded);
    return { ...answer, headers: dataHeaders({ ...answer.headers, "cache-control": "no-store" }) };
  }

  return {
    handle: (request) =>
      safeAnswer(request, run, { logger: deps.logger, scope: "dashboard", json }),
  };
}

/** The dashboard's own reads below `/dashboard/api` (GET, any role, a session needed). */
const READS: Record<string, (deps: ApiDeps, user: User, request: ApiRequest) => Promise<unknown>> =
  {
    "/api/purge-status": purgeStatus,
    "/api/page-freshness": pageFreshness,
    "/api/warm-status": warmStatus,
  };

/** The session cookie in place of the API key; every write must carry the CSRF token. */
function sessionAuthenticator(sessions: Sessions, baseUrl: string | null): Authenticator {
  return async (request) => {
    const active = await signedIn(sessions, request, secureCookies(request, baseUrl));
    requireCsrfToken(request, active.session.csrfToken);
    return active.user;
  };
}

/** The request's live session, else `401 unauthorized`. */
async function signedIn(
  sessions: Sessions,
  request: ApiRequest,
  secure: boolean,
): Promise<ActiveSession> {
  const active = await sessions.resolve(request.headers.cookie, secure);
  if (active) return active;
  // Two session cookies (one maybe planted for a narrower path) name no session: say so.
  const message =
    sessionCookieValues(request.headers.cookie, secure).length > 1
      ? "more than one dashboard session cookie was sent: clear this site's cookies, then sign in again"
      : "no dashboard session: sign in first";
  throw new CrawlgateError("unauthorized", { message });
}

async function sessionInfo(
  sessions: Sessions,
  request: ApiRequest,
  secure: boolean,
): Promise<ApiResponse> {
  allowOnly(request, ["GET", "HEAD"]);
  const active = await signedIn(sessions, request, secure);
  const { userId, name, plan } = active.user;
  return json(200, { user: { userId, name, plan }, csrfToken: active.session.csrfToken });
}

/**
 * `GET /dashboard/sign-in?token=…` signs in when the browser says the navigation did not come
 * from another site (`Sec-Fetch-Site` `none`: typed, a bookmark, an app outside the browser;
 * `same-origin`; or no such header: not a browser, or one too old to send it). Any other site
 * (`cross-site`, `same-site`) gets a page whose button POSTs the token: another site cannot sign
 * a browser in as someone else (login CSRF) by making it open a link. The POST must come from
 * this site. Neither a HEAD (a link preview) nor that page spends the link, nor does opening
 * it at another origin than the one it was issued for (refused with a page naming that one).
 */
async function signIn(
  sessions: Sessions,
  request: ApiRequest,
  baseUrl: string | null,
): Promise<ApiResponse> {
  allowOnly(request, ["GET", "POST"]);
  const secure = secureCookies(request, baseUrl);
  let token: string;
  if (request.method.toUpperCase() === "POST") {
    refuseCrossSite(request, baseUrl);
    token = formToken(request.body);
  } else {
    token = request.query.token ?? "";
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "none" && site !== "same-origin") {
      return {
        status: 200,
        headers: pageHeaders({
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
        }),
        body: signInPage(`${DASHBOARD_PREFIX}/sign-in`, token),
      };
    }
  }
  const result = await sessions.signIn(token, browserOrigin(request, baseUrl));
  if (!result.ok) {
    const { status, body } = signInRefusal(result);
    return {
      status,
      headers: pageHeaders({
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      }),
      body,
    };
  }
  // A browser that was signed in already leaves its old session behind.
  await sessions.signOut(request.headers.cookie, secure);
  const cookie = sessionCookie(result.sessionId, {
    secure,
    maxAgeSeconds: SESSION_MAX_MS / 1000,
  });
  return redirect(`${DASHBOARD_PREFIX}/`, 303, { "set-cookie": cookie });
}

async function signOut(
  sessions: Sessions,
  request: ApiRequest,
  baseUrl: string | null,
): Promise<ApiResponse> {
  allowOnly(request, ["POST"]);
  refuseCrossSite(request, baseUrl);
  const secure = secureCookies(request, baseUrl);
  const active = await sessions.resolve(request.headers.cookie, secure);
  if (active) {
    requireCsrfToken(request, active.session.csrfToken);
    await sessions.signOut(request.headers.cookie, secure);
  }
  const cookie = sessionCookie("", { secure, maxAgeSeconds: 0 });
  return redirect(SIGNED_OUT_PATH, 303, { "set-cookie": cookie });
}

/** The `token` field of an `application/x-www-form-urlencoded` body ("" when absent). */
function formToken(body: Uint8Array | null): string {
  if (!body || body.byteLength > 4096) return "";
  return new URLSearchParams(new TextDecoder().decode(body)).get("token") ?? "";
}

function allowOnly(request: ApiRequest, methods: string[]): void {
  if (!methods.includes(request.method.toUpperCase()))
    throw new CrawlgateError("method_not_allowed", { allow: methods });
}

function redirect(
  location: string,
  status: number,
  headers: Record<string, string> = {},
): ApiResponse {
  return {
    status,
    headers: pageHeaders({ location, "cache-control": "no-store", ...headers }),
    body: null,
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return {
    status,
    headers: dataHeaders({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    }),
    body: JSON.stringify(body),
  };
}
