// @crawlgate/adapter-redis: the shared state of a crawlgate fleet on Redis (ioredis).
export type { RedisConnectionOptions } from "./connection.js";
export {
  connectRedis,
  DEFAULT_COMMAND_TIMEOUT_MS,
  deletePrefix,
  whenReady,
} from "./connection.js";
export { createRedisFleetLock } from "./fleet-lock.js";
export { createRedisJobQueue } from "./job-queue.js";
export { createRedisKeyDirectoryCache } from "./key-directory-cache.js";
export { createRedisNonceStore } from "./nonce-store.js";
export { createRedisRateLimiter } from "./rate-limiter.js";
export { createRedisSettingsCache, type RedisSettingsCacheOptions } from "./settings-cache.js";
export { createRedisStores, type RedisStores, type RedisStoresOptions } from "./stores.js";
