import { isCrawlgateError } from "../errors.js";
import { errorResponse } from "../http/error-response.js";
import type { ApiRequest, ApiResponse } from "../http/types.js";
import type { Logger } from "../ports/index.js";

/** Writes a JSON answer (each handler adds its own headers). */
export type JsonWriter = (
  status: number,
  body: unknown,
  headers?: Record<string, string>,
) => ApiResponse;

/**
 * Runs a handler so that it never throws: a `CrawlgateError` becomes its spec answer, anything
 * else is logged as `<scope>.unhandled_error` and answered `500 {"error":"internal_error"}`.
 */
export async function safeAnswer(
  request: ApiRequest,
  run: (request: ApiRequest) => Promise<ApiResponse>,
  context: { logger: Logger; scope: string; json: JsonWriter },
): Promise<ApiResponse> {
  try {
    return await run(request);
  } catch (error) {
    if (isCrawlgateError(error)) {
      const { status, headers, body } = errorResponse(error);
      return context.json(status, body, headers);
    }
    context.logger.error(`${context.scope}.unhandled_error`, {
      method: request.method,
      path: request.path,
      error: error instanceof Error ? error.message : String(error),
    });
    return context.json(500, { error: "internal_error" });
  }
}
