import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PAGE_URL_BYTES, pagePath, storedSpellings } from "./page-url.js";

describe("pagePath", () => {
  it("strips query, fragment and trailing slashes from full URLs and bare paths", () => {
    expect(pagePath("https://Shop.example.com/Products/Widget/?a=1#top")).toBe("/Products/Widget");
    expect(pagePath("HTTP://shop.example.com")).toBe("/");
    expect(pagePath("/a//b//?x")).toBe("/a//b");
    expect(pagePath("/")).toBe("/");
    expect(pagePath("///")).toBe("/");
    expect(pagePath("/a/./b/../c")).toBe("/a/c");
  });

  it("percent-encodes like the WHATWG pathname and keeps existing escapes and case", () => {
    expect(pagePath("/caf\u00e9 menu")).toBe("/caf%C3%A9%20menu");
    expect(pagePath("/caf%c3%a9")).toBe("/caf%c3%a9");
    expect(pagePath("https://x.test/%7Euser")).toBe("/%7Euser");
  });

  it("refuses other forms and overlong values", () => {
    for (const url of ["", "widget", "ftp://x/a", "https://", "mailto:a@b", "?q=1"]) {
      expect(pagePath(url), url).toBeNull();
    }
    expect(pagePath(`/${"a".repeat(MAX_PAGE_URL_BYTES - 1)}`)).not.toBeNull();
    expect(pagePath(`/${"a".repeat(MAX_PAGE_URL_BYTES)}`)).toBeNull();
  });

  it("is idempotent, and a full URL and its bare path agree", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), fc.webFragments(), (path, q, f) => {
        const bare = `/${path.replace(/^\/+/, "")}`;
        const normal = pagePath(`${bare}?${q}#${f}`);
        expect(normal).not.toBeNull();
        expect(pagePath(normal as string)).toBe(normal);
        expect(pagePath(`https://shop.example.com${bare}?${q}`)).toBe(normal);
        expect(normal).toMatch(/^\/([^?#]*[^/?#])?$/);
      }),
      { numRuns: 60 },
    );
  });
});

describe("storedSpellings", () => {
  it("adds the trailing-slash spelling except for the root", () => {
    expect(storedSpellings("/")).toEqual(["/"]);
    expect(storedSpellings("/a")).toEqual(["/a", "/a/"]);
  });
});
