// @crawlgate/markdown: the default MarkdownConverter (`CrawlgateDeps.markdown`).

export type { MarkdownConverterOptions } from "./converter.js";
export { CONVERTER_NAME, createMarkdownConverter } from "./converter.js";
