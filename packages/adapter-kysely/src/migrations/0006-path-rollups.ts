import { type CreateTableBuilder, type Kysely, SqliteAdapter, sql } from "kysely";

/** The page-ranking read model, first shape: one row per block and path. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  // Integer-keyed tables: a rowid would only duplicate the key on SQLite.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const keyed = <T extends string, C extends string>(builder: CreateTableBuilder<T, C>) =>
    sqlite ? builder.modifyEnd(sql`without rowid`) : builder;
  await db.schema
    .createTable("crawl_rollup_domains")
    .addColumn("domain_id", "text", (c) => c.primaryKey())
    .addColumn("domain_key", "integer", (c) => c.notNull().unique())
    .addColumn("built_through", "integer")
    .addColumn("next_path_id", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("crawl_paths")
    .addColumn("domain_key", "integer", (c) => c.notNull())
    .addColumn("path_id", "integer", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_paths_pk", ["domain_key", "path_id"])
    .addUniqueConstraint("crawl_paths_path", ["domain_key", "path"])
    .$call(keyed)
    .execute();
  await db.schema
    .createTable("crawl_path_rollup")
    .addColumn("domain_key", "integer", (c) => c.notNull())
    .addColumn("level", "integer", (c) => c.notNull())
    .addColumn("block_start", "integer", (c) => c.notNull())
    .addColumn("path_id", "integer", (c) => c.notNull())
    // 32-bit counts (PostgreSQL sums them without numeric arithmetic); a block whose total
    // does not fit fails its refresh (reads then use the day counts, still exact).
    .addColumn("verified", "integer", (c) => c.notNull())
    .addColumn("declared", "integer", (c) => c.notNull())
    .addColumn("unknown", "integer", (c) => c.notNull())
    .addCheckConstraint("crawl_path_rollup_total", sql`verified + declared + unknown <= 2147483647`)
    .addPrimaryKeyConstraint("crawl_path_rollup_pk", [
      "domain_key",
      "level",
      "block_start",
      "path_id",
    ])
    .$call(keyed)
    .execute();
  await db.schema
    .createTable("crawl_rollup_days")
    .addColumn("domain_key", "integer", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("verified", "bigint", (c) => c.notNull())
    .addColumn("declared", "bigint", (c) => c.notNull())
    .addColumn("unknown", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_rollup_days_pk", ["domain_key", "day"])
    .$call(keyed)
    .execute();
}
