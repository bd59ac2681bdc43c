import pg from "pg";
import { it } from "vitest";

/** Connection string of the test server (DATABASE_URL, or the local default). */
export const DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

async function probe(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why PostgreSQL is unreachable, or `null` when it answers. Probed once per test file. */
export const postgresUnavailable: string | null = await probe();

/**
 * Registers PostgreSQL suites when the server answers. Otherwise: under `CI=true` a failing
 * test says why (CI must not pass without the server); elsewhere a loud warning and a skip.
 */
export function whenPostgres(register: () => void): void {
  if (postgresUnavailable === null) {
    register();
    return;
  }
  const reason = `PostgreSQL at ${DATABASE_URL} is unreachable: ${postgresUnavailable}`;
  if (process.env.CI === "true") {
    it("PostgreSQL is reachable (required under CI=true)", () => {
      throw new Error(reason);
    });
    return;
  }
  console.warn(`\n!!! SKIPPING PostgreSQL tests. ${reason}\n`);
  it.skip(`PostgreSQL tests skipped: ${reason}`, () => {});
}

/** A fresh, unique schema name for one test. */
export function freshSchema(prefix = "cg_test"): string {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
}

/** Drops a test schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
