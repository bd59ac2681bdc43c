import { utcDay } from "@crawlgate/core/adapter-kit";
import { makeCrawl } from "@crawlgate/core/testing";
import { CompiledQuery, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EVENT_COLUMNS, eventValues } from "../crawls/sql.js";
import { createKyselyStores } from "../index.js";
import { freshPartitionedPostgres, type TestDatabase } from "../test-support/handles.js";
import { whenPostgres } from "../test-support/postgres.js";
import { columnLiterals } from "./array-literal.js";
import { INSERT_EVENTS } from "./crawl-writer.js";

const D = "00000000-0000-4000-8000-0000000000c1";
const at = (i: number) => new Date(Date.UTC(2026, 10, 1 + (i % 20), 0, 0, 0, i % 1000));

whenPostgres(() => {
  describe("PostgreSQL crawl writer", () => {
    let db: TestDatabase;
    beforeEach(async () => {
      db = await freshPartitionedPostgres();
    });
    afterEach(() => db.teardown());

    it("looks each event id up by index, never reading every stored row of the day partitions", async () => {
      const { crawls } = createKyselyStores(db.handle);
      for (let b = 0; b < 4; b++)
        await crawls.appendCrawls(
          Array.from({ length: 2_000 }, (_, i) => makeCrawl(D, { ts: at(b * 2_000 + i) })),
          { pathCap: 1000 },
        );
      await sql`analyze crawl_events`.execute(db.handle.db);
      const batch = Array.from({ length: 5_000 }, (_, i) => makeCrawl(D, { ts: at(i) }));
      const parameters = columnLiterals(
        batch.map((r) => eventValues(r, utcDay(r.ts))),
        EVENT_COLUMNS.length,
      );
      const { rows } = await db.handle.db.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain (costs off) ${INSERT_EVENTS}`, parameters),
      );
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      // Per row, an index probe of each partition holding rows (an empty one may be scanned).
      expect(plan).toContain("SubPlan");
      expect(plan).toContain("Index Only Scan using crawl_events_20261101_pkey");
      expect(plan).not.toContain("Anti Join");
    });
  });
});
