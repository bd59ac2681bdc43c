import { describe, expect, it } from "vitest";
import type { CrawlRecord } from "../../types.js";
import { at, recordCrawls as record } from "./crawl-rows.js";
import { expectWindowedExportErrors } from "./export-errors.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

/** export-crawl-analytics through the HTTP handlers. The world's today is 2026-11-20. */
export function crawlAnalyticsCases(options: ApiSuiteOptions): void {
  describe("export-crawl-analytics", () => {
    const w = useWorld(options);

    it("answers totals, intents and a zero-filled daily series per bot", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      await record(world, shop, [
        { ts: at("2026-11-18"), botId: "googlebot", verdict: "verified" },
        { ts: at("2026-11-18", 11), botId: "googlebot", verdict: "declared" },
        { ts: at("2026-11-20"), botId: "googlebot", verdict: "verified" },
        { ts: at("2026-11-19"), botId: "gptbot", verdict: "declared" },
        { ts: at("2026-11-19"), botId: "unknown", verdict: "unknown" },
        { ts: at("2026-11-20"), botId: "unknown", verdict: "automation" },
        // Outside the window: before it, and another domain.
        { ts: at("2026-11-13"), botId: "googlebot", verdict: "verified" },
      ]);
      await record(world, world.domains.other.domainId, [{ ts: at("2026-11-19") }]);

      const res = await world.call("POST", "/export-crawl-analytics", {
        body: { period: "7d", domainId: shop },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "generatedAt",
        "period",
        "startDate",
        "endDate",
        "userId",
        "legacyCutover",
        "definitionsVersion",
        "domainCount",
        "domains",
      ]);
      expect(res.json).toMatchObject({
        generatedAt: "2026-11-20T10:00:00.000Z",
        period: "7d",
        startDate: "2026-11-14",
        endDate: "2026-11-20",
        userId: world.users.owner.userId,
        legacyCutover: "2026-07-09",
        definitionsVersion: "1.1",
        domainCount: 1,
      });
      const [domain] = res.json.domains;
      expect(Object.keys(domain)).toEqual([
        "domain",
        "domainId",
        "role",
        "summary",
        "botTotals",
        "botSeries",
        "signedAgents",
        "signedAgentCount",
      ]);
      expect(domain).toMatchObject({ domain: "shop.example.com", domainId: shop, role: "owner" });
      expect(domain.summary).toEqual({ totalCrawls: 6, namedCrawls: 4, verifiedCrawls: 2 });
      expect(domain.botTotals).toEqual({
        googlebot: { intent: "search-classic", verified: 2, declared: 1, unknown: 0, total: 3 },
        unknown: { intent: "other", verified: 0, declared: 0, unknown: 2, total: 2 },
        gptbot: { intent: "training", verified: 0, declared: 1, unknown: 0, total: 1 },
      });
      expect(Object.keys(domain.botTotals)).toEqual(["googlebot", "unknown", "gptbot"]);
      expect(domain.botSeries.map((e: { date: string }) => e.date)).toEqual([
        "2026-11-14",
        "2026-11-15",
        "2026-11-16",
        "2026-11-17",
        "2026-11-18",
        "2026-11-19",
        "2026-11-20",
      ]);
      const zero = { verified: 0, declared: 0, unknown: 0, total: 0 };
      expect(domain.botSeries[0]).toEqual({
        date: "2026-11-14",
        googlebot: zero,
        unknown: zero,
        gptbot: zero,
      });
      expect(domain.botSeries[4].googlebot).toEqual({
        verified: 1,
        declared: 1,
        unknown: 0,
        total: 2,
      });
      expect(domain.botSeries[6].unknown).toEqual({
        verified: 0,
        declared: 0,
        unknown: 1,
        total: 1,
      });
    });

    it("breaks signed crawls down by agent origin and outcome, listed bot or signed-agent", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const chatgpt = "https://chatgpt.com";
      const other = "https://agent.example";
      const signed = (
        day: string,
        signature: "verified" | "invalid" | "unverified",
        agent: string | null,
      ): Partial<CrawlRecord> => ({
        ts: at(day),
        botId: agent === chatgpt ? "chatgpt-agent" : "signed-agent",
        verdict: signature === "verified" ? "verified" : "declared",
        signature,
        signatureAgent: agent,
      });
      await record(world, shop, [
        signed("2026-11-19", "verified", chatgpt),
        signed("2026-11-20", "verified", chatgpt),
        signed("2026-11-20", "invalid", chatgpt),
        signed("2026-11-20", "unverified", other),
        signed("2026-11-20", "invalid", other),
        signed("2026-11-18", "invalid", null),
        { ts: at("2026-11-20") },
        // Outside the window.
        signed("2026-11-10", "verified", other),
      ]);
      const res = await world.call("POST", "/export-crawl-analytics", {
        body: { period: "7d", domainId: shop },
      });
      expect(res.status).toBe(200);
      const [domain] = res.json.domains;
      expect(domain.signedAgents).toEqual([
        {
          agent: chatgpt,
          botId: "chatgpt-agent",
          verified: 2,
          invalid: 1,
          unverified: 0,
          total: 3,
        },
        { agent: other, botId: "signed-agent", verified: 0, invalid: 1, unverified: 1, total: 2 },
        { agent: null, botId: "signed-agent", verified: 0, invalid: 1, unverified: 0, total: 1 },
      ]);
      expect(domain.signedAgentCount).toBe(3);
      expect(domain.botTotals["chatgpt-agent"]).toMatchObject({ verified: 2, declared: 1 });
    });

    it("lists at most 100 signed agents, the busiest first, and counts them all", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const rows: Partial<CrawlRecord>[] = [];
      for (let i = 0; i < 105; i++) {
        const agent = `https://a${String(i).padStart(3, "0")}.example`;
        for (let n = 0; n < (i === 104 ? 2 : 1); n++)
          rows.push({ ts: at("2026-11-20"), signature: "unverified", signatureAgent: agent });
      }
      await record(world, shop, rows);
      const res = await world.call("POST", "/export-crawl-analytics", {
        body: { period: "1d", domainId: shop },
      });
      const [domain] = res.json.domains;
      expect(domain.signedAgentCount).toBe(105);
      expect(domain.signedAgents).toHaveLength(100);
      expect(domain.signedAgents[0]).toMatchObject({ agent: "https://a104.example", total: 2 });
      expect(domain.signedAgents[1].agent).toBe("https://a000.example");
      expect(domain.signedAgents[99].agent).toBe("https://a098.example");
    });

    it("covers every accessible domain when domainId is omitted, any role", async () => {
      const world = w();
      await record(world, world.domains.blog.domainId, [{ ts: at("2026-11-20") }]);
      const res = await world.call("POST", "/export-crawl-analytics", {
        body: { startDate: "2026-11-01", endDate: "2026-11-20" },
      });
      expect(res.status).toBe(200);
      expect(res.json.period).toBeNull();
      expect(res.json.domainCount).toBe(2);
      expect(res.json.domains.map((d: { domain: string }) => d.domain)).toEqual([
        "blog.example.com",
        "shop.example.com",
      ]);
      expect(res.json.domains[1].summary).toEqual({
        totalCrawls: 0,
        namedCrawls: 0,
        verifiedCrawls: 0,
      });
      expect(res.json.domains[1].botTotals).toEqual({});
      expect(res.json.domains[1].signedAgents).toEqual([]);
      expect(res.json.domains[1].signedAgentCount).toBe(0);
      expect(res.json.domains[1].botSeries).toHaveLength(20);
      const viewer = await world.call("POST", "/export-crawl-analytics", {
        key: world.keys.viewer,
        body: { domainId: world.domains.shop.domainId, period: "1d" },
      });
      expect(viewer.status).toBe(200);
      expect(viewer.json.domains[0].role).toBe("viewer");
    });

    it("keeps verifiedCrawls <= namedCrawls <= totalCrawls for any mix", async () => {
      const world = w();
      const verdicts = ["verified", "declared", "unknown", "automation"] as const;
      const bots = ["googlebot", "bingbot", "unknown"];
      const rows: Partial<CrawlRecord>[] = [];
      for (let i = 0; i < 60; i++) {
        const botId = bots[i % 3] as string;
        const verdict = botId === "unknown" ? verdicts[2 + (i % 2)] : verdicts[i % 2];
        rows.push({ ts: at(`2026-11-${String(10 + (i % 10)).padStart(2, "0")}`), botId, verdict });
      }
      await record(world, world.domains.shop.domainId, rows);
      const res = await world.call("POST", "/export-crawl-analytics", { body: {} });
      for (const domain of res.json.domains) {
        const { totalCrawls, namedCrawls, verifiedCrawls } = domain.summary;
        expect(verifiedCrawls).toBeLessThanOrEqual(namedCrawls);
        expect(namedCrawls).toBeLessThanOrEqual(totalCrawls);
      }
      expect(res.json.domains[1].summary.totalCrawls).toBe(60);
      expect(res.json.period).toBe("30d");
    });

    it("reads days before the cutover from the legacy per-key counts, each crawl once", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      await world.deps.crawls.addLegacyCounts(shop, "2026-07-05", [
        { key: "googlebot", total: 10, verified: 6 },
        { key: "gptbot", total: 4, verified: 2 },
        { key: "claudebot", total: 1, verified: 1 },
        { key: "twitterbot", total: 2, verified: 0 },
        { key: "social_other", total: 3, verified: 0 },
      ]);
      await record(world, shop, [
        // Before the cutover a raw crawl reaches the export through its legacy key only.
        { ts: at("2026-07-06"), botId: "googlebot", verdict: "verified" },
        { ts: at("2026-07-10"), botId: "googlebot", verdict: "verified" },
        { ts: at("2026-07-10"), botId: "gptbot", verdict: "declared" },
      ]);
      const res = await world.call("POST", "/export-crawl-analytics", {
        body: { domainId: shop, startDate: "2026-07-01", endDate: "2026-07-15" },
      });
      expect(res.status).toBe(200);
      const [domain] = res.json.domains;
      expect(domain.botTotals).toEqual({
        // Family keys carry intent null; a bot also seen after the cutover keeps its own intent.
        googlebot: { intent: "search-classic", verified: 8, declared: 4, unknown: 0, total: 12 },
        gptbot: { intent: "training", verified: 0, declared: 5, unknown: 0, total: 5 },
        social_other: { intent: null, verified: 0, declared: 3, unknown: 0, total: 3 },
        twitterbot: { intent: "social", verified: 0, declared: 2, unknown: 0, total: 2 },
        claudebot: { intent: null, verified: 0, declared: 1, unknown: 0, total: 1 },
      });
      expect(domain.summary).toEqual({ totalCrawls: 23, namedCrawls: 23, verifiedCrawls: 8 });
      const day = (date: string) => domain.botSeries.find((e: { date: string }) => e.date === date);
      expect(day("2026-07-05").googlebot).toEqual({
        verified: 6,
        declared: 4,
        unknown: 0,
        total: 10,
      });
      expect(day("2026-07-06").googlebot).toEqual({
        verified: 1,
        declared: 0,
        unknown: 0,
        total: 1,
      });
      expect(day("2026-07-10").gptbot).toEqual({ verified: 0, declared: 1, unknown: 0, total: 1 });
      // A window wholly before the cutover is valid here (unlike page analytics).
      const early = await world.call("POST", "/export-crawl-analytics", {
        body: { domainId: shop, startDate: "2026-07-05", endDate: "2026-07-05" },
      });
      expect(early.json.domains[0].summary).toEqual({
        totalCrawls: 20,
        namedCrawls: 20,
        verifiedCrawls: 6,
      });
    });

    it("refuses bad windows, bad IDs, unknown fields and inaccessible domains", async () => {
      await expectWindowedExportErrors(w(), "/export-crawl-analytics");
    });
  });
}
