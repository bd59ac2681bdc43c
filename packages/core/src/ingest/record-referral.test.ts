import { createMemoryReferralStore } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import type { ReferralStore } from "../ports/index.js";
import { createReferralIngest, landingPath, type VisitEvent } from "./record-referral.js";

const D = "00000000-0000-4000-8000-0000000000d1";
const DAY = "2026-11-20";

function setup(options: { pathCap?: number; intervalMs?: number } = {}) {
  const referrals = createMemoryReferralStore();
  const ingest = createReferralIngest({
    referrals,
    ...(options.pathCap ? { pathCap: options.pathCap } : {}),
    batching: { intervalMs: options.intervalMs ?? 5 },
  });
  return { referrals, ingest };
}

const visit = (over: Partial<VisitEvent> = {}): VisitEvent => ({
  domainId: D,
  ts: new Date(`${DAY}T10:00:00.000Z`),
  path: "/pricing",
  referer: "https://chatgpt.com/",
  ...over,
});

describe("recordReferral", () => {
  it("records an AI visit under its source and acknowledges once stored", async () => {
    const { referrals, ingest } = setup();
    const result = await ingest.recordReferral(
      visit({ visitId: "v1", referer: "https://www.perplexity.ai/search?q=x" }),
    );
    expect(result).toEqual({
      recorded: true,
      visitId: "v1",
      source: "perplexity",
      surfaceType: "answer",
      path: "/pricing",
    });
    expect(await referrals.referralDayCounts(D, DAY, DAY)).toEqual([
      { day: DAY, source: "perplexity", count: 1 },
    ]);
    const generated = await ingest.recordReferral(visit());
    expect(generated.recorded && generated.visitId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("records nothing for visits no AI surface sent, and says so", async () => {
    const { referrals, ingest } = setup();
    for (const referer of [null, "https://www.google.com/", "https://news.example.com/a"]) {
      expect(await ingest.recordReferral(visit({ referer }))).toEqual({
        recorded: false,
        reason: "not_ai",
      });
    }
    // An AI utm does not turn an excluded search Referer into a referral.
    expect(
      (
        await ingest.recordReferral(
          visit({ referer: "https://www.bing.com/", utmSource: "chatgpt.com" }),
        )
      ).recorded,
    ).toBe(false);
    // A Referer from the site itself is navigation, even on an AI-looking host.
    expect(
      (await ingest.recordReferral(visit({ referer: "https://shop.ai/cart", siteHost: "shop.ai" })))
        .recorded,
    ).toBe(false);
    expect(await referrals.referralDayCounts(D, DAY, DAY)).toEqual([]);
    expect(ingest.pending()).toBe(0);
  });

  it("falls back to utm_source (given, or in the path's query) and drops query and fragment", async () => {
    const { referrals, ingest } = setup();
    const fromQuery = await ingest.recordReferral(
      visit({ referer: null, path: "/guide?utm_source=chatgpt.com#intro" }),
    );
    expect(fromQuery).toMatchObject({ recorded: true, source: "chatgpt", path: "/guide" });
    const given = await ingest.recordReferral(
      visit({ referer: null, path: "/guide?utm_source=newsletter", utmSource: "perplexity" }),
    );
    expect(given).toMatchObject({ recorded: true, source: "perplexity", path: "/guide" });
    expect(await referrals.topLandingPaths(D, DAY, DAY, 10)).toEqual([
      { path: "/guide", total: 2, bySource: { chatgpt: 1, perplexity: 1 } },
    ]);
    expect(landingPath("?utm_source=x")).toBe("/");
    expect(landingPath("/a/b#c")).toBe("/a/b");
  });

  it("counts a replayed visit once", async () => {
    const { referrals, ingest } = setup();
    const first = await ingest.recordReferral(visit({ visitId: "same" }));
    const again = await ingest.recordReferral(visit({ visitId: "same" }));
    expect(again).toEqual(first);
    expect(await referrals.referralDayCounts(D, DAY, DAY)).toEqual([
      { day: DAY, source: "chatgpt", count: 1 },
    ]);
  });

  it("applies the path cap it was given", async () => {
    const { referrals, ingest } = setup({ pathCap: 1 });
    await Promise.all([
      ingest.recordReferral(visit({ path: "/a" })),
      ingest.recordReferral(visit({ path: "/b", referer: "https://claude.ai/chat/1" })),
    ]);
    expect(await referrals.countLandingPaths(D, DAY, DAY)).toBe(1);
    expect(await referrals.overflowCounts(D, DAY, DAY)).toEqual({
      total: 1,
      bySource: { claude: 1 },
    });
  });

  it("flushes buffered visits on close, then refuses new ones", async () => {
    const { referrals, ingest } = setup({ intervalMs: 60_000 });
    const calls = [ingest.recordReferral(visit()), ingest.recordReferral(visit({ path: "/x" }))];
    expect(ingest.pending()).toBe(2);
    await ingest.close();
    expect((await Promise.all(calls)).every((r) => r.recorded)).toBe(true);
    expect(await referrals.countLandingPaths(D, DAY, DAY)).toBe(2);
    await expect(ingest.recordReferral(visit())).rejects.toThrow(/closed/);
  });

  it("rejects an invalid instant alone, without failing its batchmates", async () => {
    const { referrals, ingest } = setup();
    const [bad, good] = await Promise.allSettled([
      ingest.recordReferral(visit({ ts: new Date("not a date") })),
      ingest.recordReferral(visit()),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good.status).toBe("fulfilled");
    expect(await referrals.referralDayCounts(D, DAY, DAY)).toHaveLength(1);
  });

  it("never acknowledges a visit the store did not take", async () => {
    const failing: ReferralStore = {
      ...createMemoryReferralStore(),
      appendReferrals: () => Promise.reject(new Error("disk full")),
    };
    const ingest = createReferralIngest({
      referrals: failing,
      batching: { intervalMs: 1, maxAttempts: 2, retryDelayMs: 1 },
    });
    await expect(ingest.recordReferral(visit())).rejects.toThrow("disk full");
  });
});
