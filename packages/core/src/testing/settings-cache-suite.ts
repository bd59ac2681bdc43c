import { describe, expect, it } from "vitest";
import type { EdgeSettings, SettingsCache } from "../ports/index.js";
import { makePolicy, makeRule } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";

function settings(domainId: string, hostname: string): EdgeSettings {
  return {
    domainId,
    hostname,
    rules: [makeRule(domainId)],
    policy: makePolicy(),
    originUrl: "https://origin.example.com:8443",
    pageCacheTtlSeconds: 120,
    originHost: "public",
    renderVariants: ["desktop", "mobile"],
    verified: false,
    loadedAt: new Date("2026-11-20T10:00:00.000Z"),
  };
}

/** The SettingsCache contract (see `ports/`), for every adapter. */
export function settingsCacheSuite(
  name: string,
  setup: () => Promise<Harness<{ settingsCache: SettingsCache }>>,
): void {
  describe(`SettingsCache conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("returns what was set, and null for what was not", async () => {
      const { settingsCache: cache } = h();
      const s = settings(crypto.randomUUID(), "a.example.com");
      await cache.set(s);
      expect(await cache.get("a.example.com")).toEqual(s);
      expect(await cache.get("b.example.com")).toBeNull();
      const replaced = { ...s, rules: [] };
      await cache.set(replaced);
      expect(await cache.get("a.example.com")).toEqual(replaced);
    });

    it("invalidates every hostname of a domain and nothing else, confirming with true", async () => {
      const { settingsCache: cache } = h();
      const d = crypto.randomUUID();
      const other = settings(crypto.randomUUID(), "other.example.com");
      await cache.set(settings(d, "a.example.com"));
      await cache.set(settings(d, "www.a.example.com"));
      await cache.set(other);
      expect(await cache.invalidate(d)).toBe(true);
      expect(await cache.get("a.example.com")).toBeNull();
      expect(await cache.get("www.a.example.com")).toBeNull();
      expect(await cache.get("other.example.com")).toEqual(other);
      expect(await cache.invalidate(crypto.randomUUID())).toBe(true);
    });
  });
}
