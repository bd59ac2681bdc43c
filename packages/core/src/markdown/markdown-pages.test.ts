import { describe, expect, it } from "vitest";
import { type Logger, silentLogger } from "../ports/environment.js";
import type { MarkdownConverter } from "../ports/markdown.js";
import { gunzip, utf8 } from "../snapshots/content.js";
import { createMarkdownPages } from "./markdown-pages.js";
import { estimateTokens, htmlToMarkdown } from "./to-markdown.js";

/** A converter for the cache's own tests: the text of the HTML, counted. */
function textConverter() {
  const calls: string[] = [];
  const converter: MarkdownConverter = {
    name: "text@1",
    convert({ html }) {
      calls.push(html);
      if (html.includes("BOOM")) throw new Error("cannot convert");
      return html.replace(/<[^>]*>/g, "");
    },
  };
  return { converter, calls };
}

const source = (contentHash: string, html: string) => ({
  entry: { contentHash },
  identity: async () => utf8(html),
});

describe("Markdown of cached pages", () => {
  it("opens with the title in front matter and folds blank runs", () => {
    const { converter } = textConverter();
    const out = htmlToMarkdown(
      '<title>A "q"</title><p>one</p>\n\n\n\n<p>two  </p>',
      "https://a.example/",
      converter,
    );
    expect(out.text).toBe('---\ntitle: "A \\"q\\""\n---\n\none\n\ntwo\n');
    expect(out.tokens).toBe(estimateTokens(out.text));
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcde")).toBe(2);
    // A title's `<` never looks like a tag, and reads back as JSON.
    const tag = htmlToMarkdown("<title>a &lt;style&gt;</title>", "https://a.example/", converter);
    expect(tag.text).toBe('---\ntitle: "a \\u003cstyle>"\n---\n\n\n');
    expect(JSON.parse(tag.text.split("\n")[1]?.slice(7) ?? "")).toBe("a <style>");
  });

  it("converts once per content and page URL, shared by concurrent requests", async () => {
    const { converter, calls } = textConverter();
    const pages = createMarkdownPages({ converter, logger: silentLogger });
    const page = source("h1", "<p>hello</p>");
    const [a, b] = await Promise.all([
      pages.of(page, "https://a.example/x"),
      pages.of(page, "https://a.example/x"),
    ]);
    expect(a).toBe(b);
    expect(new TextDecoder().decode(a?.identity)).toBe("hello\n");
    expect(new TextDecoder().decode(await gunzip(await (a?.gzip() as Promise<Uint8Array>)))).toBe(
      "hello\n",
    );
    await pages.of(page, "https://a.example/x");
    expect(calls).toHaveLength(1);
    // Another URL (links resolve differently) or another HTML (a re-render) converts again.
    await pages.of(page, "https://a.example/y");
    await pages.of(source("h2", "<p>changed</p>"), "https://a.example/x");
    expect(calls).toHaveLength(3);
  });

  it("forgets the least recently used pages beyond its byte budget", async () => {
    const { converter, calls } = textConverter();
    // Each entry counts twice its bytes: "aaaa\n" is 5 bytes, 10 counted; room for two.
    const pages = createMarkdownPages({ converter, logger: silentLogger, maxBytes: 25 });
    const url = "https://a.example/";
    await pages.of(source("1", "aaaa"), url);
    await pages.of(source("2", "bbbb"), url);
    await pages.of(source("1", "aaaa"), url); // 1 is now the most recent
    await pages.of(source("3", "cccc"), url); // evicts 2
    await pages.of(source("1", "aaaa"), url);
    expect(calls).toHaveLength(3);
    await pages.of(source("2", "bbbb"), url);
    expect(calls).toHaveLength(4);
    // Larger than the whole budget: served, never kept.
    await pages.of(source("4", "x".repeat(40)), url);
    await pages.of(source("4", "x".repeat(40)), url);
    expect(calls).toHaveLength(6);
  });

  it("resolves null and logs when the converter throws, and tries again next time", async () => {
    const { converter, calls } = textConverter();
    const events: string[] = [];
    const logger: Logger = { ...silentLogger, error: (event) => events.push(event) };
    const pages = createMarkdownPages({ converter, logger });
    expect(await pages.of(source("b", "<p>BOOM</p>"), "https://a.example/")).toBeNull();
    expect(await pages.of(source("b", "<p>BOOM</p>"), "https://a.example/")).toBeNull();
    expect(calls).toHaveLength(2);
    expect(events).toEqual(["edge.markdown_failed", "edge.markdown_failed"]);
  });
});
