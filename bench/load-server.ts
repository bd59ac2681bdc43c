import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCrawlgate, type Logger, silentLogger } from "@crawlgate/core";
import { listen } from "../packages/cli/src/server.js";
import { openStores } from "../packages/cli/src/stores.js";

/**
 * The server the load bench drives, in a process of its own (so that its RSS is its own):
 * `serve`'s HTTP stack (`listen`) over SQLite or PostgreSQL, seeded with one domain and its
 * rules, shared with `READERS` viewers. Prints one JSON line `{baseUrl, keys, domainId}` when
 * ready; exits on SIGTERM.
 * Usage: load-server.ts sqlite|postgres|fleet. `fleet` is PostgreSQL plus `REDIS_URL` (keys under
 * `LOAD_REDIS_PREFIX`), as each instance of a fleet runs; with `LOAD_SCHEMA` and `LOAD_JOIN=1` a
 * second instance joins the first one's schema without seeding (it prints `{baseUrl}` only, and
 * the first one drops the schema when it stops).
 */

const READERS = 100;
const engine = ["postgres", "fleet"].includes(process.argv[2] ?? "")
  ? (process.argv[2] as "postgres" | "fleet")
  : "sqlite";
const onPostgres = engine !== "sqlite";
const joining = process.env.LOAD_JOIN === "1";
const dir = mkdtempSync(join(tmpdir(), "crawlgate-load-"));
const schema = process.env.LOAD_SCHEMA || `cg_load_${process.pid}`;
const stores = await openStores({
  dataDir: dir,
  databaseUrl: onPostgres
    ? process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"
    : undefined,
  databaseSchema: onPostgres ? schema : undefined,
  redisUrl: engine === "fleet" ? process.env.REDIS_URL || "redis://127.0.0.1:6379" : undefined,
  redisPrefix: process.env.LOAD_REDIS_PREFIX || `cg_load_${process.pid}:`,
  s3: null,
});
// The per-minute limit would turn a load test into a 429 test: it is lifted here (the limiter
// still counts every request in the store, as in production).
/** `LOAD_LOG=1`: errors and warnings as JSON lines on stderr. */
const logger: Logger = process.env.LOAD_LOG
  ? {
      ...silentLogger,
      warn: (event, fields) => console.error(JSON.stringify({ event, ...fields })),
      error: (event, fields) => console.error(JSON.stringify({ event, ...fields })),
    }
  : silentLogger;
const crawlgate = createCrawlgate(
  { ...stores.deps, logger },
  { ratePerMinute: 1_000_000_000, plans: { enterprise: { monthlyQuota: null } } },
);
const must = <T>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
if (joining) {
  const running = await listen(crawlgate, { port: 0, host: "127.0.0.1", logger: silentLogger });
  console.log(JSON.stringify({ baseUrl: running.baseUrl }));
  process.once("SIGTERM", async () => {
    await running.close();
    await stores.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
} else await seedAndServe();

async function seedAndServe(): Promise<void> {
  const user = must(await crawlgate.admin.createUser("load", "enterprise"));
  const { key } = must(await crawlgate.admin.createKey(user.userId));
  const domain = must(await crawlgate.admin.addDomain(user.userId, "site.example.com"));
  const running = await listen(crawlgate, { port: 0, host: "127.0.0.1", logger: silentLogger });
  for (let i = 0; i < 20; i++) {
    const res = await fetch(
      `${running.baseUrl}/functions/v1/domains/${domain.domainId}/routing-rules`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({
          sourcePath: i === 0 ? "/old/:slug" : `/r${i}/*`,
          targetUrl: i === 0 ? "/new/:slug" : `/n${i}/*`,
        }),
      },
    );
    if (res.status !== 201) throw new Error(`rule: ${res.status} ${await res.text()}`);
  }
  // Readers: one key per user, so that requests spread over users as real traffic does (one user's
  // requests serialise on its rate-limit row, by design: exact limits under races).
  const keys: string[] = [];
  for (let i = 0; i < READERS; i++) {
    const reader = must(await crawlgate.admin.createUser(`reader${i}`, "enterprise"));
    must(await crawlgate.admin.shareDomain(domain.domainId, reader.userId, "viewer"));
    keys.push(must(await crawlgate.admin.createKey(reader.userId)).key);
  }
  console.log(JSON.stringify({ baseUrl: running.baseUrl, keys, domainId: domain.domainId }));

  process.once("SIGTERM", async () => {
    await running.close();
    if (onPostgres) {
      const { createPostgresDatabase } = await import("@crawlgate/adapter-kysely/postgres");
      const pg = createPostgresDatabase(
        process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test",
      );
      await pg.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await pg.close();
    }
    await stores.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
