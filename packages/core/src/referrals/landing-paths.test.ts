import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareUtf8, rankLandingPaths, sumBySource } from "./landing-paths.js";

const sign = (n: number) => Math.sign(n);

describe("landing paths", () => {
  it("compares in UTF-8 byte order, unlike JavaScript's <", () => {
    expect(compareUtf8("/\u{1F600}", "/\uFF01")).toBeGreaterThan(0);
    expect("/\u{1F600}" < "/\uFF01").toBe(true);
    expect(compareUtf8("/a", "/a")).toBe(0);
    expect(compareUtf8("/a", "/ab")).toBeLessThan(0);
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (a, b) => {
        expect(sign(compareUtf8(a, b))).toBe(sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
    );
    const char = fc.string({ unit: "binary", minLength: 1, maxLength: 1 });
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), char, char, (prefix, x, y) => {
        const [a, b] = [prefix + x, prefix + y];
        expect(sign(compareUtf8(a, b))).toBe(sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
    );
  });

  it("sums per source, skipping zeros; null when nothing", () => {
    expect(
      sumBySource([
        { source: "claude", count: 2 },
        { source: "chatgpt", count: 0 },
        { source: "claude", count: 1 },
        { source: "perplexity", count: 4 },
      ]),
    ).toEqual({ total: 7, bySource: { claude: 3, perplexity: 4 } });
    expect(sumBySource([])).toBeNull();
    expect(sumBySource([{ source: "claude", count: 0 }])).toBeNull();
  });

  it("ranks by total descending then path, leaves out __overflow__, limits", () => {
    const rows = [
      { path: "/b", source: "claude", count: 2 },
      { path: "/a", source: "chatgpt", count: 1 },
      { path: "/a", source: "claude", count: 1 },
      { path: "__overflow__", source: "claude", count: 9 },
      { path: "/c", source: "you", count: 3 },
    ];
    expect(rankLandingPaths(rows, 10)).toEqual([
      { path: "/c", total: 3, bySource: { you: 3 } },
      { path: "/a", total: 2, bySource: { chatgpt: 1, claude: 1 } },
      { path: "/b", total: 2, bySource: { claude: 2 } },
    ]);
    expect(rankLandingPaths(rows, 2).map((r) => r.path)).toEqual(["/c", "/a"]);
    expect(rankLandingPaths(rows, 0)).toEqual([]);
  });
});
