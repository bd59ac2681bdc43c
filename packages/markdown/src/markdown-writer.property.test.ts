import { prepareHtml } from "@crawlgate/core/adapter-kit";
import { htmlFragments } from "@crawlgate/core/testing";
import fc from "fast-check";
import { Parser } from "htmlparser2";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { createMarkdownConverter } from "./converter.js";

/** A CommonMark reader with GitHub's tables and strike-through, HTML off (it is text). */
const reader = new MarkdownIt("commonmark", { html: false }).enable(["table", "strikethrough"]);
const converter = createMarkdownConverter();

/** The text a browser shows for `html` (whitespace removed: layout is not compared). */
function shownText(html: string): string {
  let text = "";
  new Parser(
    {
      ontext: (t) => {
        text += t;
      },
    },
    { decodeEntities: true },
  ).end(html);
  // A NUL is shown as U+FFFD, by browsers and by CommonMark readers.
  return text.replace(/\s+/g, "").replace(/\0/g, "\uFFFD");
}

/** Emphasis delimiters: CommonMark leaves one as text when punctuation touches a word. */
const withoutDelimiters = (text: string) => text.replace(/[*_~]/g, "");

describe("the Markdown written from prepared HTML", () => {
  it("reads back, in a CommonMark reader, as the text the HTML shows", () => {
    fc.assert(
      fc.property(htmlFragments(), (html) => {
        const prepared = prepareHtml(html, "https://site.example/a/b");
        const shown = shownText(reader.render(converter.convert(prepared)));
        expect(withoutDelimiters(shown)).toBe(withoutDelimiters(shownText(prepared.html)));
      }),
      { numRuns: 2000 },
    );
  });

  it("escapes text so that it reads back exactly, Markdown's own characters included", () => {
    const text = fc.oneof(
      // Text only: a `<` in it is written as the entity, so it opens no element.
      fc.string({ maxLength: 12 }).map((s) => s.replace(/</g, "&lt;")),
      fc.constantFrom("*", "_", "`", "#", "|", "[", "]", "\\", "1. ", "2) ", "- ", "+ ", "> "),
      fc.constantFrom("=", "---", "~~~", "&amp;copy;", "&lt;b&gt;", "&lt;!--", " # ", "\n", "!"),
    );
    const block = fc.tuple(
      fc.constantFrom("p", "h2", "li", "blockquote", "td"),
      fc.array(text, { maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 4 }), (blocks) => {
        const html = blocks
          .map(([tag, texts]) => {
            const inner = `<${tag}>${texts.join("")}</${tag}>`;
            if (tag === "li") return `<ul>${inner}</ul>`;
            return tag === "td" ? `<table><tr>${inner}</tr></table>` : inner;
          })
          .join("");
        const prepared = prepareHtml(html, "https://site.example/");
        expect(shownText(reader.render(converter.convert(prepared)))).toBe(
          shownText(prepared.html),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
