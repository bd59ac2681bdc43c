import { singleFlight } from "../edge/single-flight.js";
import type { Logger } from "../ports/environment.js";
import type { MarkdownConverter } from "../ports/markdown.js";
import { gzip, utf8 } from "../snapshots/content.js";
import { htmlToMarkdown } from "./to-markdown.js";

/** A page's Markdown as the edge serves it. */
export interface MarkdownBody {
  /** The Markdown's UTF-8 bytes. */
  identity: Uint8Array;
  /** The same, gzip-compressed (compressed once, on first use). */
  gzip(): Promise<Uint8Array>;
  /** `x-markdown-tokens`. */
  tokens: number;
}

/** The HTML a Markdown is made from (a cached page): its content hash and its bytes. */
export interface MarkdownSource {
  entry: { contentHash: string };
  identity(): Promise<Uint8Array>;
}

/** Default memory for converted pages, in bytes (Markdown and its gzip counted). */
export const MARKDOWN_CACHE_BYTES = 32 * 1024 * 1024;

const decoder = new TextDecoder();

/**
 * Markdown of cached pages, content-addressed: kept under the cached HTML's content hash and the
 * page URL its links were made absolute against, in a per-instance memory bounded by bytes
 * (least recently used first out). A purge or a re-render that changes the HTML changes the
 * hash, so the old Markdown is never reached again (it ages out); an unchanged HTML keeps its
 * Markdown. Concurrent requests for one page's Markdown share one conversion. A conversion that
 * throws resolves to `null` (logged): the edge answers with the HTML.
 */
export function createMarkdownPages(deps: {
  converter: MarkdownConverter;
  logger: Logger;
  maxBytes?: number;
}) {
  const maxBytes = deps.maxBytes ?? MARKDOWN_CACHE_BYTES;
  const kept = new Map<string, { body: MarkdownBody; size: number }>();
  const converting = new Map<string, Promise<MarkdownBody | null>>();
  let used = 0;

  function keep(id: string, body: MarkdownBody): void {
    const size = body.identity.byteLength * 2;
    if (size > maxBytes) return;
    while (used + size > maxBytes) {
      const [oldest, entry] = kept.entries().next().value as [string, { size: number }];
      kept.delete(oldest);
      used -= entry.size;
    }
    kept.set(id, { body, size });
    used += size;
  }

  async function convert(page: MarkdownSource, pageUrl: string): Promise<MarkdownBody | null> {
    const html = decoder.decode(await page.identity());
    let markdown: ReturnType<typeof htmlToMarkdown>;
    try {
      markdown = htmlToMarkdown(html, pageUrl, deps.converter);
    } catch (error) {
      deps.logger.error("edge.markdown_failed", {
        converter: deps.converter.name,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
    const identity = utf8(markdown.text);
    let compressed: Promise<Uint8Array> | undefined;
    return {
      identity,
      tokens: markdown.tokens,
      gzip: () => {
        compressed ??= gzip(identity);
        return compressed;
      },
    };
  }

  return {
    /** The converter's name (`MarkdownConverter.name`). */
    converter: deps.converter.name,
    /** The Markdown of `page` with links absolute against `pageUrl`, or `null` (see above). */
    of(page: MarkdownSource, pageUrl: string): Promise<MarkdownBody | null> {
      const id = `${page.entry.contentHash}\u0000${pageUrl}`;
      const hit = kept.get(id);
      if (hit) {
        // Most recently used last.
        kept.delete(id);
        kept.set(id, hit);
        return Promise.resolve(hit.body);
      }
      return singleFlight(converting, id, async () => {
        const body = await convert(page, pageUrl);
        if (body) keep(id, body);
        return body;
      });
    },
  };
}

export type MarkdownPages = ReturnType<typeof createMarkdownPages>;
