import type { MarkdownConverter } from "@crawlgate/core/adapter-kit";
import { NodeHtmlMarkdown, type NodeHtmlMarkdownOptions } from "node-html-markdown";

/** node-html-markdown's options the converter accepts (see its README). */
export type MarkdownConverterOptions = Partial<
  Pick<
    NodeHtmlMarkdownOptions,
    "bulletMarker" | "codeFence" | "emDelimiter" | "strongDelimiter" | "useLinkReferenceDefinitions"
  >
>;

/** The library and version the converter runs: part of what converted pages are cached under. */
export const CONVERTER_NAME = "node-html-markdown@2.0.0";

/**
 * The edge's Markdown converter (`CrawlgateDeps.markdown`): node-html-markdown, chosen by
 * measurement over turndown (docs/decisions/markdown.md). Core prepares the HTML (main content,
 * no scripts, chrome or hidden elements, absolute URLs) before this runs. Fenced code blocks,
 * `-` bullets, inline links; GitHub tables come with the library.
 */
export function createMarkdownConverter(options: MarkdownConverterOptions = {}): MarkdownConverter {
  const converter = new NodeHtmlMarkdown({
    bulletMarker: "-",
    codeBlockStyle: "fenced",
    maxConsecutiveNewlines: 2,
    ...options,
  });
  return {
    name: CONVERTER_NAME,
    convert: (html) => converter.translate(html),
  };
}
