import { htmlToMarkdown } from "@crawlgate/core/adapter-kit";
import { htmlFragments } from "@crawlgate/core/testing";
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

describe("the converter on arbitrary HTML", () => {
  it("never throws and always answers a string with its token estimate", () => {
    fc.assert(
      fc.property(htmlFragments(), (html) => {
        const out = convertTimed(html);
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
