import { describe, expect, it } from "vitest";
import { rankLandingPaths, sumBySource } from "./landing-paths.js";

describe("landing paths", () => {
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
