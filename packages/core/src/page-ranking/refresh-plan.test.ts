import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOP_LEVEL } from "./dyadic-cover.js";
import { type DayTiers, planWindowRead } from "./freshness.js";
import { planRefreshStep } from "./refresh-plan.js";

/**
 * A store's read model in miniature: a block holds the per-tier totals of its days (what the
 * per-path counts add up to), written only as the refresh plan says, as the Kysely refresh does.
 */
class ModelStore {
  /** Per-tier totals of each day now (a day with no crawls has none). */
  readonly current = new Map<number, DayTiers>();
  readonly stamped = new Map<number, DayTiers>();
  builtThrough: number | null = null;
  /** Block contents by `level:start` (none: a block without crawls). */
  readonly blocks = new Map<string, DayTiers>();

  refresh(through: number, stepDays: number): void {
    for (let steps = 1; ; steps++) {
      // Each step handles at least one day of the range: the refresh always finishes.
      if (steps > 200) throw new Error("the refresh does not finish");
      const { builtThrough, current, stamped } = this;
      const step = planRefreshStep({ builtThrough, current, stamped, through, stepDays });
      expect(step.level0Days.length).toBeLessThanOrEqual(stepDays);
      expect(step.builtThrough).toBeGreaterThanOrEqual(builtThrough ?? step.builtThrough);
      if (step.settled) {
        expect(step.level0Days).toEqual([]);
        expect(step.merged).toEqual([]);
        this.builtThrough = step.builtThrough;
        return;
      }
      for (const d of step.level0Days) this.write(0, d, this.current.get(d));
      for (const { level, start } of step.merged) {
        const half = 2 ** (level - 1);
        expect(start % (2 * half)).toBe(0);
        expect(start + 2 * half - 1).toBeLessThanOrEqual(step.builtThrough);
        const left = this.blocks.get(`${level - 1}:${start}`);
        const right = this.blocks.get(`${level - 1}:${start + half}`);
        this.write(level, start, left && right ? add(left, right) : (left ?? right));
      }
      for (const d of step.level0Days) this.stamped.delete(d);
      for (const [d, totals] of step.stamps) this.stamped.set(d, totals);
      this.builtThrough = step.builtThrough;
      if (step.done) return;
    }
  }

  private write(level: number, start: number, totals: DayTiers | undefined): void {
    if (totals && total(totals) > 0) this.blocks.set(`${level}:${start}`, { ...totals });
    else this.blocks.delete(`${level}:${start}`);
  }
}

const add = (a: DayTiers, b: DayTiers): DayTiers => ({
  verified: a.verified + b.verified,
  declared: a.declared + b.declared,
  unknown: a.unknown + b.unknown,
});
const total = (t: DayTiers) => t.verified + t.declared + t.unknown;
const ZERO: DayTiers = { verified: 0, declared: 0, unknown: 0 };

/** Days 0..70 from an epoch day a little before a top-level boundary (256 * 80). */
const FIRST = 256 * 80 - 20;
const LAST_OFFSET = 70;

const tiersArb = fc.record({
  verified: fc.integer({ min: 0, max: 3 }),
  declared: fc.integer({ min: 0, max: 3 }),
  unknown: fc.integer({ min: 0, max: 3 }),
});
const opArb = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const),
    day: fc.integer({ min: 0, max: LAST_OFFSET }),
    totals: tiersArb,
  }),
  fc.record({ kind: fc.constant("drop" as const), day: fc.integer({ min: 0, max: LAST_OFFSET }) }),
  fc.record({
    kind: fc.constant("refresh" as const),
    through: fc.integer({ min: 0, max: LAST_OFFSET + 5 }),
    stepDays: fc.integer({ min: 1, max: 5 }),
  }),
);

/**
 * Reads windows (offsets from `FIRST`) as a store does: the blocks of the plan plus its stale
 * days must add up to the window's days; right after a refresh through the window's end
 * (`refreshedThrough`), nothing is left to the days.
 */
function checkWindows(
  store: ModelStore,
  windows: readonly [number, number][],
  refreshedThrough: number | null,
): void {
  if (store.builtThrough === null) return;
  const stamps = {
    builtThrough: store.builtThrough,
    current: store.current,
    stamped: store.stamped,
  };
  for (const [a, b] of windows) {
    const start = FIRST + Math.min(a, b);
    const end = FIRST + Math.max(a, b);
    const { blocks, days } = planWindowRead(start, end, stamps);
    let expected = ZERO;
    for (let d = start; d <= end; d++) expected = add(expected, store.current.get(d) ?? ZERO);
    let got = ZERO;
    for (const { level, start: from } of blocks) {
      expect(from % 2 ** level).toBe(0);
      expect(level).toBeLessThanOrEqual(TOP_LEVEL);
      got = add(got, store.blocks.get(`${level}:${from}`) ?? ZERO);
    }
    for (const d of days) {
      expect(store.current.has(d)).toBe(true);
      got = add(got, store.current.get(d) ?? ZERO);
    }
    expect(got).toEqual(expected);
    if (refreshedThrough !== null && end <= refreshedThrough) expect(days).toEqual([]);
  }
}

describe("planRefreshStep", () => {
  it("keeps every fresh block equal to its days: a window's blocks plus its stale days add up to the window", () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 14 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: LAST_OFFSET }),
            fc.integer({ min: 0, max: LAST_OFFSET }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 5 }),
        (ops, windows, finalStepDays) => {
          const store = new ModelStore();
          let refreshedThrough: number | null = null;
          for (const op of ops) {
            if (op.kind === "set") {
              if (total(op.totals) > 0) store.current.set(FIRST + op.day, op.totals);
              else store.current.delete(FIRST + op.day);
              refreshedThrough = null;
            } else if (op.kind === "drop") {
              store.current.delete(FIRST + op.day);
              refreshedThrough = null;
            } else {
              store.refresh(FIRST + op.through, op.stepDays);
              expect(store.builtThrough).toBeGreaterThanOrEqual(FIRST + op.through);
              refreshedThrough = Math.max(refreshedThrough ?? 0, FIRST + op.through);
            }
          }
          checkWindows(store, windows, refreshedThrough);
          store.refresh(FIRST + LAST_OFFSET, finalStepDays);
          checkWindows(store, windows, FIRST + LAST_OFFSET);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("completes newly built empty days a few at a time, and settles when nothing is left", () => {
    const current = new Map([[10, { verified: 1, declared: 0, unknown: 0 }]]);
    const step = planRefreshStep({
      builtThrough: 12,
      current,
      stamped: current,
      through: 20,
      stepDays: 4,
    });
    // Days 13..20 are newly built (empty): blocks ending on them are completed.
    expect(step.settled).toBe(false);
    expect(step.level0Days).toEqual([]);
    expect(step.builtThrough).toBe(16);
    expect(step.done).toBe(false);
    const none = planRefreshStep({
      builtThrough: null,
      current: new Map(),
      stamped: new Map(),
      through: 20,
      stepDays: 4,
    });
    expect(none).toEqual({
      settled: true,
      level0Days: [],
      merged: [],
      stamps: [],
      builtThrough: 20,
      done: true,
    });
    const again = planRefreshStep({
      builtThrough: 30,
      current,
      stamped: current,
      through: 20,
      stepDays: 4,
    });
    expect(again.settled).toBe(true);
    expect(again.builtThrough).toBe(30);
  });
});
