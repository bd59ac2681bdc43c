import type Sqlite from "better-sqlite3";

/**
 * The settings of every SQLite connection crawlgate opens (the handle's and the writer
 * thread's): WAL journal, `synchronous = NORMAL` (in WAL a commit survives a crash of the
 * process; the last commits may be lost on power loss or an OS crash), a 5 s busy timeout (other
 * connections and processes write too) and foreign keys on.
 */
export function configureSqlite(database: Sqlite.Database): void {
  database.pragma("journal_mode = WAL");
  database.pragma("busy_timeout = 5000");
  database.pragma("foreign_keys = ON");
  database.pragma("synchronous = NORMAL");
}
