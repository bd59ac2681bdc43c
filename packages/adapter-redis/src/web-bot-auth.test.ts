import { createWebBotAuthVerifier } from "@crawlgate/core/adapter-kit";
import { createTestAgent, directoryHost } from "@crawlgate/core/testing";
import { expect, it } from "vitest";
import { createRedisKeyDirectoryCache, createRedisNonceStore } from "./index.js";
import { redisGate, testRedis } from "./test-support/redis.js";

const gate = await redisGate();

gate.when(() => {
  it("two verifiers on one Redis fetch a directory once and accept a nonce once", async () => {
    const redis = testRedis();
    try {
      const agent = await createTestAgent("https://agent.example.com");
      const host = directoryHost([agent]);
      const make = async () => {
        const client = await redis.client();
        return createWebBotAuthVerifier({
          fetch: host.fetch,
          directories: createRedisKeyDirectoryCache(client, redis.prefix),
          nonces: createRedisNonceStore(client, redis.prefix),
        });
      };
      const [a, b] = [await make(), await make()];
      const s = Math.floor(Date.now() / 1000);
      const request = { method: "GET", host: "shop.example.org", url: "/", headers: {} };
      const signed = await agent.sign(request, { created: s, expires: s + 60 });
      const other = await agent.sign(request, { created: s, expires: s + 60 });
      const [first, second] = await Promise.all([
        a.verifyRequestSignature(signed),
        b.verifyRequestSignature(other),
      ]);
      expect([first?.outcome, second?.outcome]).toEqual(["verified", "verified"]);
      expect(host.calls.get(`${agent.origin}/.well-known/http-message-signatures-directory`)).toBe(
        1,
      );
      // The same signature at the other instance: its nonce was seen fleet-wide.
      expect(await b.verifyRequestSignature(signed)).toMatchObject({
        outcome: "invalid",
        reason: "replayed_nonce",
      });
    } finally {
      await redis.teardown();
    }
  });
});
