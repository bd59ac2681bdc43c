import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { KyselyHandle } from "@crawlgate/adapter-kysely";
import { createPostgresDatabase } from "@crawlgate/adapter-kysely/postgres";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import type { ResultRow } from "./measure.js";

/**
 * Runs a store benchmark on a fresh SQLite file and then on a fresh PostgreSQL schema
 * (`DATABASE_URL`, default the local server), removing both afterwards.
 */
export async function onBothEngines(
  schemaTag: string,
  run: (label: "sqlite" | "postgres", handle: KyselyHandle) => Promise<ResultRow[]>,
): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-bench-"));
  const sqlite = createSqliteDatabase(join(dir, "bench.sqlite"));
  try {
    rows.push(...(await run("sqlite", sqlite)));
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const schema = `cg_bench_${schemaTag}${process.pid}`;
  // Named after the schema, so a suite can find its server processes (their CPU time).
  const named = new URL(url);
  named.searchParams.set("application_name", schema);
  const pg = createPostgresDatabase(named.toString(), { schema });
  try {
    rows.push(...(await run("postgres", pg)));
  } finally {
    await pg.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await pg.close();
  }
  return rows;
}
