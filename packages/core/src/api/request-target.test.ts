import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CrawlgateError } from "../errors.js";
import { errorApiResponse, parseRequestTarget } from "./request-target.js";

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

describe("errorApiResponse", () => {
  it("uses the error table, and hides anything unexpected behind 500 internal_error", () => {
    expect(errorApiResponse(new CrawlgateError("not_found")).body).toBe('{"error":"not_found"}');
    const hidden = errorApiResponse(new Error("ENOENT /srv/secret"));
    expect(hidden.status).toBe(500);
    expect(hidden.body).toBe('{"error":"internal_error"}');
  });
});
