import { parseSource } from "../routing/rules/pattern.js";

/**
 * A literal as robots.txt writes it: `$` (end anchor), `#` (comment), spaces and control
 * characters (they would end the path of a `Content-Usage` rule) percent-encoded. The grammar
 * has already encoded non-ASCII characters.
 */
function literal(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    out +=
      code <= 0x20 || code === 0x7f || char === "#" || char === "$"
        ? `%${code.toString(16).toUpperCase().padStart(2, "0")}`
        : char;
  }
  // The grammar writes its escapes in lowercase; robots.txt files conventionally in uppercase.
  return out.replace(/%[0-9a-f]{2}/gi, (code) => code.toUpperCase());
}

/**
 * A policy path pattern (routing grammar) as a robots.txt path for a `Content-Usage` rule.
 * robots.txt paths are prefixes with `*` (any run of characters) and a final `$`, so the
 * pattern is approximated: literal segments stay (as the grammar reads them: lowercase,
 * non-ASCII percent-encoded; `$`, `#` and spaces escaped); `:name`, a lone `*` and
 * `prefix*suffix` become `*` runs (robots.txt has no one-segment wildcard); a final `:name*`, `:name+` or `*` becomes the
 * folder itself with its slash (`/blog/*` → `/blog/`). A pattern without a final wildcard stays
 * a prefix (`/p/:id/reviews` → `/p/*\/reviews`, which also covers `/p/1/reviews/2`); the root
 * `/` is `/$` (the home page only). `null` for a pattern outside the grammar.
 */
export function robotsPathOf(pattern: string): string | null {
  const parsed = parseSource(pattern);
  if (!parsed.ok || parsed.value.query !== null) return null;
  const { segments } = parsed.value;
  if (segments.length === 0) return "/$";
  let out = "";
  for (const segment of segments) {
    switch (segment.kind) {
      case "literal":
        out += `/${literal(segment.text)}`;
        break;
      case "one":
        out += "/*";
        break;
      case "glob":
        out += `/${literal(segment.prefix)}*${literal(segment.suffix)}`;
        break;
      case "rest":
        return `${out}/`;
    }
  }
  return out;
}
