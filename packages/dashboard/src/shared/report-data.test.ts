import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packAnswers, unpackAnswers } from "./report-data.js";

/** JSON as the API writes it: no object carries a `__rows` key of its own. */
const json = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('"__rows"'));
/** Rows and buckets, as answers hold them: arrays of objects with the same keys. */
const rows = fc
  .uniqueArray(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 5 })
  .chain((keys) =>
    fc.array(
      fc
        .tuple(...keys.map(() => json))
        .map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))),
      { maxLength: 6 },
    ),
  )
  .filter((v) => !JSON.stringify(v).includes('"__rows"'));

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(packAnswers(value)));

describe("packed report answers", () => {
  it("write arrays of like objects as one table, and read back the same JSON", () => {
    const answer = {
      status: 200,
      body: {
        pages: [
          {
            path: "/a",
            total: 3,
            series: [
              { d: "2026-11-01", n: 1 },
              { d: "2026-11-02", n: 2 },
            ],
          },
          { path: "/b", total: 1, series: [] },
        ],
        mixed: [{ a: 1 }, { b: 2 }],
        one: [{ a: 1 }],
      },
    };
    const packed = packAnswers(answer) as { body: Record<string, unknown> };
    expect(packed.body.pages).toEqual({
      __rows: ["path", "total", "series"],
      v: [
        [
          "/a",
          3,
          {
            __rows: ["d", "n"],
            v: [
              ["2026-11-01", 1],
              ["2026-11-02", 2],
            ],
          },
        ],
        ["/b", 1, []],
      ],
    });
    expect(packed.body.mixed).toEqual([{ a: 1 }, { b: 2 }]);
    expect(packed.body.one).toEqual([{ a: 1 }]);
    expect(unpackAnswers(roundTrip(answer))).toEqual(answer);
  });

  it("property: unpack(pack(x)) is x, key order included, for any JSON and any rows", () => {
    fc.assert(
      fc.property(fc.oneof(json, rows, fc.dictionary(fc.string(), rows)), (value) => {
        const back = unpackAnswers(roundTrip(value));
        expect(JSON.stringify(back)).toBe(JSON.stringify(value));
      }),
    );
  });
});
