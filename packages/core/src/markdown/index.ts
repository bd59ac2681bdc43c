export type { AcceptedType } from "./accept.js";
export { parseAccept, prefersMarkdown, prefersMarkdownCached, weightOfType } from "./accept.js";
export type { MarkdownBody, MarkdownPages, MarkdownSource } from "./markdown-pages.js";
export { createMarkdownPages, MARKDOWN_CACHE_BYTES } from "./markdown-pages.js";
export type { PreparedHtml } from "./prepare.js";
export { MAX_DEPTH, prepareHtml } from "./prepare.js";
export type { MarkdownText } from "./to-markdown.js";
export { estimateTokens, htmlToMarkdown } from "./to-markdown.js";
