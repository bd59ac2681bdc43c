import {
  type CrawlRecord,
  dayNumber,
  fromDayNumber,
  type PathRankQuery,
  rankPathRows,
  type Verdict,
} from "@crawlgate/core/adapter-kit";
import { makeCrawl } from "@crawlgate/core/testing";
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createKyselyCrawlStore } from "../crawls/store.js";
import type { KyselyHandle } from "../handle.js";
import { freshPostgres, freshSqlite, type TestDatabase } from "../test-support/handles.js";
import { whenPostgres } from "../test-support/postgres.js";
import { planRead } from "./read.js";

const PATHS = ["/", "/a", "/a/b", "/a_b", "/ä", "/😀", "/\uff5e", "/z"];
const BOTS = ["googlebot", "gptbot", "unknown"];
const VERDICTS: Verdict[] = ["verified", "declared", "unknown", "automation"];
const FIRST = dayNumber("2026-10-01");

/** What retention does to a day: every aggregate and raw row of it goes. */
async function dropDay(handle: KyselyHandle, domainId: string, day: string) {
  for (const table of [
    "crawl_events",
    "crawl_bot_day",
    "crawl_path_day",
    "crawl_served_day",
    "crawl_summary_day",
    "crawl_day_stats",
    "crawl_day_paths",
  ]) {
    await sql`delete from ${sql.table(table)} where domain_id = ${domainId} and day = ${day}`.execute(
      handle.db,
    );
  }
}

const query = (domainId: string, overrides: Partial<PathRankQuery>): PathRankQuery => ({
  domainId,
  startDay: fromDayNumber(FIRST),
  endDay: fromDayNumber(FIRST + 40),
  botIds: null,
  tiers: null,
  pathPrefix: null,
  sortBy: "total",
  after: null,
  limit: 5,
  ...overrides,
});

function readModelCases(name: string, fresh: () => Promise<TestDatabase>) {
  describe(`page-ranking read model: ${name}`, () => {
    it("refreshes the other domains when one fails, and names the one that failed", async () => {
      const { handle, teardown } = await fresh();
      try {
        const crawls = createKyselyCrawlStore(handle);
        const a = "00000000-0000-4000-8000-0000000000a1";
        const b = "00000000-0000-4000-8000-0000000000b1";
        const d0 = FIRST + ((4 - (FIRST % 4)) % 4);
        for (const domain of [a, b])
          await crawls.appendCrawls(
            [0, 1, 2, 3].map((i) =>
              makeCrawl(domain, { ts: new Date((d0 + i) * 86_400_000 + 1000), path: `/p${i}` }),
            ),
            { pathCap: 100 },
          );
        await crawls.refreshReadModel(fromDayNumber(d0 + 1));
        // Damage a's two-day block: the next refresh reads it to build the four-day block.
        const keyOf = async (domainId: string) =>
          (
            await handle.db
              .selectFrom("crawl_rollup_domains")
              .select("domain_key")
              .where("domain_id", "=", domainId)
              .executeTakeFirstOrThrow()
          ).domain_key;
        await handle.db
          .updateTable("crawl_rollup_blocks")
          .set({ counts: Buffer.from([1, 2, 3]) })
          .where("domain_key", "=", await keyOf(a))
          .where("level", "=", 1)
          .execute();
        await expect(crawls.refreshReadModel(fromDayNumber(d0 + 3))).rejects.toThrow(
          `read-model refresh failed for 1 of 2 domains: ${a}`,
        );
        const plan = await planRead(handle.db, b, fromDayNumber(d0), fromDayNumber(d0 + 3));
        expect(plan?.blocks).toEqual([{ level: 2, start: d0 }]);
        expect(plan?.days).toEqual([]);
        const q = query(b, { startDay: fromDayNumber(d0), endDay: fromDayNumber(d0 + 3) });
        const stored = await crawls.pathDayCounts(b, "2026-01-01", "2026-12-31");
        expect(await crawls.rankPaths(q)).toEqual(rankPathRows(stored, q));
      } finally {
        await teardown();
      }
    });

    it("reads built blocks, and stays exact when retention deletes days", async () => {
      const { handle, teardown } = await fresh();
      try {
        const crawls = createKyselyCrawlStore(handle);
        const d = "00000000-0000-4000-8000-0000000000f1";
        const rows = Array.from({ length: 120 }, (_, i) =>
          makeCrawl(d, {
            ts: new Date((FIRST + (i % 37)) * 86_400_000 + i * 1000),
            path: PATHS[i % PATHS.length] as string,
            botId: BOTS[i % BOTS.length] as string,
            verdict: VERDICTS[(i >> 1) % VERDICTS.length] as Verdict,
          }),
        );
        await crawls.appendCrawls(rows, { pathCap: 1000 });
        expect(
          await planRead(handle.db, d, fromDayNumber(FIRST), fromDayNumber(FIRST + 40)),
        ).toBeNull();
        await crawls.refreshReadModel(fromDayNumber(FIRST + 34));
        const plan = await planRead(
          handle.db,
          d,
          fromDayNumber(FIRST + 3),
          fromDayNumber(FIRST + 40),
        );
        // Built through day 34; days 35 and 36 have crawls and are read from the day table.
        expect(plan?.days).toEqual([fromDayNumber(FIRST + 35), fromDayNumber(FIRST + 36)]);
        expect(plan?.blocks.length).toBeGreaterThan(0);
        const compare = async () => {
          const stored = await crawls.pathDayCounts(d, "2026-01-01", "2026-12-31");
          for (const q of [
            query(d, {}),
            query(d, { startDay: fromDayNumber(FIRST + 5), sortBy: "verified" }),
            query(d, { tiers: ["declared"], pathPrefix: "/a" }),
            query(d, { after: { value: 2, path: "/a" } }),
            query(d, { botIds: ["gptbot"], sortBy: "verified" }),
            query(d, { botIds: ["googlebot", "unknown"], tiers: ["unknown", "verified"] }),
          ]) {
            expect(await crawls.rankPaths(q)).toEqual(rankPathRows(stored, q));
          }
        };
        await compare();
        await dropDay(handle, d, fromDayNumber(FIRST + 9));
        await dropDay(handle, d, fromDayNumber(FIRST + 35));
        const after = await planRead(
          handle.db,
          d,
          fromDayNumber(FIRST + 3),
          fromDayNumber(FIRST + 40),
        );
        // The dropped built day is no longer fresh: the blocks holding it are not read.
        expect(after?.days).toEqual([fromDayNumber(FIRST + 36)]);
        expect(
          after?.blocks.some((b) => b.start <= FIRST + 9 && FIRST + 9 < b.start + 2 ** b.level),
        ).toBe(false);
        await compare();
        await crawls.refreshReadModel(fromDayNumber(FIRST + 40));
        const rebuilt = await planRead(
          handle.db,
          d,
          fromDayNumber(FIRST + 3),
          fromDayNumber(FIRST + 40),
        );
        expect(rebuilt?.days).toEqual([]);
        await compare();
      } finally {
        await teardown();
      }
    });

    it("agrees with the reference under random writes, upgrades, deletions and refreshes", async () => {
      const { handle, teardown } = await fresh();
      let run = 0;
      const op = fc.oneof(
        fc.record({
          kind: fc.constant("append" as const),
          crawls: fc.array(
            fc.record({
              day: fc.integer({ min: 0, max: 40 }),
              path: fc.constantFrom(...PATHS),
              bot: fc.constantFrom(...BOTS),
              verdict: fc.constantFrom(...VERDICTS),
            }),
            { minLength: 1, maxLength: 12 },
          ),
        }),
        fc.record({ kind: fc.constant("upgrade" as const), pick: fc.nat() }),
        fc.record({
          kind: fc.constant("refresh" as const),
          through: fc.integer({ min: 0, max: 45 }),
        }),
        fc.record({ kind: fc.constant("drop" as const), day: fc.integer({ min: 0, max: 40 }) }),
      );
      const q = fc.record({
        start: fc.integer({ min: 0, max: 40 }),
        length: fc.integer({ min: 0, max: 40 }),
        sortBy: fc.constantFrom("total" as const, "verified" as const),
        tiers: fc.option(
          fc.subarray(["verified", "declared", "unknown"] as const, { minLength: 1 }),
          {
            nil: null,
          },
        ),
        pathPrefix: fc.constantFrom(null, "/a", "/z"),
        botIds: fc.option(fc.subarray(BOTS, { minLength: 1 }), { nil: null }),
        limit: fc.integer({ min: 1, max: 4 }),
      });
      try {
        const crawls = createKyselyCrawlStore(handle);
        await fc.assert(
          fc.asyncProperty(fc.array(op, { maxLength: 8 }), q, async (ops, shape) => {
            run++;
            const d = `00000000-0000-4000-8000-${String(run).padStart(12, "0")}`;
            const stored: CrawlRecord[] = [];
            for (const step of ops) {
              if (step.kind === "append") {
                const batch = step.crawls.map((c, i) =>
                  makeCrawl(d, {
                    ts: new Date((FIRST + c.day) * 86_400_000 + i * 1000),
                    path: c.path,
                    botId: c.bot,
                    verdict: c.verdict,
                  }),
                );
                await crawls.appendCrawls(batch, { pathCap: 6 });
                stored.push(...batch);
              } else if (step.kind === "upgrade") {
                const declared = stored.filter((c) => c.verdict === "declared");
                const event = declared[step.pick % Math.max(1, declared.length)];
                if (event) {
                  await crawls.upgradeToVerified(event.eventId, "G", null);
                  event.verdict = "verified";
                }
              } else if (step.kind === "refresh") {
                await crawls.refreshReadModel(fromDayNumber(FIRST + step.through), d);
              } else {
                await dropDay(handle, d, fromDayNumber(FIRST + step.day));
              }
            }
            const rows = await crawls.pathDayCounts(d, "2026-01-01", "2026-12-31");
            const base = query(d, {
              startDay: fromDayNumber(FIRST + shape.start),
              endDay: fromDayNumber(FIRST + shape.start + shape.length),
              sortBy: shape.sortBy,
              tiers: shape.tiers ? [...shape.tiers] : null,
              pathPrefix: shape.pathPrefix,
              botIds: shape.botIds ? [...shape.botIds] : null,
              limit: shape.limit,
            });
            // Walk every page: each must equal the reference's page at the same position.
            let after: PathRankQuery["after"] = null;
            for (let page = 0; page < 10; page++) {
              const pq = { ...base, after };
              const got = await crawls.rankPaths(pq);
              expect(got).toEqual(rankPathRows(rows, pq));
              const last = got.paths[got.paths.length - 1];
              if (!last) break;
              after = { value: last[base.sortBy], path: last.path };
            }
          }),
          { numRuns: 40 },
        );
      } finally {
        await teardown();
      }
    }, 120_000);
  });
}

readModelCases("SQLite", freshSqlite);
whenPostgres(() => readModelCases("PostgreSQL", freshPostgres));

whenPostgres(() => {
  describe("page-ranking read model: PostgreSQL statistics", () => {
    it("analyzes crawl_paths after registering a large batch of new paths", async () => {
      const { handle, teardown } = await freshPostgres();
      try {
        const crawls = createKyselyCrawlStore(handle);
        const d = "00000000-0000-4000-8000-0000000000c1";
        await crawls.appendCrawls(
          Array.from({ length: 1500 }, (_, i) =>
            makeCrawl(d, { ts: new Date(FIRST * 86_400_000 + i * 1000), path: `/p${i}` }),
          ),
          { pathCap: 5000 },
        );
        const tuples = async () =>
          Number(
            (
              await sql<{ n: number | string }>`
                select reltuples as n from pg_class where oid = 'crawl_paths'::regclass`.execute(
                handle.db,
              )
            ).rows[0]?.n,
          );
        expect(await tuples()).toBeLessThan(1);
        await crawls.refreshReadModel(fromDayNumber(FIRST));
        expect(await tuples()).toBe(1500);
      } finally {
        await teardown();
      }
    });
  });
});
