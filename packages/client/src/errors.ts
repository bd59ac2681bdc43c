import type { ApiErrorBody, ApiErrorCode } from "./types.js";

/**
 * An error answer of the API (any status of 400 and above), with the parsed body. `error` is the
 * body's code (`invalid_request`, `rate_limit_exceeded_per_minute`, get-snapshot's
 * `"not found"`, ...); `message` the body's message when it has one, else a sentence naming the
 * status and code. `retryAfter` is the `Retry-After` header in seconds (429, 503), else `null`.
 */
export class CrawlgateApiError extends Error {
  override readonly name = "CrawlgateApiError";
  readonly status: number;
  readonly error: ApiErrorCode;
  readonly retryAfter: number | null;
  /** The error body as received (`usage`/`limit` on 429, `limit` on `rule_limit_reached`). */
  readonly body: ApiErrorBody;
  /** Whether the body carried a `message` of its own. */
  readonly hasServerMessage: boolean;

  constructor(status: number, body: ApiErrorBody, retryAfter: number | null) {
    const own = "message" in body && typeof body.message === "string" ? body.message : null;
    super(own ?? `${status} ${body.error}`);
    this.status = status;
    this.error = body.error;
    this.retryAfter = retryAfter;
    this.body = body;
    this.hasServerMessage = own !== null;
  }

  /** Any of the 429 codes (clients match on the `rate_limit_exceeded` prefix, as the spec says). */
  get isRateLimit(): boolean {
    return this.status === 429 && this.error.startsWith("rate_limit_exceeded");
  }
}

/**
 * An answer that is not what the document promises (a proxy's HTML error page, a body that is
 * not JSON): the status and the first bytes of the text, to tell it from an API error.
 */
export class CrawlgateResponseError extends Error {
  override readonly name = "CrawlgateResponseError";
  constructor(
    readonly status: number,
    readonly contentType: string | null,
    readonly text: string,
  ) {
    super(
      `unexpected answer ${status} (${contentType ?? "no content type"}): ${text.slice(0, 200)}`,
    );
  }
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date (relative to `now`); else `null`. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date starts with the day's name in each of its three forms; Date.parse alone would
  // read "1.5" as a date too.
  if (!/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/.test(text)) return null;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Builds the error for a non-2xx answer; a body that is not an API error body is a response error. */
export async function errorOf(response: Response, now: number): Promise<Error> {
  const contentType = response.headers.get("content-type");
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new CrawlgateResponseError(response.status, contentType, text);
  }
  if (
    typeof body !== "object" ||
    body === null ||
    typeof (body as { error?: unknown }).error !== "string"
  ) {
    return new CrawlgateResponseError(response.status, contentType, text);
  }
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"), now);
  return new CrawlgateApiError(response.status, body as ApiErrorBody, retryAfter);
}
