import { DEFAULT_POLICY } from "@crawlgate/core/adapter-kit";
import { makePolicy, makeRule, ownRedisServer } from "@crawlgate/core/testing";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { connectRedis } from "./connection.js";
import { createRedisSettingsCache } from "./settings-cache.js";
import { decodeSettings, encodeSettings } from "./settings-codec.js";
import { redisGate, type TestRedis, testRedis } from "./test-support/redis.js";

const settings = (domainId: string, hostname: string, targetUrl = "/t") => ({
  domainId,
  hostname,
  rules: [makeRule(domainId, { targetUrl })],
  policy: makePolicy(),
  originUrl: "https://origin.example.com",
  pageCacheTtlSeconds: 60,
  originHost: "origin" as const,
  renderVariants: ["desktop" as const],
  verified: true,
  loadedAt: new Date("2026-11-20T10:00:00.000Z"),
});

describe("settings codec", () => {
  it("round-trips any settings, instants as dates, strings as they were", () => {
    const instant = fc.date({ min: new Date(0), max: new Date(8.64e15), noInvalidDate: true });
    const rule = fc.record({
      ruleId: fc.uuid(),
      domainId: fc.uuid(),
      sourcePath: fc.string(),
      targetUrl: fc.string(),
      ruleType: fc.constantFrom("redirect" as const, "proxy" as const),
      redirectCode: fc.constantFrom(301 as const, 302 as const, null),
      priority: fc.integer(),
      isActive: fc.boolean(),
      notes: fc.option(fc.oneof(fc.string(), fc.constant("2026-11-20T10:00:00.000Z"))),
      createdAt: instant,
      updatedAt: instant,
    });
    const edge = fc.record({
      domainId: fc.uuid(),
      hostname: fc.string(),
      rules: fc.array(rule, { maxLength: 5 }),
      policy: fc.constantFrom(DEFAULT_POLICY, makePolicy()),
      originUrl: fc.option(fc.webUrl()),
      pageCacheTtlSeconds: fc.option(fc.nat()),
      originHost: fc.constantFrom("origin" as const, "public" as const),
      renderVariants: fc.constantFrom<("desktop" | "mobile")[]>(["desktop"], ["desktop", "mobile"]),
      verified: fc.boolean(),
      loadedAt: instant,
    });
    fc.assert(
      fc.property(edge, (s) => {
        expect(decodeSettings(encodeSettings(s))).toEqual(s);
      }),
    );
  });

  it("answers null for text it did not write", () => {
    for (const text of [
      "",
      "{",
      "null",
      "[]",
      '{"domainId":1}',
      '{"domainId":"d","hostname":"h"}',
    ]) {
      expect(decodeSettings(text)).toBeNull();
    }
    const ok = JSON.parse(encodeSettings(settings("d", "h")));
    expect(decodeSettings(JSON.stringify({ ...ok, loadedAt: "yesterday" }))).toBeNull();
    // Written by a version without render variants: desktop only, the default.
    const { renderVariants: _variants, ...before } = ok;
    expect(decodeSettings(JSON.stringify(before))?.renderVariants).toEqual(["desktop"]);
    // Written by a version without crawler policies, or a damaged policy: a miss.
    expect(decodeSettings(JSON.stringify({ ...ok, policy: undefined }))).toBeNull();
    expect(decodeSettings(JSON.stringify({ ...ok, policy: { rules: 1 } }))).toBeNull();
    // Written by a version without the verified flag: a miss.
    expect(decodeSettings(JSON.stringify({ ...ok, verified: undefined }))).toBeNull();
  });
});

const gate = await redisGate();

describe("Redis settings cache", () => {
  let redis: TestRedis | undefined;
  afterEach(async () => {
    await redis?.teardown();
    redis = undefined;
  });

  gate.when(() => {
    it("serves from its local layer until an invalidation message drops the copy", async () => {
      redis = testRedis();
      const raw = await redis.client();
      const a = createRedisSettingsCache(await redis.client(), redis.prefix);
      const b = createRedisSettingsCache(await redis.client(), redis.prefix);
      try {
        await Promise.all([a.ready(), b.ready()]);
        const s = settings(crypto.randomUUID(), "local.example.com");
        await a.set(s);
        const first = await b.get("local.example.com");
        expect(first).toEqual(s);
        // Gone from Redis behind b's back: b's local copy still answers, the same object.
        await raw.del(`${redis.prefix}sc:h:local.example.com`);
        expect(await b.get("local.example.com")).toBe(first);
        expect(await a.invalidate(s.domainId)).toBe(true);
        await expect.poll(() => b.get("local.example.com"), { timeout: 1000 }).toBeNull();
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it("does not store settings loaded before an invalidation that came after the miss", async () => {
      redis = testRedis();
      const a = createRedisSettingsCache(await redis.client(), redis.prefix);
      const b = createRedisSettingsCache(await redis.client(), redis.prefix);
      try {
        const d = crypto.randomUUID();
        expect(await b.get("race.example.com")).toBeNull(); // b starts loading from the stores
        expect(await a.invalidate(d)).toBe(true); // a rule write on a
        await b.set(settings(d, "race.example.com", "/stale")); // b's load ends
        expect(await a.get("race.example.com")).toBeNull();
        expect(await b.get("race.example.com")).toBeNull();
        await b.set(settings(d, "race.example.com", "/fresh")); // the next load is kept
        expect((await a.get("race.example.com"))?.rules[0]?.targetUrl).toBe("/fresh");
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });

  it("with its Redis stopped: get null, set a no-op, invalidate false, no throw; then recovers", async () => {
    const server = await ownRedisServer();
    const client = connectRedis(server.url);
    const cache = createRedisSettingsCache(client, "t:");
    try {
      await cache.ready();
      const s = settings(crypto.randomUUID(), "down.example.com");
      await cache.set(s);
      expect(await cache.get("down.example.com")).toEqual(s);
      await server.stop();
      // The local layer is emptied as soon as the subscription drops; Redis answers nothing.
      await expect.poll(() => cache.get("down.example.com"), { timeout: 2000 }).toBeNull();
      await cache.set(s);
      expect(await cache.invalidate(s.domainId)).toBe(false);
      await server.start();
      await expect.poll(() => cache.invalidate(s.domainId), { timeout: 5000 }).toBe(true);
      await cache.set(s);
      expect(await cache.get("down.example.com")).toEqual(s);
    } finally {
      await cache.close();
      client.disconnect();
      await server.stop();
    }
  });
});
