import { createMemoryStores } from "@crawlgate/adapter-memory";
import { aggregateTier } from "@crawlgate/core/adapter-kit";
import { type ApiWorld, createApiWorld, makeCrawl } from "@crawlgate/core/testing";
import { createFetchHandler } from "@crawlgate/http-fetch";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const PATHS = ["/", "/a", "/a/b", "/a_b", "/a%", "/é", "/😀", "/\uff5e"];
const BOTS = ["googlebot", "gptbot", "bingbot", "unknown"];
const VERDICTS = ["verified", "declared", "unknown", "automation"] as const;
const FIRST_DAY = Date.UTC(2026, 9, 1); // 2026-10-01; the world's today is 2026-11-20
const day = (offset: number) =>
  new Date(FIRST_DAY + offset * 86_400_000).toISOString().slice(0, 10);

const raw = fc.record({
  path: fc.constantFrom(...PATHS),
  botId: fc.constantFrom(...BOTS),
  verdict: fc.constantFrom(...VERDICTS),
  offset: fc.integer({ min: 0, max: 50 }),
  hour: fc.integer({ min: 0, max: 23 }),
});

interface Totals {
  verified: number;
  declared: number;
  unknown: number;
  total: number;
}
// biome-ignore lint/suspicious/noExplicitAny: response bodies are read as JSON
type Json = any;

/** Every page of a request, following nextCursor. */
async function walk(world: ApiWorld, body: Record<string, unknown>): Promise<Json[]> {
  const responses: Json[] = [];
  let request: Record<string, unknown> = body;
  for (;;) {
    const res = await world.call("POST", "/export-page-analytics", { body: request });
    expect(res.status, res.text).toBe(200);
    responses.push(res.json);
    if (!res.json.nextCursor) return responses;
    request = { cursor: res.json.nextCursor };
  }
}

describe("export-page-analytics aggregates (property, fetch handler + memory stores)", () => {
  it("equal the sums of the raw rows for any data, window and granularity", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(raw, { maxLength: 60 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.constantFrom("day", "week"),
        fc.integer({ min: 1, max: 4 }),
        fc.option(fc.subarray(BOTS, { minLength: 1 }), { nil: undefined }),
        async (rows, a, b, granularity, pageSize, botId) => {
          const world = await createApiWorld({
            makeDeps: async () => ({ deps: createMemoryStores() }),
            bridge: async (crawlgate) => ({ fetch: createFetchHandler(crawlgate) }),
          });
          try {
            const domainId = world.domains.shop.domainId;
            const records = rows.map((r) =>
              makeCrawl(domainId, {
                path: r.path,
                botId: r.botId,
                verdict: r.verdict,
                ts: new Date(`${day(r.offset)}T${String(r.hour).padStart(2, "0")}:00:00.000Z`),
              }),
            );
            await world.deps.crawls.appendCrawls(records, { pathCap: 1000 });
            const startDate = day(Math.min(a, b));
            const endDate = day(Math.max(a, b));
            const pages = await walk(world, {
              domainId,
              startDate,
              endDate,
              granularity,
              pageSize,
              ...(botId ? { botId } : {}),
            });

            const inWindow = rows.filter(
              (r) =>
                day(r.offset) >= startDate &&
                day(r.offset) <= endDate &&
                (!botId || botId.includes(r.botId)),
            );
            const expected = new Map<string, Totals>();
            for (const r of inWindow) {
              const t = expected.get(r.path) ?? { verified: 0, declared: 0, unknown: 0, total: 0 };
              t[aggregateTier(r.verdict) as "verified"]++;
              t.total++;
              expected.set(r.path, t);
            }
            const served = pages.flatMap((p) => p.pages);
            expect(served.map((p) => p.path).sort()).toEqual([...expected.keys()].sort());
            for (const response of pages) expect(response.pageCount).toBe(expected.size);
            for (const page of served) {
              const want = expected.get(page.path) as Totals;
              expect(page.total).toBe(want.total);
              expect(page.tiers).toEqual({
                verified: want.verified,
                declared: want.declared,
                unknown: want.unknown,
              });
              // Each bucket: the raw rows of its days.
              for (const bucket of page.series) {
                const inBucket = inWindow.filter(
                  (r) =>
                    r.path === page.path &&
                    day(r.offset) >= bucket.bucketStart &&
                    day(r.offset) <= bucket.bucketEnd,
                );
                if (botId) {
                  for (const bot of botId) {
                    const n = inBucket.filter((r) => r.botId === bot).length;
                    const cell = bucket[bot];
                    expect(cell.verified + cell.declared + cell.unknown).toBe(n);
                  }
                } else {
                  expect(bucket.total).toBe(inBucket.length);
                }
              }
              const step = granularity === "day" ? 1 : 7;
              expect(page.series[0].bucketStart).toBe(startDate);
              expect(page.series.at(-1).bucketEnd).toBe(endDate);
              expect(page.series).toHaveLength(Math.ceil((Math.abs(a - b) + 1) / step));
            }
            // Ranked: total descending across all pages.
            const totals = served.map((p) => p.total);
            expect(totals).toEqual([...totals].sort((x, y) => y - x));
          } finally {
            await world.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
