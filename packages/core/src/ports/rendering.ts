import type { RenderVariant } from "../types.js";

// Rendering port: turns a page URL into HTML.

/** One page to render. */
export interface RenderRequest {
  /** Absolute http(s) URL of the page on the domain's origin. */
  url: string;
  /** Request headers of the page's own request (User-Agent, Accept-Language, …). */
  headers: Record<string, string>;
  /**
   * Headers of every request of the render to the origin (the host of `url`): the page's and
   * each of its subresources'. The edge sends `X-Forwarded-Host` and `X-Forwarded-Proto`, and
   * `Host` (the domain's public name, for an origin that serves several sites by Host), which
   * a renderer sends in place of the URL's host. Lower-case names; later than `headers`.
   */
  originHeaders?: Record<string, string>;
  /** The render must settle by this instant; a renderer past it rejects with `RenderFailed`. */
  deadline: Date;
  /**
   * The device the page is rendered for. `headers` carry that device's User-Agent already; a
   * browser renderer also lays the page out on that device's screen (`mobile`: a phone's
   * viewport, touch and device scale), a renderer that runs no layout sends the headers alone.
   */
  device: RenderVariant;
}

/** A rendered page. */
export interface RenderResult {
  /**
   * The page's status: the origin's, or the one the page declares with
   * `<meta name="prerender-status-code">` (and `prerender-header` `Location` for redirects).
   */
  status: number;
  /** The serialized document (UTF-8). */
  html: string;
  /** The URL the document was finally loaded from (after redirects the renderer followed). */
  finalUrl: string;
  /** Response headers worth passing on: `location` for a redirect status, lower-case names. */
  headers: Record<string, string>;
  /** Milliseconds spent, for logs and benches. */
  timings: { totalMs: number };
}

/**
 * Turns a page URL into HTML: the origin's HTML as served (`createFetchRenderer`) or a headless
 * browser's DOM after scripts ran (`@crawlgate/renderer-chromium`). A render that fails, is
 * refused, or passes its deadline rejects with `RenderFailed`; it never resolves with a partial
 * document.
 */
export interface Renderer {
  /** Short name for logs and the `X-Crawlgate-Renderer` header: `fetch`, `chromium`. */
  readonly name: string;
  render(request: RenderRequest): Promise<RenderResult>;
  /** Releases what the renderer holds (browser processes, sockets). Idempotent. */
  close(): Promise<void>;
}
