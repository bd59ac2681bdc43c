import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGGREGATE_TIERS } from "../../../types.js";
import { fromCursorPayload, type SnapshotQuery, toCursorPayload } from "./snapshot-query.js";

const day = fc
  .date({ min: new Date("2026-07-09"), max: new Date("2027-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const query: fc.Arbitrary<SnapshotQuery> = fc.record({
  domainId: fc.uuid(),
  url: fc.constantFrom("/", "/pricing", "https://shop.example.com/a/b?x=1", "/é d"),
  path: fc.constant(""),
  period: fc.constant(null),
  startDate: day,
  endDate: day,
  requestedStartDate: fc.option(day, { nil: null }),
  pageSize: fc.integer({ min: 1, max: 400 }),
  botIds: fc.option(fc.uniqueArray(fc.string(), { minLength: 1 }), { nil: null }),
  tiers: fc.option(fc.subarray([...AGGREGATE_TIERS], { minLength: 1 }), { nil: null }),
  after: fc.constant(null),
});

describe("page-snapshots cursor payload", () => {
  it("reads back every query it writes, the path derived again and no period", () => {
    fc.assert(
      fc.property(query, day, (q, after) => {
        const payload = JSON.parse(JSON.stringify(toCursorPayload(q, after)));
        const back = fromCursorPayload(payload);
        expect(back).toMatchObject({ ...q, path: expect.any(String), period: null, after });
        expect(Object.keys(payload)).toEqual([
          "domainId",
          "url",
          "startDate",
          "endDate",
          "requestedStartDate",
          "pageSize",
          "botIds",
          "tiers",
          "after",
        ]);
      }),
    );
  });

  it("refuses payloads that are not a query, never throwing", () => {
    fc.assert(
      fc.property(query, day, fc.constantFrom("domainId", "url", "after", "tiers"), (q, a, key) => {
        const payload = JSON.parse(JSON.stringify(toCursorPayload(q, a)));
        delete payload[key];
        expect(fromCursorPayload(payload)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (payload) => {
        fromCursorPayload(payload);
      }),
    );
  });
});
