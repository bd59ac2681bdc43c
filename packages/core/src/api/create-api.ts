import { CrawlgateError, isUnavailable } from "../errors.js";
import { API_PREFIX } from "../http/prefix.js";
import type { ApiRequest, ApiResponse } from "../http/types.js";
import type { User } from "../types.js";
import { authenticate } from "./auth.js";
import { checkBodyEnvelope, parseJsonObject } from "./body.js";
import type { ApiDeps } from "./context.js";
import { FILES_PREFIX, serveFile } from "./files.js";
import { openApiDocument } from "./openapi/document.js";
import { parsePathParams } from "./params.js";
import { enforceRateLimit } from "./rate-limit.js";
import { createRouter } from "./router.js";
import type { RouteDef } from "./routes.js";
import { safeAnswer } from "./safe-answer.js";
import { bodyInput } from "./validate.js";

/**
 * The pipeline's authentication step: resolves a request to its user, or throws the
 * `CrawlgateError` that answers it. The API's is the `Authorization: Bearer` key; the
 * dashboard's is the session cookie (with its CSRF check).
 */
export type Authenticator = (request: ApiRequest) => Promise<User>;

export interface ApiOptions {
  /** Default: the API key in `Authorization: Bearer <key>` (`401 invalid_api_key`). */
  authenticate?: Authenticator;
}

export interface Api {
  /** Answers one API request. Never throws; every failure is a spec error response. */
  handle(request: ApiRequest): Promise<ApiResponse>;
}

/**
 * The API pipeline: route → body envelope → auth → plan gate → rate limit → JSON parse → path
 * parameters → input schema → operation → JSON response. The route's input schema parses the
 * body once, here; the operation receives the typed input, or the body's 400, from
 * `ctx.input()`, which it calls at its own body-validation step (after domain access, role and
 * rule lookup for routing-rule writes), so the documented order of checks holds. The auth step
 * is `options.authenticate` (the dashboard passes its session's). Presigned
 * downloads below `/files/` skip the pipeline: their signature is their authorization.
 */
export function createApi(deps: ApiDeps, options: ApiOptions = {}): Api {
  const match = createRouter();
  const authenticateRequest: Authenticator =
    options.authenticate ??
    ((request) => authenticate(deps.accounts, request.headers.authorization));
  let documentText: string | undefined;

  /** `GET /functions/v1/openapi.json`: no key, not rate limited, not counted. */
  function serveDocument(request: ApiRequest): ApiResponse {
    if (request.method.toUpperCase() !== "GET") {
      throw new CrawlgateError("method_not_allowed", { allow: ["GET"] });
    }
    documentText ??= `${JSON.stringify(openApiDocument(), null, 2)}\n`;
    return {
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: documentText,
    };
  }

  async function run(request: ApiRequest): Promise<ApiResponse> {
    if (request.path.startsWith(FILES_PREFIX)) return serveFile(deps, request);
    if (request.path === OPENAPI_PATH) return serveDocument(request);
    const found = match(request.method.toUpperCase(), request.path);
    if (found.kind === "not_found") throw new CrawlgateError("not_found");
    if (found.kind === "method_not_allowed") {
      throw new CrawlgateError("method_not_allowed", { allow: found.allow });
    }
    const { route } = found;
    return runRoute(route, found.params, request).catch((error: unknown) => {
      // get-snapshot answers the spec's own 503 string when its stores do not answer.
      if (route.invalidBody === "invalid_json_body" && isUnavailable(error))
        throw new CrawlgateError("snapshot_storage_unavailable");
      throw error;
    });
  }

  async function runRoute(
    route: RouteDef,
    pathParams: Record<string, string>,
    request: ApiRequest,
  ): Promise<ApiResponse> {
    if (route.hasBody) checkBodyEnvelope(request.body, request.headers["content-type"]);

    const user = await authenticateRequest(request);
    if (!route.starterAllowed && !deps.plans[user.plan].apiAccess) {
      throw new CrawlgateError("plan_upgrade_required");
    }
    const now = deps.clock.now();
    await enforceRateLimit(deps, user, now);

    const body = route.hasBody
      ? parseBodyFor(route, request.body)
      : route.queryInput
        ? { ...request.query }
        : {};
    const params = parsePathParams(pathParams);
    const input = bodyInput(route.input, body);
    const linkBase = (deps.baseUrl ?? request.origin ?? "").replace(/\/+$/, "");
    const result = await route.run({ deps, user, params, input, now, linkBase });
    if (typeof result.body === "string" && result.headers?.["content-type"])
      return { status: result.status, headers: result.headers, body: result.body };
    return json(result.status, result.body, result.headers);
  }

  return {
    handle: (request) => safeAnswer(request, run, { logger: deps.logger, scope: "api", json }),
  };
}

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

/** The JSON body, or the route's own error when it is not a JSON object. */
function parseBodyFor(route: RouteDef, raw: Uint8Array | null): Record<string, unknown> {
  try {
    return parseJsonObject(raw);
  } catch (error) {
    if (route.invalidBody === "invalid_request") throw error;
    throw new CrawlgateError(route.invalidBody);
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(body),
  };
}
