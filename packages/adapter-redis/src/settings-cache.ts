import type { EdgeSettings, SettingsCache } from "@crawlgate/core/adapter-kit";
import type { Redis } from "ioredis";
import { luaScript } from "./script.js";
import { decodeSettings, encodeSettings } from "./settings-codec.js";

export interface RedisSettingsCacheOptions {
  /** Lifetime of a shared entry in Redis; default 5 minutes (as the memory cache). */
  sharedTtlMs?: number;
  /** Lifetime of an entry in this instance's own layer; default 5 s. */
  localTtlMs?: number;
  /** Entries in this instance's own layer (oldest dropped first); default 10,000. */
  localMax?: number;
  /** The local layer's clock (real time; entries age in real time, not in a test's clock). */
  now?: () => number;
}

/**
 * Writes one hostname's settings unless an invalidation happened since the miss that loaded
 * them (ARGV[3] is the generation seen then, '' when unknown): a write racing a rule change must
 * not put the old rules back. KEYS: entry, the domain's hostname set, generation.
 */
const SET = luaScript(`
if ARGV[3] ~= '' and (redis.call('GET', KEYS[3]) or '0') ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
`);

/**
 * Deletes every entry of a domain, moves the generation on and tells every instance, in one
 * step. KEYS: the domain's hostname set, generation. ARGV: entry key prefix, channel, domainId.
 */
const INVALIDATE = luaScript(`
local hosts = redis.call('SMEMBERS', KEYS[1])
for _, h in ipairs(hosts) do redis.call('DEL', ARGV[1] .. h) end
redis.call('DEL', KEYS[1])
redis.call('INCR', KEYS[2])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return #hosts
`);

/**
 * Edge settings shared by a fleet: per-hostname JSON entries in Redis, and a small local layer in
 * front of them. `invalidate` deletes the domain's shared entries and publishes the domain on a
 * channel; every instance subscribed to it drops its local copies. The local layer is used only
 * while this instance's subscription is up (a message missed while it was down would leave a
 * stale copy); it is emptied whenever the subscription drops. With Redis down: `get` answers
 * `null` (the caller reads the stores), `set` does nothing, `invalidate` answers `false`; none
 * throws, and each waits at most the client's command timeout.
 * `ready()` resolves once the subscription is up; `close()` ends the subscriber connection (the
 * command client is the caller's).
 */
export function createRedisSettingsCache(
  client: Redis,
  prefix: string,
  options: RedisSettingsCacheOptions = {},
) {
  const sharedTtlMs = options.sharedTtlMs ?? 5 * 60_000;
  const localTtlMs = options.localTtlMs ?? 5_000;
  const localMax = options.localMax ?? 10_000;
  const now = options.now ?? Date.now;
  const entryKey = `${prefix}sc:h:`;
  const genKey = `${prefix}sc:gen`;
  const channel = `${prefix}sc:invalidated`;
  const local = new Map<string, { settings: EdgeSettings; storedAt: number }>();
  /** Generation seen at each recent miss, for the `set` that follows it. */
  const missGen = new Map<string, string>();
  const subscription = subscribe(client, channel, {
    onMessage: (domainId) => dropLocal(domainId),
    onDown: () => local.clear(),
  });

  const dropLocal = (domainId: string) => {
    for (const [hostname, entry] of local) {
      if (entry.settings.domainId === domainId) local.delete(hostname);
    }
  };
  const remember = (settings: EdgeSettings) => {
    if (!subscription.up()) return;
    if (local.size >= localMax) local.delete(local.keys().next().value as string);
    local.delete(settings.hostname);
    local.set(settings.hostname, { settings, storedAt: now() });
  };
  const freeze = (s: EdgeSettings): EdgeSettings =>
    Object.freeze({ ...s, rules: Object.freeze([...s.rules]) }) as EdgeSettings;

  const cache = {
    async get(hostname) {
      const hit = local.get(hostname);
      if (hit && subscription.up() && now() - hit.storedAt < localTtlMs) return hit.settings;
      if (hit) local.delete(hostname);
      try {
        const [text, gen] = await client.mget(entryKey + hostname, genKey);
        const settings = text ? decodeSettings(text) : null;
        if (!settings) {
          if (missGen.size >= localMax) missGen.clear();
          missGen.set(hostname, gen ?? "0");
          return null;
        }
        const frozen = freeze(settings);
        remember(frozen);
        return frozen;
      } catch {
        return null;
      }
    },
    async set(settings) {
      const gen = missGen.get(settings.hostname) ?? "";
      missGen.delete(settings.hostname);
      try {
        const written = await SET.run(
          client,
          [entryKey + settings.hostname, `${prefix}sc:d:${settings.domainId}`, genKey],
          [encodeSettings(settings), sharedTtlMs, gen, settings.hostname],
        );
        if (written === 1) remember(freeze(settings));
      } catch {
        // Redis is away: the next get misses and the caller reads the stores again.
      }
    },
    async invalidate(domainId) {
      dropLocal(domainId);
      try {
        await INVALIDATE.run(
          client,
          [`${prefix}sc:d:${domainId}`, genKey],
          [entryKey, channel, domainId],
        );
        return true;
      } catch {
        return false;
      }
    },
  } satisfies SettingsCache;
  return { ...cache, ready: subscription.ready, close: subscription.close };
}

/**
 * A subscriber connection on `channel` (a duplicate of `client`): `up()` is true only between a
 * confirmed SUBSCRIBE and the next disconnect; every disconnect calls `onDown`.
 */
function subscribe(
  client: Redis,
  channel: string,
  handlers: { onMessage: (message: string) => void; onDown: () => void },
) {
  const subscriber = client.duplicate({ autoResubscribe: false });
  subscriber.on("error", () => {});
  let up = false;
  let closed = false;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const down = () => {
    up = false;
    handlers.onDown();
  };
  const start = () => {
    subscriber.subscribe(channel).then(
      () => {
        up = !closed && subscriber.status === "ready";
        if (up) markReady();
      },
      () => down(),
    );
  };
  subscriber.on("ready", start);
  subscriber.on("close", down);
  subscriber.on("message", (ch: string, message: string) => {
    if (ch === channel) handlers.onMessage(message);
  });
  if (subscriber.status === "ready") start();
  return {
    up: () => up,
    /** Resolves once subscribed (or after `timeoutMs`); `true` when subscribed. */
    ready: (timeoutMs = 2000) =>
      Promise.race([
        ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref?.()),
      ]),
    async close() {
      closed = true;
      down();
      subscriber.disconnect();
    },
  };
}
