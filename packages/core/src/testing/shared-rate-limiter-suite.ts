import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

/**
 * Sharing cases of the RateLimiter contract: several limiters on one shared state (one per
 * connection or per instance of a fleet) must decide as one.
 */
export function sharedRateLimiterSuite(
  name: string,
  setup: () => Promise<Harness<{ rateLimiters: RateLimiter[] }>>,
): void {
  describe(`RateLimiter sharing: ${name}`, () => {
    const h = useHarness(setup);
    const t = new Date("2026-11-20T10:00:00.000Z");

    it("allows exactly the limit to many concurrent callers spread over every instance", async () => {
      const { rateLimiters } = h();
      const calls = Array.from({ length: 200 }, (_, i) =>
        rateLimiters[i % rateLimiters.length]?.consume("u", { perMinute: 50, monthly: null }, t),
      );
      const results = await Promise.all(calls);
      const allowed = results.filter((r) => r?.allowed);
      expect(allowed).toHaveLength(50);
      expect(allowed.map((r) => (r?.allowed ? r.minuteUsage : 0)).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      const next = await rateLimiters[0]?.consume("u", { perMinute: 50, monthly: null }, t);
      expect(next).toMatchObject({ allowed: false, reason: "per_minute", usage: 50 });
    });

    it("shares the monthly quota between instances", async () => {
      const { rateLimiters } = h();
      const limits = { perMinute: 1000, monthly: 13 };
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          rateLimiters[i % rateLimiters.length]?.consume("m", limits, t),
        ),
      );
      expect(results.filter((r) => r?.allowed)).toHaveLength(13);
    });
  });
}
