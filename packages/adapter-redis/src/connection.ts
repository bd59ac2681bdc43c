import { Redis, type RedisOptions } from "ioredis";

/**
 * How long one Redis command may take before it fails (default of `connectRedis`). A command to
 * a Redis that is down fails at once (no offline queue); this bounds a Redis that hangs. It is
 * not shorter because a timer fires before a reply that arrived while the event loop was busy:
 * at 100 ms, two instances on a starved 2-core machine failed over spuriously and admitted 57
 * requests against a limit of 50 (docs/decisions.md).
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 500;

export interface RedisConnectionOptions {
  /** A command that has not answered after this many ms rejects; default 500. */
  commandTimeoutMs?: number;
  /** Time to open the TCP connection; default 1,000 ms. */
  connectTimeoutMs?: number;
}

/**
 * An ioredis client that fails fast: a short command timeout, no offline queue (a command sent
 * while disconnected rejects at once instead of waiting for a reconnect), one retry per command,
 * and reconnects forever in the background (every 100 ms up to every second) so that a Redis that
 * comes back is used again without a restart. Never throws when Redis is down: commands reject.
 */
export function connectRedis(url: string, options: RedisConnectionOptions = {}): Redis {
  const settings: RedisOptions = {
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    connectTimeout: options.connectTimeoutMs ?? 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    lazyConnect: false,
  };
  const client = new Redis(url, settings);
  // Without a listener ioredis prints every connection error; callers see failed commands.
  client.on("error", () => {});
  return client;
}

/**
 * Resolves once the client is ready, or after `timeoutMs` (it keeps connecting in the
 * background). `true` when it is ready.
 */
export function whenReady(client: Redis, timeoutMs = 1000): Promise<boolean> {
  if (client.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    timer.unref?.();
    client.on("ready", onReady);
  });
}

/** Deletes every key under `prefix` (SCAN + DEL of that prefix only). Returns how many. */
export async function deletePrefix(client: Redis, prefix: string): Promise<number> {
  let cursor = "0";
  let deleted = 0;
  const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", pattern, "COUNT", 500);
    cursor = next;
    if (keys.length > 0) deleted += await client.del(...keys);
  } while (cursor !== "0");
  return deleted;
}
