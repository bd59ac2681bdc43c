import { freshSchema, redisUrl } from "@crawlgate/core/testing";
import type { Redis } from "ioredis";
import { connectRedis, deletePrefix, whenReady } from "../connection.js";

export { redisGate, redisUrl } from "@crawlgate/core/testing";

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
