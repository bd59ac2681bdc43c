import { htmlToMarkdown } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { createMarkdownConverter } from "./converter.js";
import { CORPUS, corpusHtml, hundredKbPage, missingFrom } from "./corpus.js";

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

  it("converts a page in pieces to what it converts whole", () => {
    const fold = (s: string) => s.replace(/\s+/g, " ");
    for (const page of [...CORPUS.map((p) => corpusHtml(p.file)), hundredKbPage()]) {
      const whole = htmlToMarkdown(page, "https://a.example/x", converter, Infinity).text;
      // Cut wherever a cut may fall.
      const pieces = htmlToMarkdown(page, "https://a.example/x", converter, 1).text;
      expect(fold(pieces)).toBe(fold(whole));
    }
  });
});
