import type { FetchLike } from "../ports/index.js";
import { MAX_SITEMAP_BYTES, MAX_SITEMAP_FETCH_BYTES, SITEMAP_TIMEOUT_MS } from "./limits.js";
import { createSitemapParser, type ParsedSitemap } from "./sitemap-parser.js";

/** One file to read: where to fetch it and with which headers. */
export interface SitemapRequest {
  url: string;
  headers: Record<string, string>;
}

export interface SitemapFetchOptions {
  timeoutMs?: number;
  /** Largest body fetched (compressed, for a gzipped file). */
  maxFetchBytes?: number;
  /** Largest file after decompression. */
  maxBytes?: number;
}

class SitemapReadError extends Error {}

/** A stream that errors once more than `limit` bytes went through it. */
function capped(limit: number, what: string): TransformStream<Uint8Array, Uint8Array> {
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > limit)
        controller.error(new SitemapReadError(`${what} larger than ${limit} bytes`));
      else controller.enqueue(chunk);
    },
  });
}

/** The body with its first chunk read already, so the caller could look at it. */
async function peeked(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const first = await reader.read();
  const head = first.done ? new Uint8Array() : first.value;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.byteLength > 0) controller.enqueue(head);
      if (first.done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, stream };
}

const isGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;

/**
 * Fetches one sitemap through `fetch` (the origin fetch: callers map a URL on the domain's host
 * to its origin) and parses it as it arrives: redirects not followed (a 3xx is an error), a
 * non-2xx status is an error, gzip (a `.gz` file or gzip bytes, by their magic number) is
 * decompressed on the way, the compressed body is capped at `maxFetchBytes` and the file at
 * `maxBytes`, and the whole read at `timeoutMs`. Never rejects: failures are the answer's `error`.
 */
export async function readSitemap(
  fetch: FetchLike,
  request: SitemapRequest,
  options: SitemapFetchOptions = {},
): Promise<ParsedSitemap> {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? SITEMAP_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const failed = (error: string): ParsedSitemap => ({
    kind: null,
    entries: [],
    dropped: 0,
    invalid: 0,
    error,
  });
  try {
    const response = await fetch(request.url, {
      method: "GET",
      redirect: "manual",
      headers: request.headers,
      signal: controller.signal,
    });
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => {});
      return failed(`the origin answered ${response.status}`);
    }
    if (response.body === null) return failed("empty body");
    const { head, stream } = await peeked(
      response.body.pipeThrough(capped(options.maxFetchBytes ?? MAX_SITEMAP_FETCH_BYTES, "body")),
    );
    const maxBytes = options.maxBytes ?? MAX_SITEMAP_BYTES;
    const plain = (
      isGzip(head)
        ? stream.pipeThrough(
            new DecompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>,
          )
        : stream
    ).pipeThrough(capped(maxBytes, "file"));
    return await parseStream(plain, maxBytes);
  } catch (error) {
    if (controller.signal.aborted) return failed(`no complete file within ${timeoutMs} ms`);
    if (error instanceof SitemapReadError) return failed(error.message);
    const message = error instanceof Error ? error.message : String(error);
    return failed(`fetch failed: ${message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Decodes UTF-8 and parses as the bytes arrive; stops reading once the file is unusable. */
async function parseStream(bytes: ReadableStream<Uint8Array>, maxBytes: number) {
  const parser = createSitemapParser({ maxBytes });
  const decoder = new TextDecoder();
  const reader = bytes.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.write(decoder.decode(value, { stream: true }));
      if (parser.failed) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } catch (error) {
    if (error instanceof SitemapReadError) throw error;
    // A gzip stream that ends early or is not gzip at all.
    const message = error instanceof Error ? error.message : String(error);
    throw new SitemapReadError(`unreadable body: ${message}`);
  }
  parser.write(decoder.decode());
  return parser.end();
}
