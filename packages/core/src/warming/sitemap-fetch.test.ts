import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FetchLike } from "../ports/index.js";
import { robotsSitemaps } from "../robots/parse.js";
import { readSitemap } from "./sitemap-fetch.js";

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const XML = `<urlset ${NS}><url><loc>https://e.example/a</loc></url></urlset>`;
const request = { url: "http://origin.test/s.xml", headers: {} };

const answering =
  (body: ConstructorParameters<typeof Response>[0], status = 200): FetchLike =>
  async () =>
    new Response(body, { status });

describe("readSitemap", () => {
  it("reads plain and gzipped files (by their bytes, whatever the name)", async () => {
    for (const body of [XML, new Uint8Array(gzipSync(XML))]) {
      const parsed = await readSitemap(answering(body), request);
      expect(parsed).toMatchObject({ kind: "urlset", error: null });
      expect(parsed.entries).toEqual([{ loc: "https://e.example/a", lastmod: null }]);
    }
  });

  it("reports a status, a refused fetch, corrupt gzip and both size caps", async () => {
    expect((await readSitemap(answering(null, 404), request)).error).toBe(
      "the origin answered 404",
    );
    expect((await readSitemap(answering(null, 301), request)).error).toBe(
      "the origin answered 301",
    );
    const refused: FetchLike = () => Promise.reject(new Error("address not allowed"));
    expect((await readSitemap(refused, request)).error).toMatch(/^fetch failed: address/);
    const corrupt = new Uint8Array(gzipSync(XML)).slice(0, 30);
    expect((await readSitemap(answering(corrupt), request)).error).toMatch(/^unreadable body/);
    const big = `<urlset ${NS}>${"<url><loc>https://e.example/x</loc></url>".repeat(100)}</urlset>`;
    expect((await readSitemap(answering(big), request, { maxFetchBytes: 1000 })).error).toBe(
      "body larger than 1000 bytes",
    );
    // A gzip bomb: a small body that decompresses past the file cap.
    const bomb = new Uint8Array(gzipSync(`<urlset ${NS}>${" ".repeat(5_000_000)}</urlset>`));
    expect(bomb.byteLength).toBeLessThan(10_000);
    expect((await readSitemap(answering(bomb), request, { maxBytes: 100_000 })).error).toBe(
      "file larger than 100000 bytes",
    );
  });

  it("gives up at the time cap", async () => {
    const stalled: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    expect((await readSitemap(stalled, request, { timeoutMs: 50 })).error).toBe(
      "no complete file within 50 ms",
    );
  });
});

describe("robotsSitemaps", () => {
  it("property: never throws; every value is a Sitemap line's, in order", () => {
    const line = fc.oneof(
      fc.constantFrom("User-agent: *", "Disallow: /x", "# c", ""),
      fc.webUrl().map((u) => `Sitemap: ${u}`),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.constantFrom("\n", "\r\n", "\r"),
        (lines, eol) => {
          const expected = lines
            .filter((l) => /^\s*sitemap\s*:/i.test(l))
            .map(
              (l) =>
                l
                  .slice(l.indexOf(":") + 1)
                  .split("#")[0]
                  ?.trim() ?? "",
            )
            .filter((v) => v !== "");
          const simple = lines.every((l) => !/[\r\n]/.test(l));
          const found = robotsSitemaps(lines.join(eol));
          if (simple) expect(found).toEqual(expected);
        },
      ),
    );
  });
});
