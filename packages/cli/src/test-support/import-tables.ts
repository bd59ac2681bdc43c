import { join } from "node:path";
import Sqlite from "better-sqlite3";

/** Every table an import writes (raw rows, aggregates, path caps, referrals). */
export const IMPORT_TABLES = [
  "crawl_events",
  "crawl_day_stats",
  "crawl_day_paths",
  "crawl_bot_day",
  "crawl_path_day",
  "crawl_served_day",
  "crawl_summary_day",
  "crawl_legacy_day",
  "crawl_agent_day",
  "referral_visits",
  "referral_day_stats",
  "referral_source_day",
  "referral_path_day",
];

/**
 * Every row of those tables in a data dir's SQLite database, as JSON in a stable order, without
 * the `dropped` columns.
 */
export function dumpImportTables(
  dataDir: string,
  dropped: ReadonlySet<string> = new Set(),
): Record<string, string[]> {
  const db = new Sqlite(join(dataDir, "crawlgate.sqlite"), { readonly: true });
  try {
    return Object.fromEntries(
      IMPORT_TABLES.map((table) => {
        const rows = db.prepare(`select * from ${table}`).all() as Record<string, unknown>[];
        const kept = rows.map((row) =>
          JSON.stringify(
            dropped.size === 0
              ? row
              : Object.fromEntries(Object.entries(row).filter(([c]) => !dropped.has(c))),
          ),
        );
        return [table, kept.sort()];
      }),
    );
  } finally {
    db.close();
  }
}
