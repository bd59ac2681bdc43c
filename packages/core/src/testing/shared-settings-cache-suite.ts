import { describe, expect, it } from "vitest";
import type { EdgeSettings, SettingsCache } from "../ports/index.js";
import { makePolicy, makeRule } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";

const settings = (domainId: string, hostname: string, targetUrl: string): EdgeSettings => ({
  domainId,
  hostname,
  rules: [makeRule(domainId, { targetUrl, notes: "2026-11-20T10:00:00.000Z" })],
  policy: makePolicy(),
  originUrl: null,
  pageCacheTtlSeconds: null,
  originHost: "origin",
  renderVariants: ["desktop"],
  verified: true,
  loadedAt: new Date("2026-11-20T10:00:00.000Z"),
});

/**
 * Sharing cases of the SettingsCache contract: two caches of one fleet (two instances on one
 * shared cache). Setup gives any per-instance layer a lifetime far longer than a test, so only
 * an invalidation can explain a dropped entry.
 */
export function sharedSettingsCacheSuite(
  name: string,
  setup: () => Promise<Harness<{ settingsCaches: [SettingsCache, SettingsCache] }>>,
): void {
  describe(`SettingsCache sharing: ${name}`, () => {
    const h = useHarness(setup);

    it("what one instance sets, the other gets", async () => {
      const [a, b] = h().settingsCaches;
      const s = settings(crypto.randomUUID(), "shared.example.com", "/one");
      await a.set(s);
      expect(await b.get("shared.example.com")).toEqual(s);
    });

    it("an invalidation through one instance drops the other's copy", async () => {
      const [a, b] = h().settingsCaches;
      const d = crypto.randomUUID();
      await a.set(settings(d, "shop.example.com", "/old"));
      expect((await b.get("shop.example.com"))?.rules[0]?.targetUrl).toBe("/old");
      expect((await b.get("shop.example.com"))?.rules[0]?.targetUrl).toBe("/old");
      expect(await a.invalidate(d)).toBe(true);
      expect(await a.get("shop.example.com")).toBeNull();
      // The other instance hears of it asynchronously (one message), well within a second.
      await expect.poll(() => b.get("shop.example.com"), { timeout: 1000, interval: 5 }).toBeNull();
      const fresh = settings(d, "shop.example.com", "/new");
      await b.set(fresh);
      expect(await a.get("shop.example.com")).toEqual(fresh);
    });
  });
}
