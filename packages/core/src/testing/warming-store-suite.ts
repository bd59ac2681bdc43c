import { describe, expect, it } from "vitest";
import type { WarmingStore } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

const AT = (hh: string, mm = "00") => new Date(`2026-11-20T${hh}:${mm}:00Z`);

/** The WarmingStore contract (see `ports/warming.ts`), for every adapter. */
export function warmingStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ warming: WarmingStore }>>,
): void {
  describe(`WarmingStore conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("answers defaults for a domain never set, and a copy", async () => {
      const { warming } = h();
      const d = crypto.randomUUID();
      const settings = await warming.getWarmSettings(d);
      expect(settings).toEqual({ sitemapUrls: [], rendersPerHour: null, scheduled: false });
      settings.sitemapUrls.push("https://x.example/s.xml");
      expect((await warming.getWarmSettings(d)).sitemapUrls).toEqual([]);
    });

    it("replaces only the fields given, keeping order and duplicates of the list", async () => {
      const { warming } = h();
      const d = crypto.randomUUID();
      const urls = [
        "https://e.example/b.xml",
        "https://e.example/a.xml",
        "https://e.example/b.xml",
      ];
      expect(await warming.setWarmSettings(d, { sitemapUrls: urls })).toEqual({
        sitemapUrls: urls,
        rendersPerHour: null,
        scheduled: false,
      });
      await warming.setWarmSettings(d, { rendersPerHour: 120, scheduled: true });
      expect(await warming.getWarmSettings(d)).toEqual({
        sitemapUrls: urls,
        rendersPerHour: 120,
        scheduled: true,
      });
      await warming.setWarmSettings(d, { rendersPerHour: null, sitemapUrls: [] });
      expect(await warming.getWarmSettings(d)).toEqual({
        sitemapUrls: [],
        rendersPerHour: null,
        scheduled: true,
      });
    });

    it("lists the scheduled domains in byte order", async () => {
      const { warming } = h();
      const ids = ["b-dom", "a-dom", "\u00e9-dom", "Z-dom"].map(
        (p) => `${p}-${crypto.randomUUID()}`,
      );
      for (const id of ids) await warming.setWarmSettings(id, { scheduled: true });
      await warming.setWarmSettings(`c-${crypto.randomUUID()}`, { scheduled: false });
      await warming.setWarmSettings(ids[0] as string, { scheduled: false });
      const listed = (await warming.scheduledWarmDomains()).filter((id) => ids.includes(id));
      expect(listed).toEqual([ids[3], ids[1], ids[2]]);
    });

    it("takes at most the hour's budget, then starts again the next UTC hour", async () => {
      const { warming } = h();
      const d = crypto.randomUUID();
      expect(await warming.warmBudgetUsed(d, AT("10"))).toBe(0);
      expect(await warming.takeWarmBudget(d, AT("10", "05"), 7, 10)).toBe(7);
      expect(await warming.takeWarmBudget(d, AT("10", "30"), 7, 10)).toBe(3);
      expect(await warming.takeWarmBudget(d, AT("10", "59"), 1, 10)).toBe(0);
      expect(await warming.takeWarmBudget(d, AT("10", "59"), 0, 10)).toBe(0);
      expect(await warming.warmBudgetUsed(d, AT("10", "45"))).toBe(10);
      expect(await warming.warmBudgetUsed(d, AT("11"))).toBe(0);
      expect(await warming.takeWarmBudget(d, AT("11"), 4, 10)).toBe(4);
      expect(await warming.warmBudgetUsed(d, AT("11", "20"))).toBe(4);
      expect(await warming.takeWarmBudget(crypto.randomUUID(), AT("11"), 4, 3)).toBe(3);
    });

    it("a smaller budget than already used takes nothing", async () => {
      const { warming } = h();
      const d = crypto.randomUUID();
      expect(await warming.takeWarmBudget(d, AT("10"), 8, 10)).toBe(8);
      expect(await warming.takeWarmBudget(d, AT("10"), 5, 5)).toBe(0);
      expect(await warming.warmBudgetUsed(d, AT("10"))).toBe(8);
    });

    it("concurrent takes never exceed the budget", async () => {
      const { warming } = h();
      const d = crypto.randomUUID();
      const taken = await Promise.all(
        Array.from({ length: 12 }, () => warming.takeWarmBudget(d, AT("12"), 3, 20)),
      );
      expect(taken.reduce((a, b) => a + b, 0)).toBe(20);
      expect(await warming.warmBudgetUsed(d, AT("12"))).toBe(20);
    });
  });
}
