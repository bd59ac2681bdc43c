import { codeSpan, destination, escapeInline, escapeLineStart, titlePart } from "./escape.js";

/** How the Markdown is written. */
export interface MarkdownStyle {
  bulletMarker: "-" | "*" | "+";
  emDelimiter: "_" | "*";
  strongDelimiter: "**" | "__";
  codeFence: "```" | "~~~";
}

/** An inline element whose Markdown wraps its content: written when it closes. */
export interface Inline {
  name: string;
  /** Index in the inline parts where its content starts. */
  start: number;
  /** Inside an inline `code`: written as plain text. */
  inCode: boolean;
  href?: string;
  title?: string;
}

/** The text of the block being read, before it is written. */
export interface InlineText {
  style: MarkdownStyle;
  parts: string[];
  /** Inline elements open, outermost first. */
  inlines: Inline[];
  /** Open inline `code` elements. */
  codeDepth: number;
  /**
   * Text since the last tag: htmlparser2 hands text over in pieces (an entity is one), and
   * escaping looks at neighbours (`&` before `copy;`), so text is escaped when a tag ends it.
   */
  pending: string;
}

/** HTML's whitespace (not U+00A0, which is text). */
const SPACES = /[\t\n\f\r ]+/g;
/** Where a `br` was, in inline text until it is written (text's own NULs become U+FFFD). */
export const BREAK = "\0";
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;

/** Text since the last tag, escaped (not in inline code); `keepBlank` false drops whitespace. */
export function commitText(t: InlineText, keepBlank = true): void {
  if (t.pending === "") return;
  if (keepBlank || /\S/.test(t.pending))
    t.parts.push(t.codeDepth > 0 ? t.pending : escapeInline(t.pending));
  t.pending = "";
}

/** An inline element's Markdown around `inner`, the whitespace at its edges kept outside. */
function wrap(style: MarkdownStyle, e: Inline, inner: string): string {
  if (e.name === "code") return e.inCode ? inner : codeSpan(inner);
  if (e.inCode) return inner;
  const text = inner.trim();
  if (text === "") return e.name === "a" ? "" : inner;
  const lead = isSpace(inner.charCodeAt(0)) ? " " : "";
  const trail = isSpace(inner.charCodeAt(inner.length - 1)) ? " " : "";
  let marked: string;
  if (e.name === "a") {
    if (e.href === undefined) return inner;
    marked = `[${text}](${destination(e.href)}${titlePart(e.title)})`;
  } else if (e.name === "em" || e.name === "i")
    marked = `${style.emDelimiter}${text}${style.emDelimiter}`;
  else if (e.name === "strong" || e.name === "b")
    marked = `${style.strongDelimiter}${text}${style.strongDelimiter}`;
  else marked = `~~${text}~~`;
  return lead + marked + trail;
}

/** Opens an inline element (`a`, emphasis, strike-through, `code`). */
export function openInline(t: InlineText, name: string, attrs: Record<string, string>): void {
  // A link inside a link is text of the outer one: Markdown's links cannot nest (the inner
  // would win and the outer's brackets read as text).
  const link = name === "a" && !t.inlines.some((e) => e.name === "a" && e.href !== undefined);
  t.inlines.push({
    name,
    start: t.parts.length,
    inCode: t.codeDepth > 0,
    href: link ? attrs.href : undefined,
    title: link ? attrs.title : undefined,
  });
  if (name === "code") t.codeDepth++;
}

/** Closes the innermost inline element when it is `name` (else nothing: not ours). */
export function closeInline(t: InlineText, name: string): void {
  const top = t.inlines[t.inlines.length - 1];
  if (top?.name !== name) return;
  t.inlines.pop();
  if (name === "code") t.codeDepth--;
  t.parts.push(wrap(t.style, top, t.parts.splice(top.start).join("")));
}

/** The inline text so far, open elements written as if they closed here (and open again). */
export function takeInline(t: InlineText): string {
  commitText(t);
  for (let i = t.inlines.length - 1; i >= 0; i--) {
    const e = t.inlines[i] as Inline;
    t.parts.push(wrap(t.style, e, t.parts.splice(e.start).join("")));
  }
  const text = t.parts.join("");
  t.parts = [];
  for (const e of t.inlines) e.start = 0;
  return text;
}

/**
 * Lines of inline text (cut at `br`s), whitespace collapsed, trimmed, escaped where a line
 * start would be read as a block.
 */
export function lines(text: string): string[] {
  const collapsed = text.replace(SPACES, " ");
  if (!collapsed.includes(BREAK)) {
    const line = escapeLineStart(collapsed.trim());
    return line === "" ? [] : [line];
  }
  return collapsed
    .split(BREAK)
    .map((line) => escapeLineStart(line.trim()))
    .filter((line) => line !== "");
}

/** An image's Markdown, or "" without a `src`. */
export function image(attrs: Record<string, string>): string {
  const src = attrs.src?.trim();
  if (src === undefined || src === "") return "";
  const alt = escapeInline((attrs.alt ?? "").replace(SPACES, " ").trim());
  return `![${alt}](${destination(src)}${titlePart(attrs.title)})`;
}
