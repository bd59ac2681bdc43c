import type { CachedPage, PageCache } from "@crawlgate/core/adapter-kit";
import type { Selectable } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { type Database, date } from "./schema.js";

const toPage = (r: Selectable<Database["page_cache"]>): CachedPage => ({
  domainId: r.domain_id,
  pageKey: r.page_key,
  snapshotId: r.snapshot_id,
  contentHash: r.content_hash,
  status: Number(r.status),
  location: r.location,
  renderedAt: date(r.rendered_at),
  expiresAt: date(r.expires_at),
});

/** Page-cache entries in `page_cache`, one row per (domain_id, page_key). */
export function createKyselyPageCache({ db }: KyselyHandle) {
  return {
    async getPage(domainId, pageKey) {
      const row = await db
        .selectFrom("page_cache")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("page_key", "=", pageKey)
        .executeTakeFirst();
      return row ? toPage(row) : null;
    },
    async putPage(page) {
      const values = {
        snapshot_id: page.snapshotId,
        content_hash: page.contentHash,
        status: page.status,
        location: page.location,
        rendered_at: page.renderedAt.getTime(),
        expires_at: page.expiresAt.getTime(),
      };
      await db
        .insertInto("page_cache")
        .values({ domain_id: page.domainId, page_key: page.pageKey, ...values })
        .onConflict((oc) => oc.columns(["domain_id", "page_key"]).doUpdateSet(values))
        .execute();
    },
    async deletePage(domainId, pageKey) {
      const result = await db
        .deleteFrom("page_cache")
        .where("domain_id", "=", domainId)
        .where("page_key", "=", pageKey)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  } satisfies PageCache;
}
