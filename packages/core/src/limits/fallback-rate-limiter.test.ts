import { createMemoryRateLimiter } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../ports/index.js";
import { createFallbackRateLimiter } from "./fallback-rate-limiter.js";

function logLines() {
  const lines: string[] = [];
  const log = (level: string) => (event: string) => void lines.push(`${level} ${event}`);
  return { lines, logger: { info: log("info"), warn: log("warn"), error: log("error") } };
}

/** A limiter that fails while `down` is set, and counts the calls that reached it. */
function flaky() {
  const inner = createMemoryRateLimiter();
  const state = { down: false, calls: 0 };
  const limiter: RateLimiter = {
    async consume(subject, limits, now) {
      state.calls++;
      if (state.down) throw new Error("Command timed out");
      return inner.consume(subject, limits, now);
    },
  };
  return { limiter, state };
}

const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, s));
const limits = { perMinute: 1000, monthly: null };

describe("createFallbackRateLimiter", () => {
  it("decides with the fallback while the primary fails, probing it every probeMs, one log line per transition", async () => {
    const primary = flaky();
    const fallback = createMemoryRateLimiter();
    const { lines, logger } = logLines();
    const limiter = createFallbackRateLimiter({
      primary: primary.limiter,
      fallback,
      logger,
      probeMs: 5000,
    });
    expect(await limiter.consume("u", limits, at(0))).toMatchObject({ minuteUsage: 1 });
    primary.state.down = true;
    primary.state.calls = 0;
    for (let s = 1; s <= 9; s++) {
      expect((await limiter.consume("u", limits, at(s))).allowed).toBe(true);
    }
    // Failed at 1 s, probed again at 6 s only.
    expect(primary.state.calls).toBe(2);
    expect(limiter.stats()).toEqual({
      degraded: true,
      fallbackDecisions: 9,
      degradedTransitions: 1,
    });
    primary.state.down = false;
    // Not asked before the next probe, at 11 s; the fallback decides.
    expect(await limiter.consume("u", limits, at(10))).toMatchObject({ minuteUsage: 10 });
    expect(await limiter.consume("u", limits, at(11))).toMatchObject({ minuteUsage: 2 });
    expect(limiter.stats()).toMatchObject({ degraded: false, fallbackDecisions: 10 });
    expect(lines).toEqual(["warn rate_limiter.degraded", "info rate_limiter.recovered"]);
  });

  it("passes decisions through untouched while the primary answers", async () => {
    const { logger, lines } = logLines();
    const primary = createMemoryRateLimiter();
    const limiter = createFallbackRateLimiter({
      primary,
      fallback: {
        consume: async () => {
          throw new Error("the fallback is not used");
        },
      },
      logger,
    });
    const tight = { perMinute: 1, monthly: null };
    expect(await limiter.consume("u", tight, at(0))).toEqual({
      allowed: true,
      minuteUsage: 1,
      monthUsage: 1,
    });
    expect(await limiter.consume("u", tight, at(1))).toMatchObject({
      allowed: false,
      reason: "per_minute",
    });
    expect(lines).toEqual([]);
    expect(limiter.stats().fallbackDecisions).toBe(0);
  });
});
