import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import { createFsBlobStore } from "@crawlgate/adapter-fs";
import {
  createKyselyReadinessCheck,
  createKyselyStores,
  migrateToLatest,
} from "@crawlgate/adapter-kysely";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { createMemorySettingsCache } from "@crawlgate/adapter-memory";
import { createRedisStores, type RedisStores } from "@crawlgate/adapter-redis";
import { createS3BlobStore } from "@crawlgate/adapter-s3";
import {
  type CrawlgateDeps,
  createFallbackRateLimiter,
  type FallbackRateLimiterStats,
  type FleetLock,
  type Logger,
  type ReadinessCheck,
  silentLogger,
} from "@crawlgate/core";
import type { CliConfig } from "./config.js";

export type StoreOptions = Pick<CliConfig, "dataDir" | "databaseUrl" | "databaseSchema" | "s3"> &
  Partial<Pick<CliConfig, "redisUrl" | "redisPrefix">>;

export interface OpenStores {
  deps: Omit<CrawlgateDeps, "clock" | "logger">;
  /** The lock of the singleton jobs: the database's, so that it holds with Redis away too. */
  fleetLock: FleetLock;
  /** The Redis of a fleet (`REDIS_URL`), for health checks; `null` without one. */
  redis: RedisStores | null;
  /** With Redis: whether rate limits fall back to the database now, and how often they did. */
  rateLimitStats: (() => FallbackRateLimiterStats) | null;
  /** Where the data lives, for logs (no credentials). */
  description: string;
  /** What `/readyz` probes: the database (essential). */
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the durable stores the CLI runs on. With `redisUrl`, rate limits and edge
 * settings are shared through Redis: limits fall back to the database's limiter while Redis is
 * away (logged once per transition), and settings come from the stores then.
 */
export async function openStores(
  options: StoreOptions,
  logger: Logger = silentLogger,
): Promise<OpenStores> {
  const handle = options.databaseUrl
    ? createPostgresDatabase(
        options.databaseUrl,
        options.databaseSchema ? { schema: options.databaseSchema } : {},
      )
    : openSqlite(options.dataDir);
  await migrateToLatest(handle);
  const stores = createKyselyStores(handle);
  const redis = options.redisUrl
    ? await createRedisStores(options.redisUrl, { prefix: options.redisPrefix ?? "crawlgate:" })
    : null;
  const sharedLimits = redis
    ? createFallbackRateLimiter({
        primary: redis.rateLimiter,
        fallback: stores.rateLimiter,
        logger,
      })
    : null;
  return {
    deps: {
      accounts: stores.accounts,
      rules: stores.rules,
      rateLimiter: sharedLimits ?? stores.rateLimiter,
      // The database's queue stays the system of record (see docs/decisions.md).
      purgeQueue: stores.purgeQueue,
      settingsCache: redis ? redis.settingsCache : createMemorySettingsCache(),
      crawls: stores.crawls,
      snapshots: stores.snapshots,
      referrals: stores.referrals,
      blobs: openBlobs(options),
      pages: stores.pages,
      archive: stores.archive,
      robots: stores.robots,
      dashboardSessions: stores.dashboardSessions,
      charges: stores.charges,
      warming: stores.warming,
    },
    fleetLock: stores.fleetLock,
    redis,
    rateLimitStats: sharedLimits ? sharedLimits.stats : null,
    description: [
      options.databaseUrl
        ? "postgresql"
        : `sqlite:${join(resolve(options.dataDir), "crawlgate.sqlite")}`,
      options.s3
        ? `s3:${options.s3.bucket}/${options.s3.prefix}`
        : `fs:${join(resolve(options.dataDir), "blobs")}`,
      ...(redis ? [`redis:${redis.prefix}`] : []),
    ].join(" "),
    readiness: [createKyselyReadinessCheck(handle), ...(redis ? [redisReadiness(redis)] : [])],
    close: async () => {
      await redis?.close();
      await handle.close();
    },
  };
}

/**
 * A fleet's Redis is not essential: without it the API and the edge answer from the database
 * (`/readyz` says `degraded`).
 */
function redisReadiness(redis: RedisStores): ReadinessCheck {
  return {
    name: "redis",
    essential: false,
    async check() {
      if (!(await redis.ping())) throw new Error("Redis does not answer");
    },
  };
}

/**
 * Snapshot HTML and archive files: in S3 when a bucket is configured, else on local disk under
 * the data directory (with either database).
 */
function openBlobs(options: StoreOptions) {
  if (!options.s3) return createFsBlobStore({ root: join(options.dataDir, "blobs") });
  // The SDK warns on stderr that its 2027 releases need Node 22; logs here are JSON lines, and
  // the README says which SDK versions run on Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const { bucket, prefix, forcePathStyle } = options.s3;
  return createS3BlobStore({ client: new S3Client({ forcePathStyle }), bucket, prefix });
}

function openSqlite(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  return createSqliteDatabase(join(dataDir, "crawlgate.sqlite"));
}
