import { crawlStoreSuite } from "@crawlgate/core/testing";
import { createKyselyCrawlStore } from "./crawls/store.js";
import { kyselyConformance } from "./test-support/conformance.js";
import { freshSqlite } from "./test-support/handles.js";

// Crawl writes on the writer thread (the default for a file).
kyselyConformance("kysely + SQLite", () => freshSqlite());

// Crawl writes on the handle's own connection (`writerThread: false`, and `:memory:`).
crawlStoreSuite("kysely + SQLite, writes in the thread", async () => {
  const { handle, teardown } = await freshSqlite({ writerThread: false });
  return { crawls: createKyselyCrawlStore(handle), teardown };
});
