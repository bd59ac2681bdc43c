import { createMemoryRateLimiter } from "@crawlgate/adapter-memory";
import { createFallbackRateLimiter } from "@crawlgate/core";
import { ownRedisServer } from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";
import { connectRedis } from "./connection.js";
import { createRedisRateLimiter } from "./rate-limiter.js";

describe("rate limits with the Redis stopped and started again", () => {
  it("keep deciding through the durable limiter, then go back to Redis without a restart", async () => {
    const server = await ownRedisServer();
    const client = connectRedis(server.url, { commandTimeoutMs: 100 });
    const lines: string[] = [];
    const log = (level: string) => (event: string) => void lines.push(`${level} ${event}`);
    const redisLimiter = createRedisRateLimiter(client, "t:");
    const limiter = createFallbackRateLimiter({
      primary: redisLimiter,
      fallback: createMemoryRateLimiter(),
      logger: { info: log("info"), warn: log("warn"), error: log("error") },
      probeMs: 100,
    });
    const limits = { perMinute: 100_000, monthly: null };
    const decide = async () => (await limiter.consume("u", limits, new Date())).allowed;
    try {
      for (let i = 0; i < 20; i++) expect(await decide()).toBe(true);
      await server.stop();
      const down = [];
      for (let i = 0; i < 50; i++) down.push(await decide());
      expect(down.every(Boolean)).toBe(true);
      expect(limiter.stats()).toMatchObject({ degraded: true, degradedTransitions: 1 });
      await server.start();
      await expect
        .poll(
          async () => {
            await decide();
            return limiter.stats().degraded;
          },
          { timeout: 10_000 },
        )
        .toBe(false);
      // Back on Redis: its count moves again (Redis restarted empty, no persistence).
      expect(await redisLimiter.consume("other", limits, new Date())).toMatchObject({
        minuteUsage: 1,
      });
      expect(await limiter.consume("other", limits, new Date())).toMatchObject({ minuteUsage: 2 });
      expect(lines).toEqual(["warn rate_limiter.degraded", "info rate_limiter.recovered"]);
      expect(limiter.stats().fallbackDecisions).toBeGreaterThanOrEqual(50);
    } finally {
      client.disconnect();
      await server.stop();
    }
  }, 30_000);
});
