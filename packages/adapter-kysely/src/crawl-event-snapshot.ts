import type { Kysely } from "kysely";
import type { Database } from "./schema.js";

/** `CrawlStore.snapshotIdOfEvent`: one primary-key read of the raw crawl row. */
export async function snapshotIdOfEvent(db: Kysely<Database>, eventId: string) {
  const row = await db
    .selectFrom("crawl_events")
    .select("snapshot_id")
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return row?.snapshot_id ?? null;
}
