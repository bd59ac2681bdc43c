import type { FleetLock } from "@crawlgate/core/adapter-kit";
import type { Redis } from "ioredis";
import { luaScript } from "./script.js";

// Each lock is a hash {token, holder, exp} under `<prefix>lock:<name>`. The expiry compared is
// `exp` against the caller's `now` (the port takes `now`, as the other adapters); the key also
// carries a PEXPIRE of the same length, so a crashed holder's lock vanishes by itself.

const ACQUIRE = luaScript(`
local exp = tonumber(redis.call('HGET', KEYS[1], 'exp'))
local now = tonumber(ARGV[3])
if exp and exp > now then return 0 end
redis.call('HSET', KEYS[1], 'token', ARGV[1], 'holder', ARGV[2], 'exp', now + tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`);

const RENEW = luaScript(`
local lock = redis.call('HMGET', KEYS[1], 'token', 'exp')
local now = tonumber(ARGV[2])
if lock[1] ~= ARGV[1] or tonumber(lock[2]) <= now then return 0 end
redis.call('HSET', KEYS[1], 'exp', now + tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`);

const RELEASE = luaScript(`
if redis.call('HGET', KEYS[1], 'token') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1
`);

/** Fleet locks in Redis: each call is one script, so check and write are one step. */
export function createRedisFleetLock(client: Redis, prefix: string) {
  const key = (name: string) => `${prefix}lock:${name}`;
  return {
    async acquire(name, holder, ttlMs, now) {
      const token = crypto.randomUUID();
      const taken = await ACQUIRE.run(client, [key(name)], [token, holder, now.getTime(), ttlMs]);
      return taken === 1 ? token : null;
    },
    async renew(name, token, ttlMs, now) {
      return (await RENEW.run(client, [key(name)], [token, now.getTime(), ttlMs])) === 1;
    },
    async release(name, token) {
      return (await RELEASE.run(client, [key(name)], [token])) === 1;
    },
  } satisfies FleetLock;
}
