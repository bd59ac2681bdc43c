import pg from "pg";
import { DATABASE_URL } from "./postgres.js";

/**
 * Vitest global setup: names this run, so that every PostgreSQL test schema of the run carries
 * the run's id, and drops them all once every test file has finished. Schemas are not dropped
 * one by one while tests run: Kysely's migrator reads the catalog of every schema, and a schema
 * dropped at that moment by a parallel test file makes it fail (kysely-org/kysely#1419).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const run = crypto.randomUUID().replaceAll("-", "").slice(0, 8);
  process.env.CRAWLGATE_TEST_RUN = run;
  return async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ nspname: string }>(
        "select nspname from pg_namespace where nspname like $1",
        [`%\\_r${run}\\_%`],
      );
      for (const { nspname } of rows) {
        await client.query(`drop schema if exists "${nspname}" cascade`);
      }
    } catch {
      // No server (its tests already failed or were skipped): nothing to clean.
    } finally {
      await client.end().catch(() => {});
    }
  };
}
