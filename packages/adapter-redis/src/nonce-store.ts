import type { NonceStore } from "@crawlgate/core/adapter-kit";
import type { Redis } from "ioredis";
import { luaScript } from "./script.js";

// A nonce is a key `<prefix>nonce:<key>` holding its expiry, set only when absent: SET NX with
// the remaining lifetime as PX. The script also treats a stored expiry at or before the caller's
// `now` as absent, so expiry is judged by the caller's clock (as the port says) even when it
// runs ahead of Redis's; Redis drops the key itself once the lifetime has passed.
const REMEMBER = luaScript(`
local until_ms = tonumber(redis.call('GET', KEYS[1]))
if until_ms and until_ms > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 1
`);

/** Nonces shared by a fleet: a signature's nonce is accepted once fleet-wide. */
export function createRedisNonceStore(client: Redis, prefix: string) {
  return {
    async remember(key, expiresAt, now) {
      const remaining = expiresAt.getTime() - now.getTime();
      if (remaining <= 0) return true;
      const args = [expiresAt.getTime(), now.getTime(), remaining];
      return (await REMEMBER.run(client, [`${prefix}nonce:${key}`], args)) === 1;
    },
  } satisfies NonceStore;
}
