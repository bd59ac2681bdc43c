import { type Kysely, sql } from "kysely";

/**
 * Rate limits in one row per subject (`rate_windows`: the minute window and the month), so that a
 * decision is one UPDATE of one row (no transaction held open over round trips). The counts of
 * `rate_counters` (a minute row and a month row per subject) move over, then it is dropped.
 */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_windows")
    .addColumn("subject", "text", (c) => c.primaryKey())
    .addColumn("minute_start", "bigint", (c) => c.notNull())
    .addColumn("minute_count", "integer", (c) => c.notNull())
    .addColumn("month_start", "bigint", (c) => c.notNull())
    .addColumn("month_count", "integer", (c) => c.notNull())
    .addColumn("allowed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into rate_windows (subject, minute_start, minute_count, month_start, month_count)
    select m.subject, m.window_start, m.count, coalesce(n.window_start, 0), coalesce(n.count, 0)
    from rate_counters m left join rate_counters n on n.subject = m.subject and n.kind = 'month'
    where m.kind = 'minute'
  `.execute(db);
  await db.schema.dropTable("rate_counters").execute();
}
