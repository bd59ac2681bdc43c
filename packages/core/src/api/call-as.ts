import { CrawlgateError, isCrawlgateError } from "../errors.js";
import { errorResponse } from "../http/error-response.js";
import { API_PREFIX } from "../http/prefix.js";
import type { User } from "../types.js";
import type { ApiDeps } from "./context.js";
import { parsePathParams } from "./params.js";
import { createRouter } from "./router.js";
import { bodyInput } from "./validate.js";

/** One call of an API operation: `path` below `/functions/v1` (`/export-crawl-analytics`). */
export interface OperationCall {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

/** The operation's status and body (an error's is the spec body, from the one error table). */
export interface OperationAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs API operations as a known user, for operator tools on the server's own machine
 * (`crawlgate report`): the same routes, path-parameter checks, input schemas, operations,
 * response shaping and error table as the HTTP API, without the parts that guard the network
 * door (API key, plan gate, rate limit and monthly quota). See docs/decisions.md.
 */
export function createOperationCaller(deps: ApiDeps) {
  const match = createRouter();
  return async function callAs(user: User, call: OperationCall): Promise<OperationAnswer> {
    try {
      const found = match(call.method.toUpperCase(), `${API_PREFIX}${call.path}`);
      if (found.kind !== "found") throw new CrawlgateError("not_found");
      const params = parsePathParams(found.params);
      const input = bodyInput(found.route.input, call.body ?? {});
      const now = deps.clock.now();
      const linkBase = (deps.baseUrl ?? "").replace(/\/+$/, "");
      const result = await found.route.run({ deps, user, params, input, now, linkBase });
      return { status: result.status, body: result.body };
    } catch (error) {
      if (!isCrawlgateError(error)) throw error;
      const { status, body } = errorResponse(error);
      return { status, body };
    }
  };
}
