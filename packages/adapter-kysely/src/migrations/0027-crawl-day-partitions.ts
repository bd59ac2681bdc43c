import { type Kysely, SqliteAdapter, sql } from "kysely";

const DAY_MS = 86_400_000;

/**
 * PostgreSQL: raw crawls (`crawl_events`) become a table partitioned by UTC day (RANGE on `ts`,
 * one partition `crawl_events_YYYYMMDD` per day and `crawl_events_default` for rows of a day
 * without one), so a frozen day is dropped with its partition instead of row by row. A unique
 * key of a partitioned table holds the partition key: the primary key becomes (event_id, ts); an
 * event id stays stored once through `crawl_event_claims` (the writer's). The stored rows move into
 * partitions of their days, indexes and columns as before. SQLite is left as it is.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`alter table crawl_events rename to crawl_events_unpartitioned`.execute(db);
  await sql`alter table crawl_events_unpartitioned rename constraint crawl_events_pkey to crawl_events_unpartitioned_pkey`.execute(
    db,
  );
  await sql`alter index crawl_events_domain_ts rename to crawl_events_unpartitioned_domain_ts`.execute(
    db,
  );
  await sql`create table crawl_events (like crawl_events_unpartitioned including defaults)
    partition by range (ts)`.execute(db);
  await sql`alter table crawl_events add constraint crawl_events_pkey primary key (event_id, ts)`.execute(
    db,
  );
  await sql`create index crawl_events_domain_ts on crawl_events (domain_id, ts, event_id)`.execute(
    db,
  );
  await sql`create table crawl_events_default partition of crawl_events default`.execute(db);
  const days = await sql<{ n: string }>`
    select distinct floor(ts / ${DAY_MS})::bigint as n from crawl_events_unpartitioned`.execute(db);
  for (const { n } of days.rows) {
    const from = Number(n) * DAY_MS;
    const name = `crawl_events_${new Date(from).toISOString().slice(0, 10).replaceAll("-", "")}`;
    await sql`create table ${sql.id(name)} partition of crawl_events
      for values from (${sql.lit(from)}) to (${sql.lit(from + DAY_MS)})`.execute(db);
  }
  await sql`insert into crawl_events select * from crawl_events_unpartitioned`.execute(db);
  // An event id's claim while its batch is written (see the PostgreSQL crawl writer): empty at
  // rest, unlogged (a crash empties it, as it should).
  await sql`create unlogged table crawl_event_claims (event_id text primary key)`.execute(db);
  await sql`drop table crawl_events_unpartitioned`.execute(db);
}
