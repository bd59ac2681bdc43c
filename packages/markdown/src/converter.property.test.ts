import { htmlToMarkdown } from "@crawlgate/core/adapter-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMarkdownConverter } from "./converter.js";

const converter = createMarkdownConverter();
const PAGE = "https://site.example/a/b";
/** Far above what any of these inputs needs: a case over it is a hang, not noise. */
const SLOW_MS = 2_000;

function convertTimed(html: string) {
  const started = performance.now();
  const out = htmlToMarkdown(html, PAGE, converter);
  expect(performance.now() - started).toBeLessThan(SLOW_MS);
  return out;
}

const tag = fc.constantFrom(
  "p",
  "div",
  "span",
  "a",
  "b",
  "i",
  "em",
  "strong",
  "code",
  "pre",
  "h1",
  "h2",
  "h3",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tr",
  "td",
  "th",
  "blockquote",
  "img",
  "br",
  "hr",
  "script",
  "style",
  "nav",
  "main",
  "article",
  "header",
  "footer",
  "dl",
  "dt",
  "dd",
  "sup",
  "del",
  "details",
  "summary",
  "figure",
  "figcaption",
  "title",
  "base",
  "caption",
);
const attr = fc.constantFrom(
  "",
  ' href="x"',
  ' href="https://e.example/?a=1&b=2"',
  ' src="i.png" alt="A"',
  " hidden",
  ' class="language-js"',
  ' colspan="2"',
  ' start="3"',
  ' style="display:none"',
  ' href="javascript:void(0)"',
  ' role="main"',
);
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "*",
    "_",
    "`",
    "#",
    "|",
    "[",
    "]",
    "\\",
    "1. ",
    "- ",
    "&amp;",
    "&#0;",
    "\u0000",
    "\r\n",
  ),
);
const piece = fc.oneof(
  fc.tuple(tag, attr).map(([t, a]) => `<${t}${a}>`),
  tag.map((t) => `</${t}>`),
  text,
);

describe("the converter on arbitrary HTML", () => {
  it("never throws and always answers a string with its token estimate", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const out = convertTimed(pieces.join(""));
        expect(typeof out.text).toBe("string");
        expect(out.tokens).toBe(Math.ceil(out.text.length / 4));
        expect(out.text).not.toMatch(/<script|<style/i);
      }),
      { numRuns: 600 },
    );
  });

  it("never throws on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: "binary" }), (html) => {
        expect(typeof convertTimed(html).text).toBe("string");
      }),
      { numRuns: 300 },
    );
  });

  it("stays bounded on deep nesting and long runs", () => {
    for (const t of ["div", "ul><li", "blockquote", "table><tr><td", "b", "a href='x'"]) {
      const open = `<${t}>`.repeat(5_000);
      expect(convertTimed(`${open}deep`).text).toContain("deep");
    }
    expect(convertTimed(`<p>${"word ".repeat(50_000)}</p>`).text.length).toBeGreaterThan(200_000);
  });
});
