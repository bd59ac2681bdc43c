import { htmlToMarkdown, prepareHtml } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { createMarkdownConverter } from "./converter.js";
import { CORPUS, corpusHtml, hundredKbPage, missingFrom } from "./corpus.js";
import { type MarkdownStyle, writeMarkdown } from "./markdown-writer.js";

const converter = createMarkdownConverter();

describe("the Markdown of the fixture corpus", () => {
  it("has at least 20 pages of the web's shapes", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(20);
  });

  for (const page of CORPUS) {
    it(`keeps the main content of ${page.file} and drops the rest`, () => {
      const { text } = htmlToMarkdown(corpusHtml(page.file), page.url, converter);
      expect(missingFrom(text, page)).toEqual([]);
    });
  }

  it("writes from the preparation's replayed events what it writes from the prepared HTML", () => {
    const fold = (s: string) => s.replace(/\s+/g, " ").trim();
    const style = { bulletMarker: "-", emDelimiter: "_", strongDelimiter: "**", codeFence: "```" };
    for (const page of [...CORPUS.map((p) => corpusHtml(p.file)), hundredKbPage()]) {
      const prepared = prepareHtml(page, "https://a.example/x");
      expect(fold(converter.convert(prepared))).toBe(
        fold(writeMarkdown(prepared.html, style as MarkdownStyle)),
      );
    }
  });
});
