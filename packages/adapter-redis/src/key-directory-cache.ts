import type { KeyDirectoryCache, KeyDirectoryEntry } from "@crawlgate/core/adapter-kit";
import type { Redis } from "ioredis";
import { luaScript } from "./script.js";

// Each directory is a JSON string under `<prefix>wba:dir:<url>` with a PX of its remaining
// lifetime; a fetch claim is `<prefix>wba:claim:<url>` holding the claim's end. Expiry is also
// compared with the caller's `now`, as in the other adapters.

const CLAIM = luaScript(`
local until_ms = tonumber(redis.call('GET', KEYS[1]))
if until_ms and until_ms > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1] + ARGV[2], 'PX', ARGV[2])
return 1
`);

/** Key directories shared by a fleet: each directory is fetched by one instance per period. */
export function createRedisKeyDirectoryCache(client: Redis, prefix: string) {
  const entryKey = (url: string) => `${prefix}wba:dir:${url}`;
  return {
    async get(directoryUrl, now) {
      const stored = await client.get(entryKey(directoryUrl));
      if (stored === null) return null;
      const entry = JSON.parse(stored) as KeyDirectoryEntry;
      return entry.expiresAt > now.getTime() ? entry : null;
    },
    async put(entry, now) {
      const remaining = entry.expiresAt - now.getTime();
      if (remaining <= 0) await client.del(entryKey(entry.directoryUrl));
      else await client.set(entryKey(entry.directoryUrl), JSON.stringify(entry), "PX", remaining);
    },
    async claimFetch(directoryUrl, ttlMs, now) {
      const key = `${prefix}wba:claim:${directoryUrl}`;
      return (await CLAIM.run(client, [key], [now.getTime(), ttlMs])) === 1;
    },
  } satisfies KeyDirectoryCache;
}
