import { type FetchLike, RenderFailed, readBodyCapped } from "@crawlgate/core/adapter-kit";
import type { ErrorCode, HTTPRequest, Page } from "puppeteer-core";

/** `FetchLike` that may also be given a request body (a page's POST); any `FetchLike` fits. */
export type PageFetch = (
  url: string,
  init: Parameters<FetchLike>[1] & { body?: string },
) => Promise<Response>;

/** Resource types never fetched: heavy and irrelevant to the HTML, or streams and beacons. */
export const BLOCKED_TYPES = new Set([
  "image",
  "font",
  "media",
  "eventsource",
  "ping",
  "texttrack",
]);

export interface NetworkOptions {
  /** The page being rendered; requests to its host go through `originFetch`. */
  pageUrl: string;
  /** Headers of the render request, added to the main document's request. */
  headers: Record<string, string>;
  /**
   * Headers of every request to the page's own host, the document's and its subresources'
   * (`RenderRequest.originHeaders`: the forwarding headers, a `host` to send in place of the
   * URL's).
   */
  originHeaders: Record<string, string>;
  originFetch: PageFetch;
  fetch: PageFetch;
  /** Largest response body handed to the page; a larger main document is `too_large`. */
  maxBytes: number;
  /** Aborts every fetch still running when the render ends. */
  signal: AbortSignal;
}

/** What the interception saw, for readiness and the result. */
export interface PageNetwork {
  inFlight: number;
  lastActivity: number;
  blocked: number;
  /** The main frame's latest document response. */
  document: { status: number; url: string } | null;
  /** The first document answered with a redirect: the render's answer, not followed. */
  redirect: { status: number; location: string; body: string } | null;
  /** Why the first document could not be fetched. */
  failure: RenderFailed | null;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * Intercepts every request of the page and answers it from Node: the page's own host through
 * `originFetch` with `originHeaders`, every other host through `fetch` (public addresses only),
 * blocked types and non-http(s) schemes aborted (`data:` and `blob:` need no network and
 * continue). Chromium's own network stack is never used for a page request. Redirects are
 * answered as redirects, so Chromium follows them and each hop is intercepted (and vetted)
 * again.
 */
export async function interceptPageRequests(
  page: Page,
  options: NetworkOptions,
): Promise<PageNetwork> {
  const network: PageNetwork = {
    inFlight: 0,
    lastActivity: Date.now(),
    blocked: 0,
    document: null,
    redirect: null,
    failure: null,
  };
  const originHost = new URL(options.pageUrl).host;
  let firstDocument = true;

  async function answer(request: HTTPRequest): Promise<void> {
    const url = request.url();
    if (/^(data|blob):/i.test(url)) return request.continue();
    if (BLOCKED_TYPES.has(request.resourceType())) {
      network.blocked++;
      return request.abort("blockedbyclient");
    }
    const target = URL.canParse(url) ? new URL(url) : null;
    if (target === null || (target.protocol !== "http:" && target.protocol !== "https:")) {
      return request.abort("blockedbyclient");
    }
    const isDocument = request.isNavigationRequest() && request.frame() === page.mainFrame();
    const isFirst = isDocument && firstDocument;
    if (isDocument) firstDocument = false;
    network.inFlight++;
    try {
      const toOrigin = target.host === originHost;
      const client = toOrigin ? options.originFetch : options.fetch;
      const body = request.hasPostData() ? await request.fetchPostData() : undefined;
      const response = await client(url, {
        method: request.method(),
        headers: {
          ...request.headers(),
          ...(isDocument ? options.headers : {}),
          ...(toOrigin ? options.originHeaders : {}),
        },
        redirect: "manual",
        signal: options.signal,
        ...(body === undefined ? {} : { body }),
      });
      const bytes = await readBodyCapped(response, options.maxBytes);
      const location = response.headers.get("location");
      if (isFirst && REDIRECT.has(response.status) && location !== null) {
        network.redirect = {
          status: response.status,
          location: new URL(location, url).href,
          body: new TextDecoder().decode(bytes),
        };
        return request.abort("aborted");
      }
      if (isDocument) network.document = { status: response.status, url };
      await request.respond({
        status: response.status,
        headers: headerRecord(response),
        body: bytes,
      });
    } catch (error) {
      const failure = asFailure(error, options.signal);
      if (isFirst) network.failure = failure;
      await request.abort(abortCode(failure));
    } finally {
      network.inFlight--;
      network.lastActivity = Date.now();
    }
  }

  await page.setRequestInterception(true);
  page.on("request", (request) => {
    network.lastActivity = Date.now();
    answer(request).catch(() => {}); // the page closed under the request: nothing to answer
  });
  return network;
}

function headerRecord(response: Response): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  return out;
}

function asFailure(error: unknown, signal: AbortSignal): RenderFailed {
  if (error instanceof RenderFailed) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (signal.aborted) return new RenderFailed("deadline", message);
  return new RenderFailed(
    /refus|not allowed|non-public/i.test(message) ? "refused" : "network",
    message,
  );
}

function abortCode(failure: RenderFailed): ErrorCode {
  if (failure.reason === "refused") return "addressunreachable";
  if (failure.reason === "deadline") return "timedout";
  return "failed";
}
