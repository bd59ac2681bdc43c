import { describe, expect, it } from "vitest";
import { describeWarmAnswer, describeWarmStatus } from "./warm-progress.js";

const status = {
  domainId: "d",
  hostname: "shop.example.com",
  role: "viewer" as const,
  pendingRenders: { purge: 1, warm: 1_250, refresh: 0 },
  rendersPerHour: 3_600,
  usedThisHour: 1_300,
  scheduled: false,
  sitemapUrls: [],
};

describe("warm progress", () => {
  it("says what waits and what is left of the hour's budget", () => {
    expect(describeWarmStatus(status)).toEqual({
      waiting: true,
      lines: [
        "Warming: 1,250 renders waiting.",
        "Also waiting: 1 purge, 0 stale refreshes.",
        "Budget this hour: 1,300 renders of 3,600 taken, 2,300 left.",
        "Not warmed on a schedule.",
      ],
    });
    const done = describeWarmStatus({
      ...status,
      pendingRenders: { purge: 0, warm: 0, refresh: 1 },
      usedThisHour: 4_000,
      scheduled: true,
    });
    expect(done.waiting).toBe(false);
    expect(done.lines[0]).toBe("Warming: no warm render waiting.");
    expect(done.lines[2]).toBe("Budget this hour: 4,000 renders of 3,600 taken, 0 left.");
    expect(done.lines[3]).toBe("Warmed every hour from its sitemaps.");
  });

  it("sums up a warm's answer and names each sitemap that failed", () => {
    expect(
      describeWarmAnswer({
        queued: 1,
        alreadyFresh: 4_862,
        skipped: 2,
        budgetDeferred: 0,
        sitemaps: [
          { url: "https://shop.example.com/sitemap.xml", urls: 4_865, error: null },
          { url: "https://shop.example.com/bad.xml", urls: 0, error: "line 3: unclosed tag" },
        ],
      }),
    ).toEqual([
      "Queued 1 page; 4,862 already fresh, 2 skipped, 0 over this hour's budget (2 sitemaps read).",
      "https://shop.example.com/bad.xml: line 3: unclosed tag",
    ]);
  });
});
