import type { Kysely } from "kysely";
import type { Database } from "./schema.js";

/** `CrawlLog.servedSnapshotOf`: one primary-key read of the raw crawl row. */
export async function servedSnapshotOf(db: Kysely<Database>, eventId: string) {
  const row = await db
    .selectFrom("crawl_events")
    .select("snapshot_id")
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return row?.snapshot_id ?? null;
}
