import {
  type EnqueueResult,
  type JobQueue,
  type PurgeJob,
  RENDER_LANES,
  type RenderLane,
} from "@crawlgate/core/adapter-kit";
import type { Redis } from "ioredis";
import { luaScript } from "./script.js";

// Layout under the prefix: `jq:job:<id>` a hash {k pair field, d domain, p path, e enqueuedAt,
// a attempts, l 1 while a render is under way, x when a purge arrived during it (dirty), n lane
// rank: 0 purge, 1 warm, 2 refresh} while the job is pending; `jq:pairs` maps each pending
// (domain, path) to its job; `jq:queued` holds jobs ready to lease (score n * 1e13 + enqueuedAt,
// so lanes lead and instants follow, exact in a double; ties by member, i.e. jobId bytes);
// `jq:leased` holds leased or retry-delayed jobs (score: when they become ready again).
// Every call is one script, so no two callers see a job half-moved. KEYS: pairs, queued, leased.

const LANE_SPAN = 1e13;

const ENQUEUE = luaScript(`
local lane = tonumber(ARGV[7])
local id = redis.call('HGET', KEYS[1], ARGV[2])
if id then
  local j = redis.call('HMGET', ARGV[1] .. id, 'd', 'p', 'e', 'a', 'l', 'x', 'n')
  local dirtied = 0
  if lane == 0 and j[5] == '1' and not j[6] then
    redis.call('HSET', ARGV[1] .. id, 'x', ARGV[6])
    dirtied = 1
  end
  local n = tonumber(j[7]) or 0
  if j[5] ~= '1' and lane < n then
    n = lane
    redis.call('HSET', ARGV[1] .. id, 'n', n)
    redis.call('ZADD', KEYS[2], 'XX', n * ${LANE_SPAN} + tonumber(j[3]), id)
  end
  return {dirtied, id, j[1], j[2], j[3], j[4], tostring(n)}
end
id = ARGV[3]
redis.call('HSET', KEYS[1], ARGV[2], id)
redis.call('HSET', ARGV[1] .. id, 'k', ARGV[2], 'd', ARGV[4], 'p', ARGV[5], 'e', ARGV[6], 'a', 0, 'n', lane)
redis.call('ZADD', KEYS[2], lane * ${LANE_SPAN} + tonumber(ARGV[6]), id)
return {1, id, ARGV[4], ARGV[5], ARGV[6], '0', ARGV[7]}
`);

const LEASE = luaScript(`
local now = tonumber(ARGV[2])
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)) do
  redis.call('ZREM', KEYS[3], id)
  local j = redis.call('HMGET', ARGV[1] .. id, 'e', 'n')
  redis.call('ZADD', KEYS[2], (tonumber(j[2]) or 0) * ${LANE_SPAN} + tonumber(j[1]), id)
end
local out = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, tonumber(ARGV[4]) - 1)) do
  redis.call('ZREM', KEYS[2], id)
  redis.call('ZADD', KEYS[3], now + tonumber(ARGV[3]), id)
  local a = redis.call('HINCRBY', ARGV[1] .. id, 'a', 1)
  redis.call('HSET', ARGV[1] .. id, 'l', 1)
  redis.call('HDEL', ARGV[1] .. id, 'x')
  local j = redis.call('HMGET', ARGV[1] .. id, 'd', 'p', 'e', 'n')
  table.insert(out, {id, j[1], j[2], j[3], tostring(a), j[4]})
end
return out
`);

const COMPLETE = luaScript(`
local k = redis.call('HGET', ARGV[1] .. ARGV[2], 'k')
if not k then return 0 end
local x = redis.call('HGET', ARGV[1] .. ARGV[2], 'x')
if x then
  redis.call('HSET', ARGV[1] .. ARGV[2], 'e', x, 'a', 0, 'l', 0, 'n', 0)
  redis.call('HDEL', ARGV[1] .. ARGV[2], 'x')
  redis.call('ZREM', KEYS[3], ARGV[2])
  redis.call('ZADD', KEYS[2], x, ARGV[2])
  return 1
end
redis.call('HDEL', KEYS[1], k)
redis.call('DEL', ARGV[1] .. ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('ZREM', KEYS[3], ARGV[2])
return 1
`);

const RETRY_AT = luaScript(`
if redis.call('EXISTS', ARGV[1] .. ARGV[2]) == 0 then return 0 end
redis.call('HSET', ARGV[1] .. ARGV[2], 'l', 0)
redis.call('HDEL', ARGV[1] .. ARGV[2], 'x')
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
return 1
`);

const PENDING = luaScript(`
local id = redis.call('HGET', KEYS[1], ARGV[2])
if not id then return false end
local j = redis.call('HMGET', ARGV[1] .. id, 'd', 'p', 'e', 'a', 'n')
return {id, j[1], j[2], j[3], j[4], j[5]}
`);

const toJob = ([jobId, domainId, path, enqueuedAt, attempts, lane]: string[]): PurgeJob => ({
  jobId: jobId as string,
  domainId: domainId as string,
  path: path as string,
  enqueuedAt: new Date(Number(enqueuedAt)),
  attempts: Number(attempts),
  // Jobs stored before lanes existed have none: they were purges' or refreshes', served first.
  lane: RENDER_LANES[Number(lane ?? 0)] ?? "purge",
});

/**
 * Purge jobs in Redis with the contract of the durable queue: de-duplicated while pending,
 * leased until `now + leaseMs` (an expired lease makes the job ready again: stalled-lease
 * recovery), at least once, `retryAt` for backoff, a purge during a render marks the job dirty
 * and completing it queues it again. Time comes from the caller.
 */
export function createRedisJobQueue(client: Redis, prefix: string) {
  const jobKey = `${prefix}jq:job:`;
  const keys = [`${prefix}jq:pairs`, `${prefix}jq:queued`, `${prefix}jq:leased`];
  return {
    async enqueuePurge(domainId, path, now, lane: RenderLane = "purge"): Promise<EnqueueResult> {
      const pair = JSON.stringify([domainId, path]);
      const [added, ...job] = (await ENQUEUE.run(client, keys, [
        jobKey,
        pair,
        crypto.randomUUID(),
        domainId,
        path,
        now.getTime(),
        RENDER_LANES.indexOf(lane),
      ])) as [number, ...string[]];
      return { enqueued: added === 1, job: toJob(job) };
    },
    async lease(now, leaseMs, max) {
      if (max <= 0) return [];
      const rows = (await LEASE.run(client, keys, [
        jobKey,
        now.getTime(),
        leaseMs,
        max,
      ])) as string[][];
      return rows.map(toJob);
    },
    async complete(jobId) {
      return (await COMPLETE.run(client, keys, [jobKey, jobId])) === 1;
    },
    async retryAt(jobId, at) {
      return (await RETRY_AT.run(client, keys, [jobKey, jobId, at.getTime()])) === 1;
    },
    async pendingCount() {
      return client.hlen(keys[0] as string);
    },
    async pendingByLane(domainId) {
      // The pairs hash names each pending job by its JSON pair: scan the domain's.
      const counts: Record<RenderLane, number> = { purge: 0, warm: 0, refresh: 0 };
      const match = `\\[${JSON.stringify(domainId)},*`; // `[` opens a class in MATCH
      let cursor = "0";
      do {
        const [next, flat] = await client.hscan(
          keys[0] as string,
          cursor,
          "MATCH",
          match,
          "COUNT",
          1000,
        );
        cursor = next;
        const ids = flat.filter((_, i) => i % 2 === 1);
        if (ids.length === 0) continue;
        const pipeline = client.pipeline();
        for (const id of ids) pipeline.hget(jobKey + id, "n");
        for (const [, lane] of (await pipeline.exec()) ?? []) {
          counts[RENDER_LANES[Number(lane ?? 0)] ?? "purge"]++;
        }
      } while (cursor !== "0");
      return counts;
    },
    async pendingJob(domainId, path) {
      const pair = JSON.stringify([domainId, path]);
      const row = (await PENDING.run(client, keys, [jobKey, pair])) as string[] | null;
      return row ? toJob(row) : null;
    },
  } satisfies JobQueue;
}
