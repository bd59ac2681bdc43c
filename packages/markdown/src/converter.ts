import type { MarkdownConverter } from "@crawlgate/core/adapter-kit";
import { type MarkdownStyle, markdownWriter } from "./markdown-writer.js";

/** How the converter writes Markdown; each defaults to the first value. */
export type MarkdownConverterOptions = Partial<MarkdownStyle>;

/**
 * The library and version the converter runs on, with the version of our mapping: part of what
 * converted pages are cached under, so a change to either never serves an old output.
 */
export const CONVERTER_NAME = "crawlgate-markdown@3 (htmlparser2@10.1.0)";

/**
 * The edge's Markdown converter (`CrawlgateDeps.markdown`): one pass over htmlparser2's events
 * writing the Markdown (`markdownWriter`), chosen by measurement over node-html-markdown and
 * turndown (docs/decisions/markdown.md). Core prepares the content (main content, no scripts,
 * chrome or hidden elements, absolute URLs) in its own parse, and the writer takes that parse's
 * events as they are replayed: the page is parsed once. Fenced code blocks, `-` bullets,
 * inline links, GitHub tables.
 */
export function createMarkdownConverter(options: MarkdownConverterOptions = {}): MarkdownConverter {
  const style: MarkdownStyle = {
    bulletMarker: "-",
    emDelimiter: "_",
    strongDelimiter: "**",
    codeFence: "```",
    ...options,
  };
  return {
    name: CONVERTER_NAME,
    convert(content) {
      // The preparation's events, replayed: the page is parsed once, by core.
      const writer = markdownWriter(style);
      content.replay(writer.handler);
      return writer.finish();
    },
  };
}
