import { type Kysely, SqliteAdapter } from "kysely";

/** The page-ranking read model, packed: one row per block. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  // One row per block instead of one per block and path: the counts of every path id of the
  // block packed as 32-bit integers (page-ranking/block-codec.ts). The read model is rebuilt from the
  // day table by the next refresh: its stamps and coverage are cleared with the old blocks.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropTable("crawl_path_rollup").execute();
  await db.deleteFrom("crawl_rollup_days").execute();
  await db.schema
    .alterTable("crawl_rollup_domains")
    .addColumn("next_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.updateTable("crawl_rollup_domains").set({ built_through: null }).execute();
  await db.schema
    .createTable("crawl_rollup_blocks")
    .addColumn("domain_key", "integer", (c) => c.notNull())
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("block_start", "integer", (c) => c.notNull())
    // '' for the block of all bots; a bot id for that bot's own (the botId filter).
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    // One more than the block's highest path id: readers load path texts up to it.
    .addColumn("id_end", "integer", (c) => c.notNull())
    .addColumn("counts", sqlite ? "blob" : "bytea", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_rollup_blocks_pk", [
      "domain_key",
      "level",
      "block_start",
      "bot_id",
    ])
    .execute();
}
