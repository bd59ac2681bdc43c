import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describePurge } from "./purge-progress.js";

const T = Date.parse("2026-11-25T12:00:00.000Z");
const status = (over: Partial<Parameters<typeof describePurge>[0]>) => ({
  path: "/p",
  pending: false,
  attempts: null,
  enqueuedAt: null,
  renderedAt: null,
  ...over,
});

describe("purge progress", () => {
  it("reads pending, fresh and done from the purge-status answer", () => {
    expect(describePurge(status({ pending: true, attempts: 0 }), T)).toEqual({
      state: "pending",
      text: "Re-rendering /p…",
    });
    expect(describePurge(status({ pending: true, attempts: 2 }), T).text).toBe(
      "Re-rendering /p (attempt 3)…",
    );
    expect(describePurge(status({ renderedAt: "2026-11-25T12:00:01.000Z" }), T).state).toBe(
      "fresh",
    );
    // A copy rendered well before the purge is not the purge's re-render.
    expect(describePurge(status({ renderedAt: "2026-11-25T11:00:00.000Z" }), T).state).toBe("done");
    expect(describePurge(status({}), T).state).toBe("done");
  });

  it("is pending exactly while the server says so, and fresh only for copies rendered after the purge (5 s skew)", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.integer({ min: -3_600_000, max: 3_600_000 })),
        (pending, offset) => {
          const renderedAt = offset === null ? null : new Date(T + offset).toISOString();
          const { state } = describePurge(status({ pending, renderedAt }), T);
          if (pending) expect(state).toBe("pending");
          else if (offset !== null && offset >= -5_000) expect(state).toBe("fresh");
          else expect(state).toBe("done");
        },
      ),
    );
  });
});
