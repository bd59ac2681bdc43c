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
 * A test run's id: the PID of the Vitest process that ran the global setup, and a random part
 * (`12345p1a2b3c`). Schema names carry it as `_r<id>_`, so a later run can tell whether the run
 * that made a schema is still alive.
 */
export function testRunId(pid: number): string {
  return `${pid}p${crypto.randomUUID().replaceAll("-", "").slice(0, 6)}`;
}

/** The PID in a test schema's name (`cg…_r<pid>p<hex>_<hex>`), or `null` for another name. */
export function testRunPid(schema: string): number | null {
  const match = /^cg\w*?_r(\d+)p[0-9a-f]{6}_[0-9a-f]{12}$/.exec(schema);
  return match ? Number(match[1]) : null;
}

/** Whether a process with that PID exists on this machine (signal 0 checks without sending). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as { code?: string }).code === "EPERM";
  }
}

/**
 * The test schemas to drop: those of this run, and those whose run's process is gone (a run
 * that crashed or was killed never dropped its own). Schemas of live runs, and names from
 * before run ids carried a PID, are left alone.
 */
export function abandonedSchemas(
  schemas: readonly string[],
  alive: (pid: number) => boolean,
): string[] {
  return schemas.filter((schema) => {
    const pid = testRunPid(schema);
    return pid !== null && !alive(pid);
  });
}

/**
 * Vitest global setup (`testing/global-setup.ts`, named by the root config): names the run, so
 * every PostgreSQL test schema of the run carries its id; drops, first, the schemas of earlier
 * runs whose process is gone, and at the end every schema of this run. Schemas are not dropped
 * one by one while tests run. Dropping another run's schema while its migrator reads the
 * catalog is safe: the migrator introspects only its own schema (see the Kysely adapter's
 * `scopedForMigrator`; kysely-org/kysely#1419).
 */
export async function nameTestRun(): Promise<() => Promise<void>> {
  const run = testRunId(process.pid);
  process.env.CRAWLGATE_TEST_RUN = run;
  await dropSchemas((schemas) => abandonedSchemas(schemas, processAlive));
  return () => dropSchemas((schemas) => schemas.filter((s) => s.includes(`_r${run}_`)));
}

/** Drops the test schemas `pick` chooses among those named like test schemas. */
async function dropSchemas(pick: (schemas: string[]) => string[]): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: postgresUrl(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like '%\\_r%\\_%'",
    );
    for (const schema of pick(rows.map((r) => r.nspname))) {
      await client.query(`drop schema if exists "${schema.replaceAll('"', '""')}" cascade`);
    }
  } catch {
    // No server (its tests fail or are skipped on their own): nothing to clean.
  } finally {
    await client.end().catch(() => {});
  }
}
