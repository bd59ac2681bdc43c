import { describe, expect, it } from "vitest";
import type { CrawlgateDeps } from "../../crawlgate.js";
import type { MarkdownConverter } from "../../ports/index.js";
import { type Harness, useHarness } from "../harness.js";
import { purgePath } from "./purge-cases.js";
import { BROWSER, type EdgeReply, type EdgeWorld, GOOGLEBOT } from "./world.js";

/** An agent's HTTP library: an automation client, not a taxonomy bot. */
const AGENT = "axios/1.7.9";
const MARKDOWN = "text/markdown; charset=utf-8";

const isMarkdown = (reply: EdgeReply) => reply.headers["content-type"] === MARKDOWN;
const varyNames = (reply: EdgeReply) =>
  (reply.headers.vary ?? "").split(",").map((name) => name.trim().toLowerCase());

/**
 * Markdown for agents (`Accept: text/markdown`), shared by every bridge (part of `edgeSuite`):
 * the answer's headers and body, `Vary: Accept` on both variants, q-values, the cache, purges,
 * people, and answers that are not HTML.
 */
export function markdownEdgeCases(
  makeWorld: (deps: Partial<CrawlgateDeps>) => Promise<Harness<EdgeWorld>>,
  converter: MarkdownConverter,
): void {
  let conversions = 0;
  const counted: MarkdownConverter = {
    name: converter.name,
    convert(content) {
      conversions++;
      return converter.convert(content);
    },
  };
  describe("markdown for agents", () => {
    const world = useHarness<EdgeWorld>(() => {
      conversions = 0;
      return makeWorld({ markdown: counted });
    });
    const ask = (path: string, accept: string | null, userAgent = GOOGLEBOT) =>
      world().send({
        path,
        headers: { "user-agent": userAgent, ...(accept === null ? {} : { accept }) },
      });

    it("answers Markdown converted from the render, then from the cache, recorded with its bytes", async () => {
      const w = world();
      const first = await ask("/article", "text/markdown", AGENT);
      expect(first.status).toBe(200);
      expect(first.headers["content-type"]).toBe(MARKDOWN);
      expect(first.headers["x-crawlgate-served-from"]).toBe("render");
      expect(varyNames(first)).toContain("accept");
      expect(first.headers["x-markdown-tokens"]).toBe(String(Math.ceil(first.body.length / 4)));
      const body = first.body;
      expect(body).toMatch(/^---\ntitle: "Choosing a tent"\n---\n/);
      expect(body).toContain("# Choosing a tent");
      expect(body).toContain("## Weight");
      expect(body).toContain("Three things matter: **weight**, space and weather.");
      expect(body).toMatch(/\[packing guide\]\(https?:\/\/shop\.example\.com\/docs\/intro\?x=1\)/);
      expect(body).toMatch(/!\[A green tent\]\(https?:\/\/shop\.example\.com\/img\/tent\.jpg\)/);
      for (const dropped of ["SCRIPT", "NAV", "HEADER", "FOOTER", "HIDDEN", "FORM", "color: red"])
        expect(body).not.toContain(dropped);
      const second = await ask("/article", "text/markdown", AGENT);
      expect(second.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(second.body).toBe(body);
      expect(conversions).toBe(1);
      expect(w.origin.hits).toEqual(["GET /article"]);
      const crawls = await w.crawls();
      expect(crawls.map((c) => [c.servedFrom, c.status, c.bytes])).toEqual([
        ["render", 200, new TextEncoder().encode(body).byteLength],
        ["cache", 200, new TextEncoder().encode(body).byteLength],
      ]);
    });

    it("sends HTML with Vary: Accept to a crawler that does not prefer Markdown", async () => {
      const html = await ask("/article", null);
      expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(varyNames(html)).toEqual(expect.arrayContaining(["accept", "accept-encoding"]));
      expect(html.headers["x-markdown-tokens"]).toBeUndefined();
      expect(html.body).toContain("<nav>");
    });

    it("weighs Accept by q-values; text/* and */* never select Markdown", async () => {
      const cases: [string, boolean][] = [
        ["text/markdown", true],
        ["text/html;q=0.5, text/markdown", true],
        ["text/markdown, text/html", true],
        ["TEXT/MARKDOWN;Q=0.8, text/*;q=0.8", true],
        ["text/markdown;q=0.5, text/html", false],
        ["text/markdown;q=0", false],
        ["text/*", false],
        ["*/*", false],
        ["text/html,application/xhtml+xml,*/*;q=0.8", false],
        ["text/markdown;q=0.9, */*", false],
      ];
      for (const [accept, markdown] of cases) {
        const reply = await ask("/article", accept);
        expect([accept, isMarkdown(reply)]).toEqual([accept, markdown]);
        expect(varyNames(reply)).toContain("accept");
      }
      expect(conversions).toBe(1);
    });

    it("gives people who ask for Markdown the Markdown, and records no crawl", async () => {
      const w = world();
      const reply = await ask("/article", "text/markdown", BROWSER);
      expect(isMarkdown(reply)).toBe(true);
      expect(reply.body).toContain("# Choosing a tent");
      const person = await ask("/article", null, BROWSER);
      expect(person.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(await w.crawls()).toEqual([]);
    });

    it("adds Accept to the Vary of the origin's answers of pages, and only of pages", async () => {
      const w = world();
      const person = await ask("/article", null, BROWSER);
      expect(person.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(varyNames(person)).toContain("accept");
      expect(varyNames(person).filter((name) => name === "accept")).toHaveLength(1);
      // A POST is never answered in Markdown: its answer does not vary on Accept.
      const post = await w.send({
        method: "POST",
        path: "/article",
        headers: { "user-agent": BROWSER },
      });
      expect(post.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(varyNames(post)).not.toContain("accept");
    });

    it("refreshes both variants on a purge", async () => {
      const w = world();
      expect((await ask("/live", "text/markdown")).body).toContain("# Live version 1");
      expect((await ask("/live", null)).body).toContain("<h1>Live version 1</h1>");
      await purgePath(w, "/live");
      await w.work();
      const markdown = await ask("/live", "text/markdown");
      expect(markdown.headers["x-crawlgate-served-from"]).toBe("cache");
      expect(markdown.body).toContain("# Live version 2");
      expect(markdown.body).not.toContain("version 1");
      const html = await ask("/live", null);
      expect(html.body).toContain("<h1>Live version 2</h1>");
    });

    it("never converts an answer that is not HTML", async () => {
      const json = await ask("/api/data", "text/markdown", AGENT);
      expect(json.headers["content-type"]).toMatch(/^application\/json\b/);
      expect(json.body).toBe('{"a":1}');
      expect(json.headers["x-markdown-tokens"]).toBeUndefined();
      expect(conversions).toBe(0);
    });
  });
}
