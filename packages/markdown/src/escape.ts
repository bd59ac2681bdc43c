/**
 * Markdown's inline specials in text, every `<` (a tag, or an autolink: `<a:b>`, `<0@0>`, `<+@x>`
 * start with almost anything) and `&` opening what a reader would take for an entity.
 */
const INLINE = /[\\*_`[\]~<]|&(?=#?[A-Za-z0-9]+;)/g;
/** A cheap first look: most text has none of them. */
const MAYBE_INLINE = /[\\*_`[\]~<&]/;

/** Text written so that it stays text: the inline specials get a backslash. */
export function escapeInline(text: string): string {
  return MAYBE_INLINE.test(text) ? text.replace(INLINE, "\\$&") : text;
}

/** A line opening with these would start a list, heading, quote, rule or fence. */
const ORDERED_START = /^(\d{1,9})([.)])(?=\s|$)/;
// `-` before only dashes and blanks: a rule (`---`, `- - -`, `---- ---`), or a setext underline.
const MARKER_START = /^(?:#{1,6}(?=\s|$)|[+-](?=\s|$)|>|-(?=[-\s]*$)|=+(?=\s*$)|~{3,})/;
const FIRST_CHARS = new Set("#+->=~0123456789");

/** A line of text that a Markdown reader takes as text, not as the start of a block. */
export function escapeLineStart(line: string): string {
  if (!FIRST_CHARS.has(line.charAt(0))) return line;
  return line.replace(ORDERED_START, "$1\\$2").replace(MARKER_START, "\\$&");
}

/** The longest run of `char` in `text`. */
function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text[i] === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** Inline code: one more backtick than its longest run, padded when it starts or ends with one. */
export function codeSpan(text: string): string {
  const body = text.replace(/\s+/g, " ").trim();
  if (body === "") return "";
  const ticks = "`".repeat(longestRun(body, "`") + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/** A fenced code block, its fence longer than any run of the fence's character inside it. */
export function fencedBlock(text: string, language: string, fence: "```" | "~~~"): string {
  const char = fence.charAt(0);
  const marks = char.repeat(Math.max(3, longestRun(text, char) + 1));
  return `${marks}${language}\n${text}\n${marks}`;
}

/** A link or image destination: the characters that would end it early, percent-encoded. */
export function destination(url: string): string {
  return url.replace(
    /[\s()<>]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
}

/** A link or image title (` "…"`), or nothing. */
export function titlePart(title: string | undefined): string {
  if (title === undefined) return "";
  const text = title.replace(/\s+/g, " ").trim();
  return text === "" ? "" : ` "${text.replace(/[\\"]/g, "\\$&")}"`;
}

/** The language of a code block from a `language-…` or `lang-…` class, else "". */
export function languageOf(className: string | undefined): string {
  if (className === undefined) return "";
  const match = /(?:^|\s)(?:language|lang)-([\w#+.-]+)/.exec(className);
  return match ? (match[1] as string) : "";
}
