import {
  compareUtf8,
  latestPerPath,
  type SeoIssue,
  type Snapshot,
  type SnapshotStore,
} from "@crawlgate/core/adapter-kit";
import { type Selectable, sql } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { type Database, date, num } from "./schema.js";

type Row = Selectable<Database["snapshots"]>;

const toSnapshot = (r: Row): Snapshot => ({
  snapshotId: r.snapshot_id,
  domainId: r.domain_id,
  path: r.path,
  contentHash: r.content_hash,
  variant: r.variant === "mobile" ? "mobile" : "desktop",
  renderStatus: r.render_status === null ? null : Number(r.render_status),
  contentSizeBytes: r.content_size_bytes === null ? null : num(r.content_size_bytes),
  createdAt: date(r.created_at),
  lastRecordedAt: date(r.last_recorded_at),
  htmlRetained: Number(r.html_retained) === 1,
  seo: {
    score: r.seo_score === null ? null : Number(r.seo_score),
    issues: JSON.parse(r.seo_issues) as SeoIssue[],
  },
});

/** Batches of IDs go to the database in slices. */
const SLICE = 500;

/**
 * Snapshot metadata in SQL. Uniqueness per (domain, path, variant, contentHash) is a unique
 * constraint;
 * recording is one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent recordings of
 * the same content end in one row on both engines.
 */
export function createKyselySnapshotStore({ db }: KyselyHandle) {
  return {
    async recordSnapshot(s) {
      const row = await db
        .insertInto("snapshots")
        .values({
          snapshot_id: s.snapshotId,
          domain_id: s.domainId,
          path: s.path,
          variant: s.variant,
          content_hash: s.contentHash,
          render_status: s.renderStatus,
          content_size_bytes: s.contentSizeBytes,
          created_at: s.createdAt.getTime(),
          last_recorded_at: s.lastRecordedAt.getTime(),
          html_retained: s.htmlRetained ? 1 : 0,
          seo_score: s.seo.score,
          seo_issues: JSON.stringify(s.seo.issues),
        })
        .onConflict((oc) =>
          oc.columns(["domain_id", "path", "variant", "content_hash"]).doUpdateSet({
            last_recorded_at: sql`case when excluded.last_recorded_at > snapshots.last_recorded_at then excluded.last_recorded_at else snapshots.last_recorded_at end`,
            html_retained: 1,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return { snapshot: toSnapshot(row), created: row.snapshot_id === s.snapshotId };
    },
    async getSnapshot(snapshotId) {
      const row = await db
        .selectFrom("snapshots")
        .selectAll()
        .where("snapshot_id", "=", snapshotId)
        .executeTakeFirst();
      return row ? toSnapshot(row) : null;
    },
    async getSnapshots(snapshotIds) {
      const ids = [...new Set(snapshotIds)];
      const out: Snapshot[] = [];
      for (let i = 0; i < ids.length; i += SLICE) {
        const rows = await db
          .selectFrom("snapshots")
          .selectAll()
          .where("snapshot_id", "in", ids.slice(i, i + SLICE))
          .execute();
        out.push(...rows.map(toSnapshot));
      }
      return out.sort((a, b) => compareUtf8(a.snapshotId, b.snapshotId));
    },
    async latestSnapshots(domainId) {
      const rows = await db
        .selectFrom("snapshots")
        .selectAll()
        .where("domain_id", "=", domainId)
        .execute();
      return latestPerPath(rows.map(toSnapshot));
    },
    async expiredContentHashes(cutoff, limit) {
      const rows = await db
        .selectFrom("snapshots")
        .select("content_hash")
        .groupBy("content_hash")
        .having((eb) => eb.fn.max("html_retained"), "=", 1)
        .having((eb) => eb.fn.max("last_recorded_at"), "<", cutoff.getTime())
        .orderBy("content_hash")
        .limit(limit)
        .execute();
      return rows.map((r) => r.content_hash);
    },
    async markHtmlDropped(contentHash, cutoff) {
      const result = await db
        .updateTable("snapshots")
        .set({ html_retained: 0 })
        .where("content_hash", "=", contentHash)
        .where("html_retained", "=", 1)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("snapshots as recent")
                .select("recent.snapshot_id")
                .where("recent.content_hash", "=", contentHash)
                .where("recent.last_recorded_at", ">=", cutoff.getTime()),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async linkEvent(eventId, snapshotId) {
      await db
        .insertInto("snapshot_events")
        .values({ event_id: eventId, snapshot_id: snapshotId })
        .onConflict((oc) => oc.column("event_id").doNothing())
        .execute();
    },
    async linkedSnapshotOf(eventId) {
      const row = await db
        .selectFrom("snapshot_events")
        .select("snapshot_id")
        .where("event_id", "=", eventId)
        .executeTakeFirst();
      return row?.snapshot_id ?? null;
    },
  } satisfies SnapshotStore;
}
