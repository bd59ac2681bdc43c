import {
  compareUtf8,
  type RobotsStore,
  type RobotsVersion,
  sha256Hex,
  utcDay,
} from "@crawlgate/core/adapter-kit";
import { type Selectable, sql } from "kysely";
import { inSlices } from "./day-path-cap.js";
import type { KyselyHandle } from "./handle.js";
import { type Database, date, dateOrNull, num } from "./schema.js";
import { isUniqueViolation } from "./unique-violation.js";

const toVersion = (row: Selectable<Database["robots_versions"]>): RobotsVersion => ({
  domainId: row.domain_id,
  text: row.text,
  contentHash: row.content_hash,
  effectiveFrom: date(row.effective_from),
});

/** The later of two nullable instants, in SQL both engines run. */
const LATER = sql<number | null>`case
  when excluded.last_violation_at is null then robots_compliance_day.last_violation_at
  when robots_compliance_day.last_violation_at is null then excluded.last_violation_at
  when excluded.last_violation_at > robots_compliance_day.last_violation_at then excluded.last_violation_at
  else robots_compliance_day.last_violation_at end`;

/**
 * robots.txt versions and compliance counts in SQL. A version gets the domain's next `seq` in a
 * transaction; two instances racing on one domain collide on the key and the loser reads again.
 * A compliance batch is one transaction: event ids are inserted with `ON CONFLICT DO NOTHING`
 * (sorted, so concurrent batches lock in one order) and only new events are counted, with
 * upserts in key order.
 */
export function createKyselyRobotsStore({ db, byteOrdered }: KyselyHandle) {
  const ordered = (domainId: string) =>
    db
      .selectFrom("robots_versions")
      .selectAll()
      .where("domain_id", "=", domainId)
      .orderBy("effective_from")
      .orderBy("seq");

  async function tryRecord(domainId: string, text: string, at: Date) {
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("robots_versions")
        .selectAll()
        .where("domain_id", "=", domainId)
        .orderBy("effective_from", "desc")
        .orderBy("seq", "desc")
        .limit(1)
        .execute();
      const latest = rows[0];
      if (latest && latest.text === text) return { stored: false, version: toVersion(latest) };
      const top = await trx
        .selectFrom("robots_versions")
        .select(sql<number | string | null>`max(seq)`.as("seq"))
        .where("domain_id", "=", domainId)
        .executeTakeFirst();
      const row = {
        domain_id: domainId,
        seq: num(top?.seq ?? 0) + 1,
        effective_from: at.getTime(),
        content_hash: await sha256Hex(new TextEncoder().encode(text)),
        text,
      };
      await trx.insertInto("robots_versions").values(row).execute();
      const inForce = latest && num(latest.effective_from) > row.effective_from ? latest : row;
      return { stored: true, version: toVersion(inForce) };
    });
  }

  return {
    async recordRobotsVersion(domainId, text, at) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await tryRecord(domainId, text, at);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
        }
      }
    },
    async listRobotsVersions(domainId) {
      return (await ordered(domainId).execute()).map(toVersion);
    },
    async addComplianceEvents(batch) {
      const unique = new Map<string, (typeof batch)[number] & { day: string }>();
      for (const event of batch)
        if (!unique.has(event.eventId))
          unique.set(event.eventId, { ...event, day: utcDay(event.ts) });
      if (unique.size === 0) return { inserted: 0 };
      const events = [...unique.values()].sort((a, b) => compareUtf8(a.eventId, b.eventId));
      return db.transaction().execute(async (trx) => {
        const fresh = new Set<string>();
        await inSlices(events, async (slice) => {
          const rows = await trx
            .insertInto("robots_compliance_events")
            .values(slice.map((e) => ({ event_id: e.eventId, ts: e.ts.getTime() })))
            .onConflict((oc) => oc.column("event_id").doNothing())
            .returning("event_id")
            .execute();
          for (const row of rows) fresh.add(row.event_id);
        });
        const counts = new Map<
          string,
          Database["robots_compliance_day"] & { last: number | null }
        >();
        for (const e of events) {
          if (!fresh.has(e.eventId)) continue;
          const key = `${e.domainId}\0${e.day}\0${e.botId}`;
          const row = counts.get(key) ?? {
            domain_id: e.domainId,
            day: e.day,
            bot_id: e.botId,
            requests: 0,
            disallowed_requests: 0,
            signal_contradictions: 0,
            last_violation_at: null,
            last: null,
          };
          row.requests = num(row.requests) + 1;
          if (e.signalContradiction) row.signal_contradictions = num(row.signal_contradictions) + 1;
          if (e.disallowed) {
            row.disallowed_requests = num(row.disallowed_requests) + 1;
            row.last = Math.max(row.last ?? -Infinity, e.ts.getTime());
          }
          counts.set(key, row);
        }
        const rows = [...counts.keys()].sort(compareUtf8).map((key) => {
          const { last, ...row } = counts.get(key) as NonNullable<ReturnType<typeof counts.get>>;
          return { ...row, last_violation_at: last };
        });
        await inSlices(rows, (slice) =>
          trx
            .insertInto("robots_compliance_day")
            .values(slice)
            .onConflict((oc) =>
              oc.columns(["domain_id", "day", "bot_id"]).doUpdateSet((eb) => ({
                requests: eb("robots_compliance_day.requests", "+", eb.ref("excluded.requests")),
                disallowed_requests: eb(
                  "robots_compliance_day.disallowed_requests",
                  "+",
                  eb.ref("excluded.disallowed_requests"),
                ),
                signal_contradictions: eb(
                  "robots_compliance_day.signal_contradictions",
                  "+",
                  eb.ref("excluded.signal_contradictions"),
                ),
                last_violation_at: LATER,
              })),
            )
            .execute(),
        );
        return { inserted: fresh.size };
      });
    },
    async forgetComplianceEvents(before) {
      const result = await db
        .deleteFrom("robots_compliance_events")
        .where("ts", "<", before.getTime())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async complianceDayCounts(domainId, startDay, endDay) {
      const rows = await db
        .selectFrom("robots_compliance_day")
        .selectAll()
        .where("domain_id", "=", domainId)
        .where("day", ">=", startDay)
        .where("day", "<=", endDay)
        .orderBy("day")
        .orderBy(byteOrdered("bot_id"))
        .execute();
      return rows.map((r) => ({
        day: r.day,
        botId: r.bot_id,
        requests: num(r.requests),
        disallowedRequests: num(r.disallowed_requests),
        signalContradictions: num(r.signal_contradictions),
        lastViolationAt: dateOrNull(r.last_violation_at),
      }));
    },
  } satisfies RobotsStore;
}
