import {
  fleetLockSuite,
  jobQueueSuite,
  keyDirectoryCacheSuite,
  nonceStoreSuite,
  rateLimiterSuite,
  settingsCacheSuite,
  sharedRateLimiterSuite,
  sharedSettingsCacheSuite,
} from "@crawlgate/core/testing";
import {
  createRedisFleetLock,
  createRedisJobQueue,
  createRedisKeyDirectoryCache,
  createRedisNonceStore,
  createRedisRateLimiter,
  createRedisSettingsCache,
} from "./index.js";
import { redisGate, testRedis } from "./test-support/redis.js";

const gate = await redisGate();

gate.when(() => {
  jobQueueSuite("redis", async () => {
    const redis = testRedis();
    return { purgeQueue: createRedisJobQueue(await redis.client(), redis.prefix), ...redis };
  });
  fleetLockSuite("redis", async () => {
    const redis = testRedis();
    return { fleetLock: createRedisFleetLock(await redis.client(), redis.prefix), ...redis };
  });
  keyDirectoryCacheSuite("redis", async () => {
    const redis = testRedis();
    const directories = createRedisKeyDirectoryCache(await redis.client(), redis.prefix);
    return { directories, ...redis };
  });
  nonceStoreSuite("redis", async () => {
    const redis = testRedis();
    return { nonces: createRedisNonceStore(await redis.client(), redis.prefix), ...redis };
  });
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
  settingsCacheSuite("redis", async () => {
    const redis = testRedis();
    const cache = createRedisSettingsCache(await redis.client(), redis.prefix);
    return {
      settingsCache: cache,
      teardown: async () => {
        await cache.close();
        await redis.teardown();
      },
    };
  });
  sharedSettingsCacheSuite("redis, two instances", async () => {
    const redis = testRedis();
    const options = { localTtlMs: 10 * 60_000 };
    const a = createRedisSettingsCache(await redis.client(), redis.prefix, options);
    const b = createRedisSettingsCache(await redis.client(), redis.prefix, options);
    const caches = [a, b];
    await Promise.all(caches.map((c) => c.ready()));
    return {
      settingsCaches: [a, b],
      teardown: async () => {
        await Promise.all(caches.map((c) => c.close()));
        await redis.teardown();
      },
    };
  });
});
