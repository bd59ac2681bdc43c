import type { FetchLike, Renderer, RenderRequest, RenderResult } from "../ports/index.js";
import { declaredResponse } from "./declared.js";
import { RenderFailed } from "./errors.js";

export interface FetchRendererOptions {
  /** The HTTP client; on Node pass `createPinnedFetch()` so private addresses are refused. */
  fetch: FetchLike;
  /** Documents larger than this are refused (`too_large`); default 5 MiB. */
  maxBytes?: number;
}

export const DEFAULT_RENDER_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The renderer that works everywhere: the origin's HTML as served, scripts not run. The request
 * carries `headers` and `originHeaders` (a `host` among them is the Host to send: proxy-node's
 * `createPinnedFetch` sends it; the platform `fetch` takes Host from the URL and ignores it).
 * Redirects are not followed (a 3xx is the page's answer, passed on with its Location); a status
 * declared by a `prerender-status-code` meta tag wins over the origin's.
 */
export function createFetchRenderer(options: FetchRendererOptions): Renderer {
  const maxBytes = options.maxBytes ?? DEFAULT_RENDER_MAX_BYTES;
  return {
    name: "fetch",
    async render(request: RenderRequest): Promise<RenderResult> {
      const started = Date.now();
      const budget = request.deadline.getTime() - started;
      if (budget <= 0) throw new RenderFailed("deadline", "render deadline passed before start");
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      // The deadline holds even for a client that ignores the abort signal.
      const expired = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new RenderFailed("deadline", `no document from the origin within ${budget} ms`));
        }, budget);
      });
      try {
        const fetched = (async () => {
          const response = await options.fetch(request.url, {
            method: "GET",
            redirect: "manual",
            headers: { ...request.headers, ...request.originHeaders },
            signal: controller.signal,
          });
          return { response, html: await readText(response, maxBytes) };
        })();
        fetched.catch(() => {});
        const { response, html } = await Promise.race([fetched, expired]);
        const headers: Record<string, string> = {};
        const contentType = response.headers.get("content-type");
        if (contentType !== null) headers["content-type"] = contentType;
        const location = response.headers.get("location");
        let status = response.status;
        if (location !== null && status >= 300 && status < 400) {
          headers.location = absolute(location, request.url);
        }
        const declared = declaredResponse(html, request.url);
        if (declared !== null) {
          status = declared.status;
          if (declared.location === null) delete headers.location;
          else headers.location = declared.location;
        }
        return {
          status,
          html,
          finalUrl: request.url,
          headers,
          timings: { totalMs: Date.now() - started },
        };
      } catch (error) {
        if (error instanceof RenderFailed) throw error;
        if (controller.signal.aborted) {
          throw new RenderFailed("deadline", `no response from the origin within ${budget} ms`);
        }
        const message = error instanceof Error ? error.message : String(error);
        throw new RenderFailed(
          /refus|not allowed|non-public/i.test(message) ? "refused" : "network",
          message,
        );
      } finally {
        clearTimeout(timer);
        expired.catch(() => {});
      }
    },
    async close() {},
  };
}

function absolute(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

async function readText(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBodyCapped(response, maxBytes));
}

/**
 * A response's body, refused with `RenderFailed("too_large")` past `maxBytes` (declared or
 * streamed; the stream is cancelled). Shared with the Chromium renderer.
 */
export async function readBodyCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new RenderFailed("too_large", `document of ${declared} bytes exceeds ${maxBytes}`);
  }
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new RenderFailed("too_large", `document exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
