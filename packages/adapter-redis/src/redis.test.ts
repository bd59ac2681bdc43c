import { rateLimiterSuite, sharedRateLimiterSuite } from "@crawlgate/core/testing";
import { createRedisRateLimiter } from "./index.js";
import { redisGate, testRedis } from "./test-support/redis.js";

const gate = await redisGate();

gate.when(() => {
  rateLimiterSuite("redis", async () => {
    const redis = testRedis();
    return { rateLimiter: createRedisRateLimiter(await redis.client(), redis.prefix), ...redis };
  });
  sharedRateLimiterSuite("redis, four connections", async () => {
    const redis = testRedis();
    const clients = await Promise.all([1, 2, 3, 4].map(() => redis.client()));
    return {
      rateLimiters: clients.map((c) => createRedisRateLimiter(c, redis.prefix)),
      teardown: redis.teardown,
    };
  });
});
