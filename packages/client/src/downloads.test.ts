import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CrawlLogsCsvPage, concatCsvPages } from "./downloads.js";
import { parseRetryAfter } from "./errors.js";

const encoder = new TextEncoder();

/** A stream of `bytes` cut at `cuts` (chunk boundaries anywhere, a CR and its LF split included). */
function chunked(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) chunks.push(bytes.slice(start, point));
    start = Math.max(start, point);
  }
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

const page = (body: ReadableStream<Uint8Array>, nextCursor: string | null): CrawlLogsCsvPage => ({
  format: "csv",
  body,
  nextCursor,
  missingDays: [],
  provisionalDays: [],
  filename: null,
});

/** A CSV record: cells with commas, quotes, CR, LF and non-ASCII text, quoted as RFC 4180 says. */
const record = fc
  .array(fc.string({ unit: fc.constantFrom("a", "é", "日", ",", '"', "\r", "\n", "1") }), {
    minLength: 1,
    maxLength: 4,
  })
  .map(
    (cells) =>
      `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",")}\r\n`,
  );

describe("crawl-log CSV pages joined into one stream", () => {
  it("keeps the first page whole and drops each later page's header row, wherever chunks end", async () => {
    const header =
      "ts,domain,path,userAgent,uaHash,servedFrom,status,bytes,botOperator,matchedRange,tier,contentHash\r\n";
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(record, { maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 4, maxLength: 4 }),
        async (pages, cuts) => {
          const bodies = pages.map((rows, i) =>
            chunked(encoder.encode(header + rows.join("")), cuts[i] ?? []),
          );
          const requested: string[] = [];
          const stream = concatCsvPages(
            async () =>
              page(bodies[0] as ReadableStream<Uint8Array>, pages.length > 1 ? "c1" : null),
            async (cursor) => {
              requested.push(cursor);
              const i = Number(cursor.slice(1));
              return page(
                bodies[i] as ReadableStream<Uint8Array>,
                i + 1 < pages.length ? `c${i + 1}` : null,
              );
            },
          );
          const text = await new Response(stream).text();
          expect(text).toBe(header + pages.flat().join(""));
          expect(requested).toEqual(pages.slice(1).map((_, i) => `c${i + 1}`));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("fetches a later page only when the reader gets to it, and passes its failure on", async () => {
    let asked = 0;
    const stream = concatCsvPages(
      async () => page(chunked(encoder.encode("h\r\n1\r\n"), []), "c1"),
      async () => {
        asked++;
        throw new Error("invalid_cursor");
      },
    );
    const reader = stream.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("h\r\n1\r\n");
    expect(asked).toBe(0);
    await expect(reader.read()).rejects.toThrow("invalid_cursor");
    expect(asked).toBe(1);
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2026-11-20T10:00:00.000Z");

  it("reads delta-seconds and HTTP dates (rounded up, never negative), and nothing else", () => {
    fc.assert(fc.property(fc.nat({ max: 10 ** 9 }), (n) => parseRetryAfter(` ${n} `, now) === n));
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 6), max: 10 ** 7 }), (seconds) => {
        const date = new Date(now + seconds * 1000).toUTCString();
        return parseRetryAfter(date, now) === Math.max(0, seconds);
      }),
    );
    for (const bad of ["soon", "-5", "1.5", "", "0x10"])
      expect(parseRetryAfter(bad, now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
