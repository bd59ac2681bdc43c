import type Sqlite from "better-sqlite3";

/**
 * The settings of every SQLite connection crawlgate opens (the handle's and the writer
 * thread's): WAL journal, `synchronous = NORMAL` (in WAL a commit survives a crash of the
 * process; the last commits may be lost on power loss or an OS crash), a 5 s busy timeout (other
 * connections and processes write too), foreign keys on, and a 64 MiB page cache (default 2 MiB):
 * the sorter of a large GROUP BY (page ranking over the read model, a few hundred thousand rows)
 * stays in memory instead of spilling to temporary files.
 */
export function configureSqlite(database: Sqlite.Database): void {
  database.pragma("journal_mode = WAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  database.pragma("synchronous = NORMAL");
  database.pragma("cache_size = -65536");
}
