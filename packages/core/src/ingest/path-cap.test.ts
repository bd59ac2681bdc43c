import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { admitPath, domainDayKey, newDayPathCap, OVERFLOW_PATH } from "./path-cap.js";

describe("admitPath", () => {
  it("admits new paths while the day has room, keeps stored ones, overflows the rest", () => {
    const stored = new Set(["/s"]);
    const state = newDayPathCap(stored.size);
    const isStored = (p: string) => stored.has(p);
    const got = ["/a", "/s", "/b", "/a", "/c", "/s", "/c"].map((p) =>
      admitPath(state, p, 3, isStored),
    );
    expect(got).toEqual(["/a", "/s", "/b", "/a", OVERFLOW_PATH, "/s", OVERFLOW_PATH]);
    expect(state.admitted).toEqual(["/a", "/b"]);
    expect(state.count).toBe(3);
  });

  it("first come, first admitted: a property over random batches, caps and stored paths", () => {
    const path = fc.constantFrom<string>("/a", "/b", "/c", "/d", "/e", "/😀", "/\uff5e", "/A");
    fc.assert(
      fc.property(
        fc.uniqueArray(path, { maxLength: 4 }),
        fc.array(path, { maxLength: 30 }),
        fc.nat(6),
        (storedList, batch, cap) => {
          const stored = new Set(storedList);
          const asked: string[] = [];
          const state = newDayPathCap(stored.size);
          const got = batch.map((p) =>
            admitPath(state, p, cap, (q) => {
              asked.push(q);
              return stored.has(q);
            }),
          );
          // The model: stored paths count as themselves; new paths are admitted in order of
          // first appearance while fewer than `cap` paths are counted.
          const fresh = [...new Set(batch.filter((p) => !stored.has(p)))];
          const admitted = fresh.slice(0, Math.max(0, cap - stored.size));
          const expected = batch.map((p) =>
            stored.has(p) || admitted.includes(p) ? p : OVERFLOW_PATH,
          );
          expect(got).toEqual(expected);
          expect(state.admitted).toEqual(admitted);
          expect(state.count).toBe(stored.size + admitted.length);
          expect(asked).toEqual([...new Set(batch)]);
        },
      ),
    );
  });

  it("keys a domain-day so that no two pairs share a key", () => {
    expect(domainDayKey("d1", "2026-11-20")).not.toBe(domainDayKey("d1", "2026-11-21"));
    expect(domainDayKey("d1", "2026-11-20")).not.toBe(domainDayKey("d2", "2026-11-20"));
  });
});
