import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRequestTarget } from "./request-target.js";

describe("parseRequestTarget", () => {
  it("keeps an origin-form target as sent and reads its query", () => {
    expect(parseRequestTarget("/a//b/../c?x=1&y=%20#frag")).toEqual({
      path: "/a//b/../c",
      search: "?x=1&y=%20",
      query: { x: "1", y: " " },
    });
  });

  it("reads an absolute-form target, and refuses what the URL parser refuses", () => {
    expect(parseRequestTarget("http://h.example/p?q=1")?.path).toBe("/p");
    for (const bad of ["http://x:99999/", "http://999.1.1.1/", "http://[::1/", "*", "", "x"])
      expect(parseRequestTarget(bad)).toBeNull();
  });

  it("never throws, whatever the target", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), (raw) => {
        const parsed = parseRequestTarget(raw);
        if (parsed) expect(parsed.path.startsWith("/")).toBe(true);
        parseRequestTarget(`/${raw}`);
        parseRequestTarget(`http://${raw}`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parseRequestTarget agrees with the URL parser", () => {
  const pathChar = fc.oneof(
    fc.constantFrom("/", "?", "#", "&", "=", "%", "%20", "%zz", "..", ".", ";", "@", ":", "+"),
    fc.string({ unit: "binary-ascii", maxLength: 3 }),
    fc.string({ unit: "grapheme", maxLength: 2 }),
  );
  const originForm = fc.array(pathChar, { maxLength: 8 }).map((parts) => `/${parts.join("")}`);

  it("keeps an origin-form target's bytes: path and search are the target up to its fragment", () => {
    fc.assert(
      fc.property(originForm, (raw) => {
        const parsed = parseRequestTarget(raw);
        expect(parsed).not.toBeNull();
        if (!parsed) return;
        expect(parsed.host).toBeUndefined();
        const beforeFragment = raw.split("#")[0] as string;
        expect(parsed.path + parsed.search).toBe(beforeFragment);
        expect(parsed.path.includes("?")).toBe(false);
        expect(parsed.search === "" || parsed.search.startsWith("?")).toBe(true);
        expect(parsed.query).toEqual(
          Object.fromEntries(new URLSearchParams(parsed.search).entries()),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("reads an absolute-form target as the WHATWG parser does, and refuses what it refuses", () => {
    const authority = fc.constantFrom(
      "h.example",
      "h.example:8080",
      "[::1]",
      "x:99999",
      "[::1",
      "",
    );
    fc.assert(
      fc.property(
        fc.constantFrom("http://", "HTTPS://", "ftp://"),
        authority,
        originForm,
        (scheme, host, path) => {
          const raw = scheme + host + path;
          const parsed = parseRequestTarget(raw);
          let url: URL | null = null;
          try {
            url = new URL(raw);
          } catch {}
          if (!url || !/^https?:$/.test(url.protocol)) {
            expect(parsed).toBeNull();
            return;
          }
          expect(parsed).toEqual({
            path: url.pathname,
            search: url.search,
            query: Object.fromEntries(url.searchParams.entries()),
            protocol: url.protocol.slice(0, -1),
            host: url.host,
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});
