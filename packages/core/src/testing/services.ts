import { it } from "vitest";
import { pingRedis, redisUrl } from "./redis-server.js";

/**
 * Gates for tests that need a real server (PostgreSQL, Redis): probed once per test
 * file. When the server does not answer, a test says why: under `CI=true` it fails (CI must
 * not pass without the server), elsewhere it is skipped with a loud warning.
 */
export interface ServiceGate {
  /** The server's URL (from the environment, or the local default). */
  readonly url: string;
  /** Why the server is unreachable, or `null` when it answered. */
  readonly unavailable: string | null;
  /** Registers the tests when the server answers; otherwise the failing or skipped test. */
  when(register: () => void): void;
}

export function serviceGate(name: string, url: string, unavailable: string | null): ServiceGate {
  return {
    url,
    unavailable,
    when(register) {
      if (unavailable === null) {
        register();
        return;
      }
      const reason = `${name} at ${url} is unreachable: ${unavailable}`;
      if (process.env.CI === "true") {
        it(`${name} is reachable (required under CI=true)`, () => {
          throw new Error(reason);
        });
        return;
      }
      console.warn(`\n!!! SKIPPING ${name} tests. ${reason}\n`);
      it.skip(`${name} tests skipped: ${reason}`, () => {});
    },
  };
}

/** Connection string of the test PostgreSQL (`DATABASE_URL`, or the local default). */
export const postgresUrl = (): string =>
  process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

let postgresProbe: Promise<string | null> | undefined;

/** The PostgreSQL gate (needs the `pg` driver, an optional peer of this entry). */
export async function postgresGate(): Promise<ServiceGate> {
  postgresProbe ??= probePostgres(postgresUrl());
  return serviceGate("PostgreSQL", postgresUrl(), await postgresProbe);
}

async function probePostgres(url: string): Promise<string | null> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
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

let redisProbe: Promise<string | null> | undefined;

/** The Redis gate (`REDIS_URL`, or the local default); probed with a bare PING. */
export async function redisGate(): Promise<ServiceGate> {
  redisProbe ??= pingRedis(redisUrl());
  return serviceGate("Redis", redisUrl(), await redisProbe);
}

/**
 * A fresh, unique schema (or key prefix) name for one test, tagged with the test run
 * (`CRAWLGATE_TEST_RUN`, set by the global setup that drops the run's schemas at the end).
 */
export function freshSchema(prefix = "cg_test"): string {
  const run = process.env.CRAWLGATE_TEST_RUN ?? "local";
  return `${prefix}_r${run}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/**
 * Vitest global setup (`testing/global-setup.ts`, named by the root config): names the run, so every PostgreSQL test schema of the run carries its id,
 * and drops them all once every test file has finished. Schemas are not dropped one by one
 * while tests run: Kysely's migrator reads the catalog of every schema, and a schema dropped at
 * that moment by a parallel test file makes it fail (kysely-org/kysely#1419).
 */
export async function nameTestRun(): Promise<() => Promise<void>> {
  const run = crypto.randomUUID().replaceAll("-", "").slice(0, 8);
  process.env.CRAWLGATE_TEST_RUN = run;
  return async () => {
    const { default: pg } = await import("pg");
    const client = new pg.Client({
      connectionString: postgresUrl(),
      connectionTimeoutMillis: 3000,
    });
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
