import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideRate, type RateCounters } from "../limits/rate-decision.js";
import type { RateLimiter } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

/**
 * Clock steps are whole multiples of 5 s: a store whose keys expire on its own clock (Redis: the
 * minute a window ends, measured from the stamped `now`) would lose a window with less time left
 * than the real time to the next request, while the logical clock is still inside it. At 5 s or
 * more left, a sequence of a few dozen requests never meets that.
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

export interface RateLimiterDifferentialOptions {
  /**
   * The stamp a store can be sent after `latest` (the latest stamp so far), where it differs
   * from `decideRate` by design; default: any stamp.
   */
  clampStamp?: (t: number, latest: number) => number;
  numRuns?: number;
}

/**
 * A store that decides in its own language (SQL, Lua) against core's `decideRate`: random
 * sequences of requests from two subjects, clocks moving forward, back and across months, limits
 * changing between requests; every decision must equal the reference's. Each sequence uses
 * subjects of its own, so one store serves every run.
 */
export function rateLimiterDifferentialSuite(
  name: string,
  setup: () => Promise<Harness<{ rateLimiter: RateLimiter }>>,
  options: RateLimiterDifferentialOptions = {},
): void {
  describe(`RateLimiter against decideRate: ${name}`, () => {
    const h = useHarness(setup);
    it("decides every request of a random sequence exactly as decideRate does", async () => {
      const { rateLimiter: limiter } = h();
      const clamp = options.clampStamp ?? ((t: number) => t);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          start,
          fc.array(request, { minLength: 1, maxLength: 40 }),
          async (t0, steps) => {
            const prefix = `run${run++}:`;
            const stored = new Map<string, RateCounters | null>();
            let t = t0;
            let latest = t0;
            for (const { subject, step, perMinute, monthly } of steps) {
              t = clamp(t + step * STEP, latest);
              latest = Math.max(latest, t);
              const now = new Date(t);
              const limits = { perMinute, monthly };
              const reference = decideRate(stored.get(subject) ?? null, limits, now);
              if (reference.next) stored.set(subject, reference.next);
              expect(await limiter.consume(prefix + subject, limits, now)).toEqual(
                reference.decision,
              );
            }
          },
        ),
        { numRuns: options.numRuns ?? 150 },
      );
    }, 120_000);
  });
}
