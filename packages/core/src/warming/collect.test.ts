import { describe, expect, it } from "vitest";
import { collectPages } from "./collect.js";
import { warmDecision } from "./diff.js";
import { sitemapRoots } from "./discover.js";
import type { ParsedSitemap } from "./sitemap-parser.js";

const H = "shop.example";
const urlset = (locs: [string, string | null][]): ParsedSitemap => ({
  kind: "urlset",
  entries: locs.map(([loc, lastmod]) => ({ loc, lastmod })),
  dropped: 0,
  invalid: 0,
  error: null,
});
const index = (locs: string[]): ParsedSitemap => ({
  ...urlset(locs.map((l) => [l, null])),
  kind: "sitemapindex",
});

function reader(files: Record<string, ParsedSitemap>) {
  const read: string[] = [];
  return {
    read,
    fn: async (url: string) => {
      read.push(url);
      return (
        files[url] ?? {
          kind: null,
          entries: [],
          dropped: 0,
          invalid: 0,
          error: "the origin answered 404",
        }
      );
    },
  };
}

describe("collectPages", () => {
  it("follows an index within its directory and keeps a listed file's pages within its own", async () => {
    const files = {
      "https://shop.example/shop/index.xml": index([
        "https://shop.example/shop/products/s.xml",
        "https://shop.example/blog/s.xml",
        "https://other.example/shop/s.xml",
      ]),
      "https://shop.example/shop/products/s.xml": urlset([
        ["https://shop.example/shop/products/a", "2026-11-01"],
        ["https://shop.example/shop/products/b?utm_source=x", "2026-11-02"],
        ["https://shop.example/shop/about", "2026-11-03"],
        ["https://other.example/shop/products/c", "2026-11-03"],
        ["https://shop.example:8443/shop/products/d", null],
        ["ftp://shop.example/shop/products/e", null],
      ]),
    };
    const { read, fn } = reader(files);
    const out = await collectPages(H, ["https://shop.example/shop/index.xml"], fn);
    expect(out.pages).toEqual([
      { key: "/shop/products/a", lastmod: Date.UTC(2026, 10, 1) },
      { key: "/shop/products/b", lastmod: Date.UTC(2026, 10, 2) },
    ]);
    expect(out.skipped).toBe(4);
    expect(read).toEqual([
      "https://shop.example/shop/index.xml",
      "https://shop.example/shop/products/s.xml",
    ]);
    expect(out.sitemaps.map((s) => [s.url, s.urls, s.error !== null])).toEqual([
      ["https://shop.example/shop/index.xml", 3, false],
      ["https://shop.example/blog/s.xml", 0, true],
      ["https://other.example/shop/s.xml", 0, true],
      ["https://shop.example/shop/products/s.xml", 6, false],
    ]);
  });

  it("takes any page of the host from a top-level sitemap; distrusts identical lastmods", async () => {
    const { fn } = reader({
      "https://shop.example/a.xml": urlset([
        ["https://shop.example/x", "2026-11-01"],
        ["https://shop.example/y/z", "2026-11-01"],
      ]),
      "https://shop.example/b.xml": urlset([
        ["https://shop.example/x", null],
        ["https://shop.example/only", "2026-11-05"],
      ]),
    });
    const out = await collectPages(
      H,
      ["https://shop.example/a.xml", "https://shop.example/b.xml"],
      fn,
    );
    expect(out.pages).toEqual([
      { key: "/x", lastmod: null },
      { key: "/y/z", lastmod: null },
      { key: "/only", lastmod: Date.UTC(2026, 10, 5) },
    ]);
  });

  it("reads each file once, stops at the index depth, and reports errors", async () => {
    const { read, fn } = reader({
      "https://shop.example/i0.xml": index([
        "https://shop.example/i1.xml",
        "https://shop.example/i0.xml",
      ]),
      "https://shop.example/i1.xml": index(["https://shop.example/i2.xml"]),
      "https://shop.example/i2.xml": index(["https://shop.example/i3.xml"]),
    });
    const out = await collectPages(H, ["https://shop.example/i0.xml", "not a url"], fn);
    expect(read).toEqual([
      "https://shop.example/i0.xml",
      "https://shop.example/i1.xml",
      "https://shop.example/i2.xml",
    ]);
    expect(out.sitemaps.find((s) => s.url === "not a url")?.error).toMatch(/not an http/);
    expect(out.sitemaps.find((s) => s.url.endsWith("i2.xml"))?.error).toMatch(/nested/);
  });
});

describe("warmDecision", () => {
  const now = new Date(Date.UTC(2026, 10, 20, 12));
  const cached = { renderedAt: new Date(Date.UTC(2026, 10, 20, 10)) };
  const hour = 3_600_000;
  it("renders what was never cached, changed since, or (without a lastmod) expired", () => {
    expect(warmDecision({ lastmod: null }, null, now, hour)).toBe("never_cached");
    expect(warmDecision({ lastmod: Date.UTC(2026, 10, 20, 11) }, cached, now, hour)).toBe(
      "changed",
    );
    expect(warmDecision({ lastmod: Date.UTC(2026, 10, 20, 10) }, cached, now, hour)).toBe("fresh");
    expect(warmDecision({ lastmod: Date.UTC(2026, 10, 19) }, cached, now, hour)).toBe("fresh");
    expect(warmDecision({ lastmod: null }, cached, now, 2 * hour)).toBe("expired");
    expect(warmDecision({ lastmod: null }, cached, now, 3 * hour)).toBe("fresh");
  });
});

describe("sitemapRoots", () => {
  const base = { hostname: H, scheme: "https" as const };
  it("takes the explicit sitemap alone, else the list and robots.txt, else /sitemap.xml", () => {
    expect(
      sitemapRoots({
        ...base,
        explicit: "https://shop.example/s.xml",
        listed: ["x"],
        robotsText: null,
      }),
    ).toEqual(["https://shop.example/s.xml"]);
    expect(
      sitemapRoots({
        ...base,
        explicit: null,
        listed: ["https://shop.example/a.xml"],
        robotsText:
          "User-agent: *\nDisallow:\nSitemap: https://shop.example/a.xml\nsitemap: /b.xml # rel\n",
      }),
    ).toEqual(["https://shop.example/a.xml", "https://shop.example/b.xml"]);
    expect(
      sitemapRoots({ ...base, explicit: null, listed: [], robotsText: "User-agent: *\n" }),
    ).toEqual(["https://shop.example/sitemap.xml"]);
  });
});
