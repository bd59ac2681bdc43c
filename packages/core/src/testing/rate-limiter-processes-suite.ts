import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateDecision, RateLimiter, RateLimits } from "../ports/index.js";
import type { Harness } from "./harness.js";

const T0 = new Date("2026-11-20T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The RateLimiter contract across processes (a fleet of instances on one store): `limiters` are
 * the same store opened by several processes (each with its own connections), e.g. through
 * `forkRateLimiter`. Calls are spread over them round-robin and issued all at once. They are
 * set up once for the whole describe (processes are slow to start): each case uses its own
 * subjects.
 */
export function rateLimiterProcessSuite(
  name: string,
  setup: () => Promise<Harness<{ limiters: RateLimiter[] }>>,
): void {
  describe(`RateLimiter conformance across processes: ${name}`, () => {
    let harness: Harness<{ limiters: RateLimiter[] }> | undefined;
    beforeAll(async () => {
      harness = await setup();
    }, 120_000);
    afterAll(async () => {
      await harness?.teardown?.();
    });

    /** `n` concurrent calls for `subject`, the i-th on process i mod P; rejects on any error. */
    const burst = (
      subject: string,
      n: number,
      limits: RateLimits,
      now: Date | ((i: number) => Date),
    ) => {
      const limiters = harness?.limiters ?? [];
      expect(limiters.length).toBeGreaterThanOrEqual(2);
      const stamp = typeof now === "function" ? now : () => now;
      return Promise.all(
        range(0, n - 1).map((i) =>
          (limiters[i % limiters.length] as RateLimiter).consume(subject, limits, stamp(i)),
        ),
      );
    };
    const allowedUsages = (results: RateDecision[], key: "minuteUsage" | "monthUsage") =>
      results.flatMap((r) => (r.allowed ? [r[key]] : [])).sort((a, b) => a - b);

    it("N concurrent calls from several processes with room for K: exactly K allowed, no error", async () => {
      for (const round of [1, 2, 3]) {
        const results = await burst(`fleet-${round}`, 80, { perMinute: 50, monthly: null }, T0);
        // Every allowed call saw its own count: no lost update, no count handed out twice.
        expect(allowedUsages(results, "minuteUsage")).toEqual(range(1, 50));
        const refused = results.filter((r) => !r.allowed);
        expect(refused).toHaveLength(30);
        for (const r of refused)
          expect(r).toEqual({
            allowed: false,
            reason: "per_minute",
            usage: 50,
            limit: 50,
            retryAfterSeconds: 60,
          });
      }
    });

    it("calls stamped a few milliseconds apart, arriving in any order, are exact too", async () => {
      // Each request reads the clock before it reaches the store: a later stamp may get there first.
      for (const round of [1, 2, 3]) {
        const stamp = (i: number) => at((i * 7) % 23);
        const results = await burst(
          `fleet-skew-${round}`,
          80,
          { perMinute: 50, monthly: null },
          stamp,
        );
        expect(allowedUsages(results, "minuteUsage")).toEqual(range(1, 50));
        expect(results.filter((r) => !r.allowed)).toHaveLength(30);
      }
    });

    it("N ≤ K: every call is allowed", async () => {
      const results = await burst("fleet-room", 40, { perMinute: 50, monthly: null }, T0);
      expect(allowedUsages(results, "minuteUsage")).toEqual(range(1, 40));
    });

    it("the monthly quota is exact across processes", async () => {
      const results = await burst("fleet-month", 60, { perMinute: 1000, monthly: 25 }, T0);
      expect(allowedUsages(results, "monthUsage")).toEqual(range(1, 25));
      expect(results.filter((r) => !r.allowed && r.reason === "monthly")).toHaveLength(35);
    });

    it("a new minute window opened by concurrent calls is exact, and the month keeps counting", async () => {
      const limits = { perMinute: 15, monthly: null };
      const first = await burst("fleet-roll", 10, limits, T0);
      expect(allowedUsages(first, "minuteUsage")).toEqual(range(1, 10));
      // The window expired: the concurrent calls race to restart it.
      const second = await burst("fleet-roll", 40, limits, at(60_000));
      expect(allowedUsages(second, "minuteUsage")).toEqual(range(1, 15));
      expect(allowedUsages(second, "monthUsage")).toEqual(range(11, 25));
    });

    it("several subjects at once stay exact and apart", async () => {
      const subjects = ["fleet-a", "fleet-b", "fleet-c", "fleet-d"];
      const limits = { perMinute: 10, monthly: 12 };
      const results = await Promise.all(subjects.map((s) => burst(s, 30, limits, T0)));
      for (const r of results) expect(allowedUsages(r, "minuteUsage")).toEqual(range(1, 10));
    });
  });
}
