import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageKey } from "./page-key.js";
import { readEdgeRequest } from "./request.js";
import { hostOfHeader } from "./site-settings.js";

describe("readEdgeRequest", () => {
  it("reads host, path, query, target and page key once", () => {
    expect(
      readEdgeRequest({ host: "Shop.Example.com:8080", url: "/a/b?utm_source=x&b=2#f" }),
    ).toEqual({
      host: "shop.example.com",
      path: "/a/b",
      query: "utm_source=x&b=2",
      target: "/a/b?utm_source=x&b=2",
      pageKey: { path: "/a/b", key: "/a/b?b=2" },
    });
    expect(readEdgeRequest({ host: "shop.example.com", url: "//evil/x" })?.pageKey).toBeNull();
    expect(readEdgeRequest({ host: "shop.example.com", url: "*" })).toBeNull();
    expect(readEdgeRequest({ host: "[::1]:80", url: "/" })).toBeNull();
  });

  it("agrees with splitting the target by hand and with pageKey, for any target", () => {
    fc.assert(
      fc.property(fc.string(), (rest) => {
        const url = `/${rest}`;
        const read = readEdgeRequest({ host: "shop.example.com", url });
        const target = url.split("#", 1)[0] as string;
        expect(read?.target).toBe(target);
        expect(read?.path).toBe(url.split(/[?#]/, 1)[0]);
        expect(`${read?.path}${target.includes("?") ? `?${read?.query}` : ""}`).toBe(target);
        expect(read?.pageKey).toEqual(pageKey(url));
      }),
      { numRuns: 500 },
    );
  });
});

describe("hostOfHeader", () => {
  it("is the domain rule's hostname without port; IP literals and junk are no host", () => {
    expect(hostOfHeader("WWW.Example.COM.:443")).toBe("www.example.com");
    expect(hostOfHeader(" shop.example.com ")).toBe("shop.example.com");
    for (const junk of ["", "localhost", "[::1]", "a b.com", "-x.example.com", "x".repeat(300)])
      expect(hostOfHeader(junk), junk).toBeNull();
  });
});
