import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGGREGATE_TIERS } from "../../../types.js";
import { fromCursorPayload, type PageQuery, toCursorPayload } from "./page-query.js";

const day = fc
  .date({ min: new Date("2026-07-09"), max: new Date("2027-12-31"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const pageQuery: fc.Arbitrary<PageQuery> = fc.record({
  domainId: fc.uuid(),
  startDay: day,
  endDay: day,
  requestedStart: fc.option(day, { nil: null }),
  granularity: fc.constantFrom("day", "week"),
  sortBy: fc.constantFrom("total", "verified"),
  pageSize: fc.integer({ min: 1, max: 500 }),
  botIds: fc.option(fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1 }), { nil: null }),
  tiers: fc.option(fc.subarray([...AGGREGATE_TIERS], { minLength: 1 }), { nil: null }),
  pathPrefix: fc.option(
    fc.string().map((s) => `/${s}`),
    { nil: null },
  ),
  after: fc.option(fc.record({ value: fc.nat(), path: fc.string() }), { nil: null }),
});

/** Through JSON, as in a token. */
const wire = (query: PageQuery) => JSON.parse(JSON.stringify(toCursorPayload(query)));

describe("page-analytics cursor payload", () => {
  it("reads back every query it writes", () => {
    fc.assert(
      fc.property(pageQuery, (query) => {
        expect(fromCursorPayload(wire(query))).toEqual(query);
      }),
    );
  });

  it("keeps the wire format of the cursors handed out before: short keys in this order", () => {
    const query: PageQuery = {
      domainId: "0f8fad5b-d9cb-469f-a165-70867728950e",
      startDay: "2026-11-14",
      endDay: "2026-11-20",
      requestedStart: null,
      granularity: "day",
      sortBy: "verified",
      pageSize: 50,
      botIds: ["googlebot", "gptbot"],
      tiers: ["declared"],
      pathPrefix: "/blog",
      after: { value: 12, path: "/blog/a" },
    };
    expect(JSON.stringify(toCursorPayload(query))).toBe(
      '{"d":"0f8fad5b-d9cb-469f-a165-70867728950e","s":"2026-11-14","e":"2026-11-20","r":null,' +
        '"g":"day","o":"verified","n":50,"b":["googlebot","gptbot"],"t":["declared"],' +
        '"x":"/blog","a":[12,"/blog/a"]}',
    );
    const handedOut = JSON.parse(
      '{"d":"0f8fad5b-d9cb-469f-a165-70867728950e","s":"2026-11-14","e":"2026-11-20","r":null,' +
        '"g":"day","o":"verified","n":50,"b":["googlebot","gptbot"],"t":["declared"],' +
        '"x":"/blog","a":[12,"/blog/a"]}',
    );
    expect(fromCursorPayload(handedOut)).toEqual(query);
  });

  it("refuses payloads that are not a query, never throwing", () => {
    fc.assert(
      fc.property(pageQuery, fc.constantFrom("d", "g", "n", "t", "a"), (query, key) => {
        const payload = wire(query);
        delete payload[key];
        expect(fromCursorPayload(payload)).toBeNull();
        expect(fromCursorPayload({ ...wire(query), n: 501 })).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (payload) => {
        fromCursorPayload(payload);
      }),
    );
  });
});
