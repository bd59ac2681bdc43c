import {
  decideRate,
  MINUTE_MS,
  type RateCounters,
  utcMonthStart,
} from "@crawlgate/core/adapter-kit";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisRateLimiter } from "./rate-limiter.js";
import { redisGate, type TestRedis, testRedis } from "./test-support/redis.js";

const gate = await redisGate();

/**
 * Clock steps are whole multiples of 5 s: the script's keys expire on Redis' own clock (the minute
 * a window ends, measured from the stamped `now`), so a window with less time left than the real
 * time to the next request would be gone in Redis while the logical clock is still inside it. At
 * 5 s or more left, a sequence of a few dozen requests never meets that.
 */
const STEP = 5_000;

/** One request: whose, how far the clock moved since the one before, and the plan's limits. */
const request = fc.record({
  subject: fc.constantFrom("a", "b"),
  step: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }) },
    // Up to a minute back: a request stamped before a later-stamped one reached the store; or
    // more: a clock that really moved back (the window restarts).
    { weight: 2, arbitrary: fc.integer({ min: -13, max: -1 }) },
    // Past the window, or far ahead (a day).
    { weight: 2, arbitrary: fc.constantFrom(12, 13, 17_280) },
  ),
  perMinute: fc.integer({ min: 1, max: 4 }),
  monthly: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
});

/** Starts a little before the end of a month, so that sequences cross into the next one. */
const start = fc.constantFrom(
  Date.UTC(2026, 10, 30, 23, 58, 0),
  Date.UTC(2026, 11, 31, 23, 59, 30),
  Date.UTC(2026, 1, 28, 23, 59, 45),
  Date.UTC(2026, 5, 30, 23, 59, 5),
  Date.UTC(2026, 5, 15, 12, 0, 0),
);

gate.when(() => {
  describe("the Redis rate limiter against core's decideRate", () => {
    let redis: TestRedis;
    beforeAll(() => {
      redis = testRedis();
    });
    afterAll(() => redis.teardown());

    it("decides every request of a random sequence exactly as decideRate does", async () => {
      const client = await redis.client();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          start,
          fc.array(request, { minLength: 1, maxLength: 40 }),
          async (t0, steps) => {
            // A fresh key space per sequence, under the test's prefix (deleted at the end).
            const limiter = createRedisRateLimiter(client, `${redis.prefix}${run++}:`);
            const stored = new Map<string, RateCounters | null>();
            let t = t0;
            let latest = t0;
            for (const { subject, step, perMinute, monthly } of steps) {
              t = backInMonth(t + step * STEP, latest);
              latest = Math.max(latest, t);
              const now = new Date(t);
              const limits = { perMinute, monthly };
              const reference = decideRate(stored.get(subject) ?? null, limits, now);
              if (reference.next) stored.set(subject, reference.next);
              expect(await limiter.consume(subject, limits, now)).toEqual(reference.decision);
            }
          },
        ),
        { numRuns: 150 },
      );
    }, 120_000);
  });
});

/**
 * A clock moved back a minute or more goes no further than the start of the latest stamp's month.
 * There the two differ by design: Redis keeps a counter per month and still has the earlier
 * month's, while `decideRate` (memory and SQL) keeps one month counter and starts the earlier
 * month again from zero (see docs/decisions/storage-and-fleet.md).
 */
function backInMonth(t: number, latest: number): number {
  if (t > latest - MINUTE_MS) return t;
  return Math.max(t, utcMonthStart(new Date(latest)));
}
