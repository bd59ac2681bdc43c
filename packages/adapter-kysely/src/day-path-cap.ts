import { admitPath, newDayPathCap } from "@crawlgate/core/adapter-kit";
import type { Transaction } from "kysely";
import type { KyselyHandle } from "./handle.js";
import type { Database } from "./schema.js";

/** Rows per statement (SQLite allows 32,766 bound parameters). */
export const SLICE = 500;

/** Runs `run` over `items` in slices of `SLICE`, one after another. */
export async function inSlices<T>(
  items: readonly T[],
  run: (slice: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += SLICE) await run(items.slice(i, i + SLICE));
}

/** Tables holding the distinct path count of each domain-day (same shape). */
export type DayStatsTable = "crawl_day_stats" | "referral_day_stats";

/**
 * The per-domain-day path cap (core's `admitPath`) under a lock. Creates and locks the day's stats
 * row (PostgreSQL `FOR UPDATE`; SQLite runs one transaction at a time), asks `known` which of
 * `paths` are counted already (in slices), admits the others in order, and stores the new count. Returns the path
 * each path is counted under (itself, or `__overflow__`) and the newly admitted paths.
 */
export async function admitDayPaths(
  trx: Transaction<Database>,
  { lockRows }: Pick<KyselyHandle, "lockRows">,
  table: DayStatsTable,
  key: { domainId: string; day: string },
  paths: readonly string[],
  cap: number,
  known: (slice: string[]) => Promise<string[]>,
): Promise<{ counted: Map<string, string>; admitted: string[] }> {
  const stats = table as "referral_day_stats";
  await trx
    .insertInto(stats)
    .values({ domain_id: key.domainId, day: key.day, path_count: 0 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const query = trx
    .selectFrom(stats)
    .select("path_count")
    .where("domain_id", "=", key.domainId)
    .where("day", "=", key.day);
  const row = await lockRows(query).executeTakeFirstOrThrow();
  const seen = new Set<string>();
  await inSlices(paths, async (slice) => {
    for (const p of await known(slice)) seen.add(p);
  });
  const state = newDayPathCap(Number(row.path_count));
  const counted = new Map<string, string>();
  for (const p of paths)
    counted.set(
      p,
      admitPath(state, p, cap, (q) => seen.has(q)),
    );
  const { admitted } = state;
  if (admitted.length > 0) {
    await trx
      .updateTable(stats)
      .set({ path_count: state.count })
      .where("domain_id", "=", key.domainId)
      .where("day", "=", key.day)
      .execute();
  }
  return { counted, admitted };
}
