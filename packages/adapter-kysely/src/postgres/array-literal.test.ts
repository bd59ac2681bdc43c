import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlValue } from "../crawls/sql.js";
import { DATABASE_URL, whenPostgres } from "../test-support/postgres.js";
import { arrayLiteral, columnLiterals } from "./array-literal.js";

/** Text as it reaches the writer: quotes, backslashes, braces, commas, `NULL`, Unicode. */
const text = fc.oneof(
  fc.constantFrom("", "NULL", "null", '"', "\\", '\\"', "{a,b}", " x ", "é😀", "a\nb"),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: fc.constantFrom("a", '"', "\\", ",", "{", "}", " ") }),
);
const value: fc.Arbitrary<SqlValue> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(null),
);
const rowsOf = (width: number, item: fc.Arbitrary<SqlValue>) =>
  fc.array(fc.array(item, { minLength: width, maxLength: width }), { maxLength: 30 });

/** node-postgres's own serialization of an array parameter: the reference. */
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (v: unknown) => string } })
  .utils;

/** Each column's literal is node-postgres's own text for it, for every `width`-column table. */
const likeNodePostgres = (width: number, item: fc.Arbitrary<SqlValue>) =>
  fc.assert(
    fc.property(rowsOf(width, item), (rows) => {
      const literals = columnLiterals(rows, width);
      for (let c = 0; c < width; c++)
        expect(literals[c]).toBe(prepareValue(rows.map((row) => row[c])));
    }),
    { numRuns: 500 },
  );

describe("PostgreSQL array literals (the unnest parameters of the crawl writer)", () => {
  it("are the text node-postgres sends for the same column, byte for byte", () => {
    likeNodePostgres(3, value);
  });

  it("are the same text for columns without null, quote or backslash (joined whole)", () => {
    likeNodePostgres(
      2,
      fc.oneof(
        fc.string({ unit: fc.constantFrom("a", ",", "{", "}", " ", "é", "N", "U", "L") }),
        fc.integer(),
        fc.double(),
      ),
    );
  });

  it("of no rows is the empty array", () => {
    expect(arrayLiteral([], 0)).toBe("{}");
    expect(columnLiterals([], 2)).toEqual(["{}", "{}"]);
  });
});

whenPostgres(() => {
  describe("PostgreSQL array literals on the server", () => {
    const client = new pg.Client(DATABASE_URL);
    beforeAll(() => client.connect());
    afterAll(() => client.end());

    it("unnest to the same texts and nulls, in order", async () => {
      // PostgreSQL text holds no NUL character (the insert fails with or without the literal).
      const stored = fc.oneof(
        text.filter((s) => !s.includes("\0")),
        fc.constant(null),
      );
      await fc.assert(
        fc.asyncProperty(rowsOf(2, stored), async (rows) => {
          const [a, b] = columnLiterals(rows, 2);
          const result = await client.query<{ a: string | null; b: string | null }>(
            "select a, b from unnest($1::text[], $2::text[]) with ordinality as u(a, b, n) order by n",
            [a, b],
          );
          expect(result.rows.map((r) => [r.a, r.b])).toEqual(rows);
        }),
        { numRuns: 100 },
      );
    });

    it("unnest integers as bigint and int", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.maxSafeInteger(), fc.integer()), { maxLength: 30 }),
          async (rows) => {
            const [a, b] = columnLiterals(rows, 2);
            const result = await client.query<{ a: string; b: number }>(
              "select a, b from unnest($1::bigint[], $2::int[]) with ordinality as u(a, b, n) order by n",
              [a, b],
            );
            expect(result.rows.map((r) => [Number(r.a), r.b])).toEqual(rows);
          },
        ),
        { numRuns: 50 },
      );
    });
  });
});
