import {
  createMemoryAccountStore,
  createMemoryRuleStore,
  createMemorySettingsCache,
} from "@crawlgate/adapter-memory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AccountStore } from "../ports/index.js";
import { silentLogger } from "../ports/index.js";
import { createFakeClock, makeDomain, makeUser } from "../testing/fixtures.js";
import { normalizeHostname } from "../text/hostname.js";
import { createSiteSettings, hostOfHeader } from "./site-settings.js";

describe("site settings", () => {
  it("loads a host once for concurrent misses, and a host that is no domain once too", async () => {
    const accounts = createMemoryAccountStore();
    const owner = await accounts.createUser(makeUser());
    if (owner === "duplicate_name") throw new Error("setup");
    const domain = makeDomain(owner.userId, { hostname: "shop.example.com" });
    await accounts.createDomain(domain);
    let reads = 0;
    const counted: AccountStore = {
      ...accounts,
      getDomainByHostname: (host) => {
        reads++;
        return accounts.getDomainByHostname(host);
      },
    };
    const settingsCache = createMemorySettingsCache();
    const settingsFor = createSiteSettings({
      accounts: counted,
      rules: createMemoryRuleStore(),
      settingsCache,
      clock: createFakeClock(),
      logger: silentLogger,
    });
    const found = await Promise.all(
      Array.from({ length: 20 }, () => settingsFor("shop.example.com")),
    );
    expect(reads).toBe(1);
    for (const s of found) expect(s?.domainId).toBe(domain.domainId);
    // Dropped from the cache (a rule write): the next misses load once again.
    await settingsCache.invalidate(domain.domainId);
    await Promise.all(Array.from({ length: 20 }, () => settingsFor("shop.example.com")));
    expect(reads).toBe(2);
    const unknown = await Promise.all(
      Array.from({ length: 20 }, () => settingsFor("nope.example")),
    );
    expect(unknown.every((s) => s === null)).toBe(true);
    expect(reads).toBe(3);
  });
});

describe("hostOfHeader", () => {
  it("answers as the uncached rule does, for repeated and more than a memo's worth of headers", () => {
    const reference = (raw: string) => {
      let h = raw.trim();
      if (h.startsWith("[")) return null;
      const colon = h.indexOf(":");
      if (colon >= 0) h = h.slice(0, colon);
      return normalizeHostname(h);
    };
    const header = fc.oneof(
      fc.domain().map((d) => d.toUpperCase()),
      fc.tuple(fc.domain(), fc.integer({ min: 1, max: 65535 })).map(([d, p]) => `${d}.:${p}`),
      fc.string({ maxLength: 30 }),
      fc.constant("[::1]:8080"),
    );
    fc.assert(
      fc.property(fc.array(header, { minLength: 1, maxLength: 3000 }), (headers) => {
        for (const h of [...headers, ...headers]) expect(hostOfHeader(h)).toBe(reference(h));
      }),
      { numRuns: 20 },
    );
  });
});
