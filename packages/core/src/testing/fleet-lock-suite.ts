import { describe, expect, it } from "vitest";
import type { FleetLock } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

const T = (s: string) => new Date(`2026-11-20T10:00:${s}Z`);

/** The FleetLock contract (see `ports/`), for every adapter. Time is passed in, not read. */
export function fleetLockSuite(
  name: string,
  setup: () => Promise<Harness<{ fleetLock: FleetLock }>>,
): void {
  describe(`FleetLock conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("has one holder until its expiry, then is taken over; names are apart", async () => {
      const { fleetLock: lock } = h();
      const a = await lock.acquire("day_close", "a", 30_000, T("00.000"));
      expect(typeof a).toBe("string");
      expect(await lock.acquire("day_close", "b", 30_000, T("29.999"))).toBeNull();
      expect(await lock.acquire("day_close", "a", 30_000, T("29.999"))).toBeNull();
      expect(typeof (await lock.acquire("html_retention", "b", 30_000, T("01.000")))).toBe(
        "string",
      );
      const b = await lock.acquire("day_close", "b", 30_000, T("30.000"));
      expect(typeof b).toBe("string");
      expect(b).not.toBe(a);
      // The old holder has lost it: it can neither renew nor release.
      expect(await lock.renew("day_close", a as string, 30_000, T("31.000"))).toBe(false);
      expect(await lock.release("day_close", a as string)).toBe(false);
      expect(await lock.acquire("day_close", "c", 30_000, T("31.000"))).toBeNull();
    });

    it("renew moves the expiry while held; an expired lock cannot be renewed", async () => {
      const { fleetLock: lock } = h();
      const a = (await lock.acquire("job", "a", 10_000, T("00.000"))) as string;
      expect(await lock.renew("job", a, 10_000, T("09.000"))).toBe(true);
      expect(await lock.acquire("job", "b", 10_000, T("18.999"))).toBeNull();
      expect(await lock.renew("job", a, 10_000, T("19.000"))).toBe(false);
      expect(await lock.renew("job", "not-a-token", 10_000, T("19.000"))).toBe(false);
      expect(await lock.renew("other", a, 10_000, T("01.000"))).toBe(false);
    });

    it("release frees it at once, only with the holder's token", async () => {
      const { fleetLock: lock } = h();
      const a = (await lock.acquire("job", "a", 60_000, T("00.000"))) as string;
      expect(await lock.release("job", "not-a-token")).toBe(false);
      expect(await lock.acquire("job", "b", 60_000, T("01.000"))).toBeNull();
      expect(await lock.release("job", a)).toBe(true);
      expect(await lock.release("job", a)).toBe(false);
      expect(typeof (await lock.acquire("job", "b", 60_000, T("01.000")))).toBe("string");
      expect(await lock.release("never-taken", a)).toBe(false);
    });

    it("gives a free lock to exactly one of many concurrent callers", async () => {
      const { fleetLock: lock } = h();
      const tokens = await Promise.all(
        Array.from({ length: 20 }, (_, i) => lock.acquire("race", `h${i}`, 60_000, T("00.000"))),
      );
      expect(tokens.filter((t) => t !== null)).toHaveLength(1);
      const expired = await Promise.all(
        Array.from({ length: 20 }, (_, i) => lock.acquire("race", `h${i}`, 60_000, T("59.000"))),
      );
      expect(expired.filter((t) => t !== null)).toHaveLength(0);
      const later = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          lock.acquire("race", `h${i}`, 60_000, new Date("2026-11-20T10:01:00.000Z")),
        ),
      );
      expect(later.filter((t) => t !== null)).toHaveLength(1);
    });
  });
}
