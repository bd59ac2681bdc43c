import type { ArchiveFile, ArchiveIndex } from "@crawlgate/core/adapter-kit";
import { type Selectable, sql, type Transaction } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { type Database, date, num } from "./schema.js";

const toFile = (r: Selectable<Database["archive_files"]>): ArchiveFile => ({
  domainId: r.domain_id,
  day: r.day,
  part: num(r.part),
  key: r.blob_key,
  contentHash: r.content_hash,
  sizeBytes: num(r.size_bytes),
  rowCount: num(r.row_count),
  rowGroupOffsets: JSON.parse(r.row_group_offsets) as number[],
  frozen: num(r.frozen) === 1,
  closedAt: date(r.closed_at),
});

async function insertFiles(
  trx: Transaction<Database>,
  domainId: string,
  day: string,
  files: readonly ArchiveFile[],
): Promise<void> {
  if (files.length === 0) return;
  await trx
    .insertInto("archive_files")
    .values(
      files.map((f) => ({
        domain_id: domainId,
        day,
        part: f.part,
        blob_key: f.key,
        content_hash: f.contentHash,
        size_bytes: f.sizeBytes,
        row_count: f.rowCount,
        row_group_offsets: JSON.stringify(f.rowGroupOffsets),
        frozen: f.frozen ? 1 : 0,
        closed_at: f.closedAt.getTime(),
      })),
    )
    .execute();
}

/**
 * The archive index in `archive_files`, `archive_leases` and `archive_marks`. A day's files are
 * replaced in one transaction (PostgreSQL: under a transaction-scoped advisory lock of the
 * domain-day, so the frozen check and the write are one step; SQLite writes one at a time), and
 * late parts are appended to a frozen day the same way (the primary key on the part number
 * refuses a second append of the same numbers).
 * Leases and marks are single upserts whose `WHERE` decides, atomic on both engines.
 */
export function createKyselyArchiveIndex({ db, dialect, byteOrdered }: KyselyHandle) {
  const lockDay = async (trx: Transaction<Database>, domainId: string, day: string) => {
    if (dialect === "postgres")
      await sql`select pg_advisory_xact_lock(hashtext(${`archive:${domainId}:${day}`}))`.execute(
        trx,
      );
  };
  return {
    async listArchiveFiles(domainId, startDay, endDay) {
      const rows = await db
        .selectFrom("archive_files")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("day", ">=", startDay)
        .where("day", "<=", endDay)
        .orderBy("day")
        .orderBy("part")
        .execute();
      return rows.map(toFile);
    },
    replaceDay(domainId, day, files) {
      return db.transaction().execute(async (trx) => {
        await lockDay(trx, domainId, day);
        const current = (
          await trx
            .selectFrom("archive_files")
            .selectAll()
            .where("domain_id", "=", domainId)
            .where("day", "=", day)
            .orderBy("part")
            .execute()
        ).map(toFile);
        if (current.some((f) => f.frozen)) return { ok: false, reason: "frozen" } as const;
        await trx
          .deleteFrom("archive_files")
          .where("domain_id", "=", domainId)
          .where("day", "=", day)
          .execute();
        await insertFiles(trx, domainId, day, files);
        return { ok: true, replaced: current } as const;
      });
    },
    appendFrozenParts(domainId, day, files) {
      return db.transaction().execute(async (trx) => {
        await lockDay(trx, domainId, day);
        const current = await trx
          .selectFrom("archive_files")
          .select("frozen")
          .where("domain_id", "=", domainId)
          .where("day", "=", day)
          .execute();
        if (current.length === 0 || current.some((f) => num(f.frozen) !== 1))
          return { ok: false, reason: "not_frozen" } as const;
        if (files.some((f, i) => !f.frozen || f.part !== current.length + i))
          return { ok: false, reason: "parts_changed" } as const;
        await insertFiles(trx, domainId, day, files);
        return { ok: true } as const;
      });
    },
    async daysBefore(beforeDay, limit) {
      const rows = await db
        .selectFrom("archive_files")
        .select(["domain_id", "day"])
        .where("day", "<", beforeDay)
        .groupBy(["day", "domain_id"])
        .orderBy("day")
        .orderBy(sql`${byteOrdered("domain_id")}`)
        .limit(limit)
        .execute();
      return rows.map((r) => ({ domainId: r.domain_id, day: r.day }));
    },
    async forgetDay(domainId, day) {
      const result = await db
        .deleteFrom("archive_files")
        .where("domain_id", "=", domainId)
        .where("day", "=", day)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async acquireDayLease(domainId, day, holder, now, ttlMs) {
      const until = now.getTime() + ttlMs;
      const row = await db
        .insertInto("archive_leases")
        .values({ domain_id: domainId, day, holder, lease_until: until })
        .onConflict((oc) =>
          oc
            .columns(["domain_id", "day"])
            .doUpdateSet({ holder, lease_until: until })
            .where((eb) =>
              eb.or([
                eb("archive_leases.holder", "=", holder),
                eb("archive_leases.lease_until", "<=", now.getTime()),
              ]),
            ),
        )
        .returning("holder")
        .executeTakeFirst();
      return row?.holder === holder;
    },
    async releaseDayLease(domainId, day, holder) {
      await db
        .deleteFrom("archive_leases")
        .where("domain_id", "=", domainId)
        .where("day", "=", day)
        .where("holder", "=", holder)
        .execute();
    },
    async markClosedThrough(scope, day) {
      await db
        .insertInto("archive_marks")
        .values({ scope, closed_through: day })
        .onConflict((oc) =>
          oc
            .column("scope")
            .doUpdateSet({ closed_through: day })
            .where("archive_marks.closed_through", "<", day),
        )
        .execute();
    },
    async closedThrough(domainId) {
      const rows = await db
        .selectFrom("archive_marks")
        .select("closed_through")
        .where("scope", "in", [domainId, "*"])
        .execute();
      const days = rows.map((r) => r.closed_through).sort();
      return days[days.length - 1] ?? null;
    },
  } satisfies ArchiveIndex;
}
