import {
  type ForkedRateLimiter,
  forkRateLimiter,
  rateLimiterProcessSuite,
} from "@crawlgate/core/testing";
import { freshPostgres, freshSqlite, type TestDatabase } from "./test-support/handles.js";
import { DATABASE_URL, whenPostgres } from "./test-support/postgres.js";

const CHILD = new URL("./test-support/rate-limiter-child.ts", import.meta.url).pathname;
const ROOT = new URL("../../../", import.meta.url).pathname;
const PROCESSES = 4;

/** A migrated database, and `PROCESSES` children that open it with their own connections. */
async function fleet(db: TestDatabase, args: string[]) {
  const limiters: ForkedRateLimiter[] = [];
  try {
    for (let i = 0; i < PROCESSES; i++) limiters.push(await forkRateLimiter(CHILD, args, ROOT));
  } catch (error) {
    await Promise.all(limiters.map((l) => l.close()));
    await db.teardown();
    throw error;
  }
  return {
    limiters,
    teardown: async () => {
      await Promise.all(limiters.map((l) => l.close()));
      await db.teardown();
    },
  };
}

// A file in WAL mode written by several processes: each waits on the others' write lock (busy
// timeout) instead of failing with SQLITE_BUSY.
rateLimiterProcessSuite("kysely + SQLite file", async () => {
  const db = await freshSqlite({ writerThread: false });
  return fleet(db, ["sqlite", db.handle.sqlite.name]);
});

whenPostgres(() =>
  rateLimiterProcessSuite("kysely + PostgreSQL, one schema", async () => {
    const db = await freshPostgres();
    return fleet(db, ["postgres", DATABASE_URL, db.handle.schema as string]);
  }),
);
