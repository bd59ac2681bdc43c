import { MINUTE_MS, utcMonthStart } from "@crawlgate/core/adapter-kit";
import { rateLimiterDifferentialSuite } from "@crawlgate/core/testing";
import { afterAll, beforeAll } from "vitest";
import { createRedisRateLimiter } from "./rate-limiter.js";
import { redisGate, type TestRedis, testRedis } from "./test-support/redis.js";

const gate = await redisGate();

gate.when(() => {
  let redis: TestRedis;
  beforeAll(() => {
    redis = testRedis();
  });
  afterAll(() => redis.teardown());
  rateLimiterDifferentialSuite(
    "Redis (Lua)",
    async () => ({ rateLimiter: createRedisRateLimiter(await redis.client(), redis.prefix) }),
    { clampStamp: backInMonth },
  );
});

/**
 * A clock moved back a minute or more goes no further than the start of the latest stamp's month.
 * There the two differ by design: Redis keeps a counter per month and still has the earlier
 * month's, while `decideRate` (memory and SQL) keeps one month counter and starts the earlier
 * month again from zero (see docs/decisions/storage-and-fleet.md).
 */
function backInMonth(t: number, latest: number): number {
  if (t > latest - MINUTE_MS) return t;
  return Math.max(t, utcMonthStart(new Date(latest)));
}
