/**
 * The crawlgate instance the edge benches measure (`bench edge`, `bench/edge-hit.ts`): stores
 * opened as `crawlgate serve` opens them (SQLite + fs blobs, or memory), no DNS, no outbound
 * fetch, Google's crawler range loaded so a Googlebot from inside it verifies by range.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsBlobStore } from "@crawlgate/adapter-fs";
import { createKyselyStores, type KyselyHandle, migrateToLatest } from "@crawlgate/adapter-kysely";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { createMemorySettingsCache, createMemoryStores } from "@crawlgate/adapter-memory";
import { type CrawlgateDeps, createCrawlgate, type Renderer, silentLogger } from "@crawlgate/core";
import { createMarkdownConverter } from "@crawlgate/markdown";

export type EdgeStores = Omit<CrawlgateDeps, "clock" | "logger">;

/** An edge bench's crawlgate on SQLite (`sqlite: true`) or memory stores. */
export async function openEdgeCrawlgate(options: {
  sqlite: boolean;
  renderer: Renderer;
  webBotAuth?: NonNullable<CrawlgateDeps["webBotAuth"]> | undefined;
}) {
  let handle: KyselyHandle | null = null;
  let dir: string | null = null;
  let deps: EdgeStores;
  if (options.sqlite) {
    dir = mkdtempSync(join(tmpdir(), "crawlgate-bench-edge-"));
    handle = createSqliteDatabase(join(dir, "crawlgate.sqlite"));
    await migrateToLatest(handle);
    const stores = createKyselyStores(handle);
    // As `crawlgate serve` opens them (packages/cli/src/stores.ts): the database's stores, a
    // settings cache in memory, page blobs on disk.
    deps = {
      ...stores,
      settingsCache: createMemorySettingsCache(),
      blobs: createFsBlobStore({ root: join(dir, "blobs") }),
    };
  } else {
    deps = createMemoryStores();
  }
  const crawlgate = createCrawlgate(
    {
      ...deps,
      resolver: { reverse: async () => [], forward: async () => [], txt: async () => [] },
      fetch: null,
      renderer: options.renderer,
      logger: silentLogger,
      // As `crawlgate serve` wires it (packages/cli/src/runtime.ts).
      markdown: createMarkdownConverter(),
      ...(options.webBotAuth ? { webBotAuth: options.webBotAuth } : {}),
    },
    // SQLite has one writer: one crawl batch in flight, as `serve` sets it.
    { ingest: { concurrency: handle ? 1 : 2 } },
  );
  crawlgate.ingest.verifier.setRanges(
    "https://developers.google.com/static/crawling/ipranges/common-crawlers.json",
    ["66.249.64.0/19"],
    new Date(),
  );
  return {
    crawlgate,
    deps,
    handle,
    /** Closes crawlgate and the database, and removes the SQLite world's files. */
    async close() {
      await crawlgate.close();
      await handle?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
