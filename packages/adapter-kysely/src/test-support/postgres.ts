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

/**
 * A fresh, unique schema name for one test, tagged with the run (see `global-setup.ts`, which
 * drops the run's schemas at the end).
 */
export function freshSchema(prefix = "cg_test"): string {
  const run = process.env.CRAWLGATE_TEST_RUN ?? "local";
  return `${prefix}_r${run}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}
