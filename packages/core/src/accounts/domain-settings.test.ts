import { createMemoryStores } from "@crawlgate/adapter-memory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCrawlgate } from "../crawlgate.js";
import { checkRenderVariants, normalizeOriginUrl } from "./admin.js";

describe("normalizeOriginUrl", () => {
  it("keeps scheme, host and port only, normalised", () => {
    expect(normalizeOriginUrl("HTTPS://Shop.Example.com:443/")).toBe("https://shop.example.com");
    expect(normalizeOriginUrl("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
    for (const bad of [
      "ftp://x.example",
      "https://x.example/app",
      "https://x.example/?a=1",
      "https://user:pw@x.example",
      "x.example",
      "",
    ]) {
      expect(normalizeOriginUrl(bad), bad).toBeNull();
    }
  });

  it("never returns anything but an http(s) origin", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = normalizeOriginUrl(text);
        if (out !== null) expect(new URL(out).origin).toBe(out);
      }),
      { seed: 7, numRuns: 1000 },
    );
  });
});

describe("admin.setDomainSettings", () => {
  it("validates, stores, and drops the edge's cached settings of the domain", async () => {
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate({ ...stores, fetch: null });
    const user = await crawlgate.admin.createUser("o", "pro");
    if (!user.ok) throw new Error(user.message);
    const added = await crawlgate.admin.addDomain(user.value.userId, "site.example.com", {
      originUrl: "https://origin.example.com/",
    });
    if (!added.ok) throw new Error(added.message);
    expect(added.value.originUrl).toBe("https://origin.example.com");
    expect(
      await crawlgate.admin.addDomain(user.value.userId, "b.example.com", { originUrl: "nope" }),
    ).toMatchObject({ ok: false });
    const { domainId } = added.value;
    // The edge caches the settings on first use.
    await crawlgate.edge.route({ host: "site.example.com", url: "/" });
    expect(await stores.settingsCache.get("site.example.com")).not.toBeNull();
    const changed = await crawlgate.admin.setDomainSettings(domainId, {
      originUrl: "http://10.0.0.5:8080",
      pageCacheTtlSeconds: 600,
    });
    expect(changed).toMatchObject({
      ok: true,
      value: { originUrl: "http://10.0.0.5:8080", pageCacheTtlSeconds: 600 },
    });
    expect(await stores.settingsCache.get("site.example.com")).toBeNull();
    expect(
      await crawlgate.admin.setDomainSettings(domainId, { pageCacheTtlSeconds: 0 }),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await crawlgate.admin.setDomainSettings(domainId, { originUrl: "https://x/y" }),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await crawlgate.admin.setDomainSettings(crypto.randomUUID(), { originUrl: null }),
    ).toMatchObject({ ok: false, message: "no such domain" });
  });
});

describe("checkRenderVariants", () => {
  it("keeps desktop, or desktop and mobile, in that order; refuses anything else", () => {
    expect(checkRenderVariants(["desktop"])).toEqual({ ok: true, value: ["desktop"] });
    expect(checkRenderVariants(["mobile", "desktop"])).toEqual({
      ok: true,
      value: ["desktop", "mobile"],
    });
    for (const bad of [
      [],
      ["mobile"],
      ["desktop", "desktop"],
      ["desktop", "tablet"],
      ["Desktop"],
    ]) {
      expect(checkRenderVariants(bad), bad.join()).toMatchObject({ ok: false });
    }
  });

  it("accepts exactly the lists of distinct known names holding desktop", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("desktop", "mobile", "tablet", "", "MOBILE")),
        (list) => {
          const out = checkRenderVariants(list);
          const valid =
            new Set(list).size === list.length &&
            list.includes("desktop") &&
            list.every((v) => v === "desktop" || v === "mobile");
          expect(out.ok).toBe(valid);
          if (out.ok)
            expect(out.value).toEqual(
              ["desktop", "mobile"].filter((v) => (list as string[]).includes(v)),
            );
        },
      ),
      { seed: 5, numRuns: 500 },
    );
  });
});
