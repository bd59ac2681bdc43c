import { errorOf, parseRetryAfter } from "./errors.js";

/** Retries of `429` and `503` answers. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 turns retrying off). */
  maxRetries?: number;
  /**
   * The longest wait the client accepts (default 60,000 ms). An answer asking for more (a monthly
   * quota's `Retry-After` of days) is thrown at once instead of waited for.
   */
  maxDelayMs?: number;
}

export interface ClientOptions {
  /** The server's origin, e.g. `https://api.example.com` (paths go under `/functions/v1/`). */
  baseUrl: string;
  /** An API key (`cg_live_…`), sent as `Authorization: Bearer`. Keep it server-side. */
  apiKey: string;
  /** The fetch to call (default `globalThis.fetch`): a fetch handler works too. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retrying of 429 and 503 answers; `false` turns it off. */
  retry?: RetryOptions | false;
  /** Extra headers on every API request (not on presigned downloads). */
  headers?: Record<string, string>;
  /** How the client waits between attempts (default: a timer). For tests and custom schedulers. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Per-call options, the last argument of every method. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the client's retry options for this call. */
  retry?: RetryOptions | false;
}

const API_PREFIX = "/functions/v1";
const RETRIED = new Set([429, 503]);
/** Waits when an answer carries no `Retry-After`: 0.5 s, 1 s, 2 s, … */
const BACKOFF_MS = 500;

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}

export interface Transport {
  /** An API call: JSON body (if any), bearer key; resolves to a 2xx answer, else throws. */
  api(method: string, path: string, body: unknown, options?: RequestOptions): Promise<Response>;
  /** A plain GET of a presigned link (no `Authorization`); resolves to a 2xx answer. */
  download(url: string, options?: RequestOptions): Promise<Response>;
  baseUrl: string;
}

export function createTransport(options: ClientOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? defaultSleep;

  async function send(make: () => Request, call: RequestOptions = {}): Promise<Response> {
    const retry = call.retry ?? options.retry ?? {};
    const maxRetries = retry === false ? 0 : (retry.maxRetries ?? 2);
    const maxDelayMs = retry === false ? 0 : (retry.maxDelayMs ?? 60_000);
    for (let attempt = 0; ; attempt++) {
      const response = await doFetch(make());
      if (response.ok) return response;
      if (RETRIED.has(response.status) && attempt < maxRetries) {
        const seconds = parseRetryAfter(response.headers.get("retry-after"), Date.now());
        const wait = seconds === null ? BACKOFF_MS * 2 ** attempt : seconds * 1000;
        if (wait <= maxDelayMs) {
          await response.body?.cancel();
          await sleep(wait, call.signal);
          continue;
        }
      }
      throw await errorOf(response, Date.now());
    }
  }

  return {
    baseUrl,
    api(method, path, body, call) {
      const headers: Record<string, string> = {
        ...options.headers,
        authorization: `Bearer ${options.apiKey}`,
        accept: "application/json, text/csv",
      };
      const text = body === undefined ? null : JSON.stringify(body);
      if (text !== null) headers["content-type"] = "application/json";
      const url = `${baseUrl}${API_PREFIX}${path}`;
      const init = { method, headers, body: text, signal: call?.signal ?? null };
      return send(() => new Request(url, init), call);
    },
    download(url, call) {
      const absolute = new URL(url, `${baseUrl}/`).toString();
      return send(() => new Request(absolute, { signal: call?.signal ?? null }), call);
    },
  };
}
