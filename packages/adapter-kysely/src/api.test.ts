import { apiSuite, archiveWalkSuite } from "@crawlgate/core/testing";
import { createFetchHandler } from "@crawlgate/http-fetch";
import {
  databaseDeps,
  freshPartitionedPostgres,
  freshPostgres,
  freshSqlite,
  type TestDatabase,
} from "./test-support/handles.js";
import { whenPostgres } from "./test-support/postgres.js";

/** The whole HTTP API suite over durable stores: limits and uniqueness hold on real engines. */
function overDatabase(name: string, fresh: () => Promise<TestDatabase>) {
  const makeDeps = databaseDeps(fresh);
  apiSuite(name, {
    makeDeps,
    bridge: async (crawlgate) => ({ fetch: createFetchHandler(crawlgate) }),
  });
  archiveWalkSuite(name, makeDeps, 10);
}

overDatabase("fetch handler + SQLite", freshSqlite);
whenPostgres(() => {
  overDatabase("fetch handler + PostgreSQL", freshPostgres);
  // Frozen days of the walk in day partitions and in the default one: every row read once.
  archiveWalkSuite(
    "fetch handler + PostgreSQL, day partitions",
    databaseDeps(freshPartitionedPostgres),
    10,
  );
});
