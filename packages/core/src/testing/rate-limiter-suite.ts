import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

const T = (iso: string) => new Date(iso);

/** The RateLimiter contract (see `ports/`), for every adapter. Time is passed in, not read. */
export function rateLimiterSuite(
  name: string,
  setup: () => Promise<Harness<{ rateLimiter: RateLimiter }>>,
): void {
  describe(`RateLimiter conformance: ${name}`, () => {
    const h = useHarness(setup);
    const perMinute = { perMinute: 3, monthly: null };

    it("allows N per minute, refuses the next with usage, limit and Retry-After", async () => {
      const { rateLimiter: limiter } = h();
      const t0 = T("2026-11-20T10:00:00.000Z");
      for (let i = 1; i <= 3; i++) {
        expect(await limiter.consume("u", perMinute, t0)).toEqual({
          allowed: true,
          minuteUsage: i,
          monthUsage: i,
        });
      }
      expect(await limiter.consume("u", perMinute, T("2026-11-20T10:00:15.500Z"))).toEqual({
        allowed: false,
        reason: "per_minute",
        usage: 3,
        limit: 3,
        retryAfterSeconds: 45,
      });
    });

    it("starts the window at the first request and resets 60 s later; refusals are not counted", async () => {
      const { rateLimiter: limiter } = h();
      await limiter.consume("u", perMinute, T("2026-11-20T10:00:30.000Z"));
      await limiter.consume("u", perMinute, T("2026-11-20T10:00:31.000Z"));
      await limiter.consume("u", perMinute, T("2026-11-20T10:00:32.000Z"));
      for (let i = 0; i < 5; i++) {
        expect((await limiter.consume("u", perMinute, T("2026-11-20T10:01:29.999Z"))).allowed).toBe(
          false,
        );
      }
      const after = await limiter.consume("u", perMinute, T("2026-11-20T10:01:30.000Z"));
      expect(after).toEqual({ allowed: true, minuteUsage: 1, monthUsage: 4 });
    });

    it("refuses over the monthly quota until the next UTC month", async () => {
      const { rateLimiter: limiter } = h();
      const limits = { perMinute: 100, monthly: 2 };
      expect((await limiter.consume("u", limits, T("2026-11-01T00:00:00.000Z"))).allowed).toBe(
        true,
      );
      expect((await limiter.consume("u", limits, T("2026-11-15T00:00:00.000Z"))).allowed).toBe(
        true,
      );
      expect(await limiter.consume("u", limits, T("2026-11-30T23:59:59.000Z"))).toEqual({
        allowed: false,
        reason: "monthly",
        usage: 2,
        limit: 2,
        retryAfterSeconds: 1,
      });
      expect(await limiter.consume("u", limits, T("2026-12-01T00:00:00.000Z"))).toEqual({
        allowed: true,
        minuteUsage: 1,
        monthUsage: 1,
      });
    });

    it("checks the minute before the month, and null monthly is unlimited", async () => {
      const { rateLimiter: limiter } = h();
      const t = T("2026-11-20T10:00:00.000Z");
      await limiter.consume("u", { perMinute: 1, monthly: 1 }, t);
      expect(await limiter.consume("u", { perMinute: 1, monthly: 1 }, t)).toMatchObject({
        reason: "per_minute",
      });
      for (let i = 0; i < 20; i++) {
        expect((await limiter.consume("v", { perMinute: 1000, monthly: null }, t)).allowed).toBe(
          true,
        );
      }
    });

    it("counts a request stamped just before the window began in it; a whole window earlier restarts it", async () => {
      const { rateLimiter: limiter } = h();
      const t0 = Date.parse("2026-11-20T10:00:00.000Z");
      // The later-stamped request got the lock first and opened the window at t0 + 500.
      expect(await limiter.consume("u", perMinute, new Date(t0 + 500))).toMatchObject({
        minuteUsage: 1,
      });
      expect(await limiter.consume("u", perMinute, new Date(t0))).toEqual({
        allowed: true,
        minuteUsage: 2,
        monthUsage: 2,
      });
      expect(await limiter.consume("u", perMinute, new Date(t0 + 100))).toMatchObject({
        minuteUsage: 3,
      });
      expect(await limiter.consume("u", perMinute, new Date(t0 + 200))).toEqual({
        allowed: false,
        reason: "per_minute",
        usage: 3,
        limit: 3,
        retryAfterSeconds: 61,
      });
      expect(await limiter.consume("u", perMinute, new Date(t0 + 500 - 60_000))).toEqual({
        allowed: true,
        minuteUsage: 1,
        monthUsage: 4,
      });
    });

    it("counts a request stamped just before a month another request opened in that month", async () => {
      const { rateLimiter: limiter } = h();
      const limits = { perMinute: 100, monthly: 2 };
      expect(await limiter.consume("u", limits, T("2026-12-01T00:00:00.005Z"))).toMatchObject({
        monthUsage: 1,
      });
      expect(await limiter.consume("u", limits, T("2026-11-30T23:59:59.999Z"))).toEqual({
        allowed: true,
        minuteUsage: 2,
        monthUsage: 2,
      });
      expect(await limiter.consume("u", limits, T("2026-12-01T00:00:01.000Z"))).toEqual({
        allowed: false,
        reason: "monthly",
        usage: 2,
        limit: 2,
        retryAfterSeconds: 31 * 86_400 - 1,
      });
    });

    it("keeps subjects apart", async () => {
      const { rateLimiter: limiter } = h();
      const t = T("2026-11-20T10:00:00.000Z");
      for (let i = 0; i < 3; i++) await limiter.consume("a", perMinute, t);
      expect((await limiter.consume("a", perMinute, t)).allowed).toBe(false);
      expect((await limiter.consume("b", perMinute, t)).allowed).toBe(true);
    });

    it("allows exactly the limit under concurrency", async () => {
      const { rateLimiter: limiter } = h();
      const t = T("2026-11-20T10:00:00.000Z");
      const results = await Promise.all(
        Array.from({ length: 30 }, () => limiter.consume("u", { perMinute: 10, monthly: null }, t)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      const monthly = await Promise.all(
        Array.from({ length: 30 }, () => limiter.consume("m", { perMinute: 100, monthly: 7 }, t)),
      );
      expect(monthly.filter((r) => r.allowed)).toHaveLength(7);
    });
  });
}
