import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareUtf8 } from "../text/compare-utf8.js";
import { eventIdAt } from "./event-id.js";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The Unix milliseconds a UUIDv7 carries (RFC 9562 §5.7: its first 48 bits). */
const msOf = (id: string) => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe("eventIdAt", () => {
  it("is a UUIDv7 of the instant: RFC 9562's layout, the milliseconds in its first 48 bits", () => {
    const id = eventIdAt(new Date("2026-11-28T08:00:00.123Z"));
    expect(id).toMatch(V7);
    expect(msOf(id)).toBe(Date.parse("2026-11-28T08:00:00.123Z"));
    expect(id.slice(0, 13)).toBe("01a2212b-107b");
  });

  it("clamps instants a UUIDv7 cannot hold, and never repeats", () => {
    expect(msOf(eventIdAt(new Date(-5)))).toBe(0);
    expect(msOf(eventIdAt(new Date(Number.NaN)))).toBe(0);
    expect(msOf(eventIdAt(new Date(8.64e15)))).toBe(2 ** 48 - 1);
    const ids = new Set(Array.from({ length: 10_000 }, () => eventIdAt(new Date(0))));
    expect(ids.size).toBe(10_000);
  });

  it("sorts by instant (byte order, as the stores' indexes compare them): a property", () => {
    const instant = fc.integer({ min: -1e12, max: 2 ** 48 + 1e6 });
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [x, y] = [eventIdAt(new Date(a)), eventIdAt(new Date(b))];
        expect(x).toMatch(V7);
        expect(y).toMatch(V7);
        const clamp = (ms: number) => Math.min(Math.max(ms, 0), 2 ** 48 - 1);
        if (clamp(a) < clamp(b)) expect(compareUtf8(x, y)).toBeLessThan(0);
        if (clamp(a) > clamp(b)) expect(compareUtf8(x, y)).toBeGreaterThan(0);
      }),
    );
  });
});
