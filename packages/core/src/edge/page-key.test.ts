import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RENDER_VARIANTS } from "../types.js";
import { MAX_PAGE_KEY, pageKey, variantKey, variantOfKey } from "./page-key.js";

describe("pageKey", () => {
  it("keeps the path, drops tracking and empty parameters, sorts the rest stably", () => {
    expect(pageKey("/Shop/%C3%A9?utm_source=x&b=2&&a=1&gclid=z&a=0#top")).toEqual({
      path: "/Shop/%C3%A9",
      key: "/Shop/%C3%A9?a=1&a=0&b=2",
    });
    expect(pageKey("/p?utm_medium=email")).toEqual({ path: "/p", key: "/p" });
    expect(pageKey("/p?")).toEqual({ path: "/p", key: "/p" });
    expect(pageKey("/")).toEqual({ path: "/", key: "/" });
  });

  it("refuses what is not an origin-form path, and keys that are too long", () => {
    expect(pageKey("*")).toBeNull();
    expect(pageKey("//evil.example/x")).toBeNull();
    expect(pageKey("http://a/b")).toBeNull();
    expect(pageKey(`/${"a".repeat(MAX_PAGE_KEY)}`)).toBeNull();
  });

  it("is idempotent and ignores parameter order, for any query", () => {
    const param = fc
      .tuple(fc.constantFrom("a", "b", "utm_x", "q", "gclid", ""), fc.string({ maxLength: 4 }))
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
    fc.assert(
      fc.property(fc.array(param, { maxLength: 6 }), (params) => {
        const key = pageKey(`/p?${params.join("&")}`);
        expect(key).not.toBeNull();
        expect(pageKey(key?.key as string)).toEqual(key);
        const byName = (p: string) => p.slice(0, p.indexOf("="));
        const reordered = [...params].sort((x, y) => (byName(x) < byName(y) ? 1 : -1));
        // Same names keep their relative order in both, so the keys agree.
        const names = new Set(params.map(byName));
        if (names.size === params.length) {
          expect(pageKey(`/p?${reordered.join("&")}`)).toEqual(key);
        }
      }),
      { seed: 3, numRuns: 500 },
    );
  });
});

describe("variantKey", () => {
  it("keeps the desktop key as it is and marks the mobile one", () => {
    expect(variantKey("/p?a=1", "desktop")).toBe("/p?a=1");
    expect(variantKey("/p?a=1", "mobile")).toBe("/p?a=1#mobile");
    expect(variantOfKey("/p?a=1#mobile")).toEqual({ key: "/p?a=1", variant: "mobile" });
    expect(variantOfKey("/p?a=1")).toEqual({ key: "/p?a=1", variant: "desktop" });
    // Not a variant mark: the whole text is a (desktop) key.
    expect(variantOfKey("/p#desktop")).toEqual({ key: "/p#desktop", variant: "desktop" });
    expect(variantOfKey("/p#tablet")).toEqual({ key: "/p#tablet", variant: "desktop" });
  });

  it("round-trips every page key and variant, and never gives two pages one key", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...RENDER_VARIANTS), (target, variant) => {
        const page = pageKey(`/${target}`);
        if (page === null) return;
        const key = variantKey(page.key, variant);
        expect(variantOfKey(key)).toEqual({ key: page.key, variant });
      }),
      { seed: 11, numRuns: 2000 },
    );
  });
});
