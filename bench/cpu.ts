import { readFileSync } from "node:fs";
import type { KyselyHandle } from "@crawlgate/adapter-kysely";
import { sql } from "kysely";

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, in ms, from `/proc/<pid>/stat`; null
 * where there is no such file (not Linux, or the process is gone).
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** This process's CPU time so far (every thread: the SQLite writer thread too), in ms. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * CPU time used so far by this process (the SQLite writer thread included) and, on
 * PostgreSQL, by each server process of the handle's connections (named after the schema by
 * `onBothEngines`), in ms: unlike wall time, it grows little with other work on a loaded machine.
 */
export async function cpuMs(handle: KyselyHandle) {
  const own = ownCpuMs();
  const server = new Map<number, number>();
  if (handle.dialect === "postgres") {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where application_name = ${handle.schema}`.execute(
      handle.db,
    );
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms !== null) server.set(pid, ms);
    }
  }
  return { own, server };
}

/** The CPU ms between two `cpuMs` snapshots: this process, and the server processes in both. */
export function cpuSince(
  before: Awaited<ReturnType<typeof cpuMs>>,
  after: Awaited<ReturnType<typeof cpuMs>>,
): { own: number; server: number } {
  let server = 0;
  for (const [pid, ms] of after.server) server += ms - (before.server.get(pid) ?? ms);
  return { own: after.own - before.own, server };
}
