import type { MarkdownConverter } from "../ports/markdown.js";
import { prepareHtml } from "./prepare.js";

/** A page's Markdown and what the edge says of it. */
export interface MarkdownText {
  text: string;
  /** `x-markdown-tokens`: the estimate of `estimateTokens`. */
  tokens: number;
}

/**
 * An estimate of the tokens a language model reads for `text`: one per 4 UTF-16 code units,
 * rounded up (the rule of thumb of OpenAI's and Anthropic's tokenizer notes for English prose;
 * code and non-Latin scripts take more tokens per character, so it errs low there). Cheap and
 * deterministic: no tokenizer table ships with the edge.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The Markdown of a page: `prepareHtml` (main content, no scripts, chrome or hidden elements,
 * absolute URLs) → the converter (given the preparation's events to replay, or its HTML) → blank
 * runs folded to one blank line, trimmed; a page with a
 * `<title>` opens with a front matter block naming it (`title: "…"`, a JSON string, which is
 * valid YAML; `<` written `\u003c`). Throws what the converter throws.
 */
export function htmlToMarkdown(
  html: string,
  pageUrl: string,
  converter: MarkdownConverter,
): MarkdownText {
  const prepared = prepareHtml(html, pageUrl);
  const body = converter
    .convert(prepared)
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  // `<` as `\u003c` (JSON and YAML read it back): a title's text never looks like a tag.
  const title = JSON.stringify(prepared.title)?.replace(/</g, "\\u003c");
  const head = prepared.title === null ? "" : `---\ntitle: ${title}\n---\n\n`;
  const text = `${head}${body}\n`;
  return { text, tokens: estimateTokens(text) };
}
