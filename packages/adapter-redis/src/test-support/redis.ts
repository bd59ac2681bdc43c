import { freshSchema, type ServiceGate, serviceGate } from "@crawlgate/core/testing";
import type { Redis } from "ioredis";
import { connectRedis, deletePrefix, whenReady } from "../connection.js";

/** URL of the test Redis (`REDIS_URL`, or the local default). */
export const redisUrl = (): string => process.env.REDIS_URL || "redis://127.0.0.1:6379";

let probe: Promise<string | null> | undefined;

async function probeRedis(url: string): Promise<string | null> {
  const client = connectRedis(url, { commandTimeoutMs: 2000 });
  try {
    if (!(await whenReady(client, 3000))) return "no answer within 3 s";
    await client.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

/** The Redis gate: fails under CI=true when Redis is missing, else skips loudly. */
export async function redisGate(): Promise<ServiceGate> {
  probe ??= probeRedis(redisUrl());
  return serviceGate("Redis", redisUrl(), await probe);
}

/** A test's own key prefix on the shared Redis, and the clients it opened (closed on cleanup). */
export interface TestRedis {
  prefix: string;
  /** A new ready client on the test Redis; closed by `teardown`. */
  client(): Promise<Redis>;
  /** Deletes the prefix's keys, then closes every client. */
  teardown(): Promise<void>;
}

export function testRedis(url = redisUrl()): TestRedis {
  const prefix = `${freshSchema("cgt")}:`;
  const clients: Redis[] = [];
  return {
    prefix,
    async client() {
      // A generous timeout: two cores are shared by several test runs.
      const c = connectRedis(url, { commandTimeoutMs: 2000 });
      clients.push(c);
      await whenReady(c, 3000);
      return c;
    },
    async teardown() {
      const c = connectRedis(url, { commandTimeoutMs: 5000 });
      try {
        await whenReady(c, 3000);
        await deletePrefix(c, prefix);
      } finally {
        c.disconnect();
        for (const each of clients) each.disconnect();
      }
    },
  };
}
