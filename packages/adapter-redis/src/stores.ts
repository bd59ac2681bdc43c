import type { Redis } from "ioredis";
import { connectRedis, type RedisConnectionOptions, whenReady } from "./connection.js";
import { createRedisFleetLock } from "./fleet-lock.js";
import { createRedisJobQueue } from "./job-queue.js";
import { createRedisKeyDirectoryCache } from "./key-directory-cache.js";
import { createRedisNonceStore } from "./nonce-store.js";
import { createRedisRateLimiter } from "./rate-limiter.js";
import { createRedisSettingsCache, type RedisSettingsCacheOptions } from "./settings-cache.js";

export interface RedisStoresOptions extends RedisConnectionOptions {
  /** Prefix of every key and channel (one per deployment sharing a Redis); default `crawlgate:`. */
  prefix?: string;
  settingsCache?: RedisSettingsCacheOptions;
  /** How long to wait for the first connection before answering (degraded); default 1,000 ms. */
  readyTimeoutMs?: number;
}

/**
 * Every Redis adapter of one deployment on one connection (plus the settings cache's subscriber).
 * Resolves even when Redis does not answer: commands then fail within the command timeout and
 * the client keeps reconnecting. `ping()` answers whether Redis answers now (health checks).
 */
export async function createRedisStores(url: string, options: RedisStoresOptions = {}) {
  const client: Redis = connectRedis(url, options);
  const prefix = options.prefix ?? "crawlgate:";
  const settingsCache = createRedisSettingsCache(client, prefix, options.settingsCache);
  const readyMs = options.readyTimeoutMs ?? 1000;
  if (await whenReady(client, readyMs)) await settingsCache.ready(readyMs);
  return {
    client,
    prefix,
    rateLimiter: createRedisRateLimiter(client, prefix),
    settingsCache,
    purgeQueue: createRedisJobQueue(client, prefix),
    fleetLock: createRedisFleetLock(client, prefix),
    /** Web Bot Auth key directories, fetched once per period by the fleet. */
    keyDirectories: createRedisKeyDirectoryCache(client, prefix),
    /** Web Bot Auth nonces, each accepted once fleet-wide. */
    nonces: createRedisNonceStore(client, prefix),
    async ping(): Promise<boolean> {
      try {
        return (await client.ping()) === "PONG";
      } catch {
        return false;
      }
    },
    async close(): Promise<void> {
      await settingsCache.close();
      client.disconnect();
    },
  };
}

export type RedisStores = Awaited<ReturnType<typeof createRedisStores>>;
