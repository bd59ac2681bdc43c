import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deletePrefix } from "@crawlgate/adapter-redis";
import { createCrawlgate, type Logger, silentLogger } from "@crawlgate/core";
import { createPinnedFetch } from "@crawlgate/proxy-node";
import { listen } from "../packages/cli/src/server.js";
import { openStores } from "../packages/cli/src/stores.js";

/**
 * The server the load bench drives, in a process of its own (so that its RSS is its own):
 * `serve`'s HTTP stack (`listen`) over SQLite or PostgreSQL, seeded with one domain and its
 * rules, shared with `READERS` viewers. Prints one JSON line `{baseUrl, keys, domainId}` when
 * ready; exits on SIGTERM.
 * Usage: load-server.ts sqlite|postgres
 * A fleet (PostgreSQL only): `LOAD_REDIS_URL` shares rate limits and edge settings through Redis
 * (under a prefix of this schema, deleted at exit); `LOAD_JOIN_SCHEMA=<schema>` starts one more
 * instance on the schema another started (no seeding, nothing dropped at exit; prints `keys: []`).
 * The first prints its `schema` too.
 * Edge cache hits (`bench fleet`): `LOAD_ORIGIN_URL` adds the domain `shop.example.com` with that
 * origin (loopback allowed, rendered by the fetch renderer), loads Google's crawler range
 * `66.249.64.0/19` into the verifier and trusts `X-Forwarded-For` (the crawler's address);
 * `LOAD_DATA_DIR` is a data directory the instances share (their fs blobs: the cached pages),
 * kept at exit. `LOAD_INGEST_INTERVAL_MS` sets the crawl buffer's flush interval.
 */

const READERS = 100;
const engine = process.argv[2] === "postgres" ? "postgres" : "sqlite";
const sharedDir = process.env.LOAD_DATA_DIR || undefined;
const dir = sharedDir ?? mkdtempSync(join(tmpdir(), "crawlgate-load-"));
const originUrl = process.env.LOAD_ORIGIN_URL || undefined;
const joining = process.env.LOAD_JOIN_SCHEMA;
const schema = joining ?? `cg_load_${process.pid}`;
const redisUrl = process.env.LOAD_REDIS_URL || undefined;
const redisPrefix = `${schema}:`;
const stores = await openStores({
  redisUrl,
  redisPrefix,
  dataDir: dir,
  databaseUrl:
    engine === "postgres"
      ? process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"
      : undefined,
  databaseSchema: engine === "postgres" ? schema : undefined,
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
  {
    ...stores.deps,
    logger,
    // Origins are operator configuration: loopback allowed, as `crawlgate serve` does.
    ...(originUrl ? { originFetch: createPinnedFetch({ isAllowedAddress: () => true }) } : {}),
  },
  {
    ratePerMinute: 1_000_000_000,
    plans: { enterprise: { monthlyQuota: null } },
    // `LOAD_INGEST_INTERVAL_MS`: the crawl buffer's longest wait before a partial batch (an
    // experiment's knob; default the batcher's).
    ...(process.env.LOAD_INGEST_INTERVAL_MS
      ? { ingest: { intervalMs: Number(process.env.LOAD_INGEST_INTERVAL_MS) } }
      : {}),
  },
);
const must = <T>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!r.ok) throw new Error(r.message);
  return r.value;
};
if (originUrl)
  crawlgate.ingest.verifier.setRanges(
    "https://developers.google.com/static/crawling/ipranges/common-crawlers.json",
    ["66.249.64.0/19"],
    new Date(),
  );
const running = await listen(crawlgate, {
  port: 0,
  host: "127.0.0.1",
  logger: silentLogger,
  trustProxy: originUrl !== undefined,
});
if (joining) {
  console.log(JSON.stringify({ baseUrl: running.baseUrl, keys: [], domainId: "", schema }));
} else {
  await seed();
}

async function seed() {
  const user = must(await crawlgate.admin.createUser("load", "enterprise"));
  const { key } = must(await crawlgate.admin.createKey(user.userId));
  const domain = must(await crawlgate.admin.addDomain(user.userId, "site.example.com"));
  if (originUrl)
    must(await crawlgate.admin.addDomain(user.userId, "shop.example.com", { originUrl }));
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
  console.log(
    JSON.stringify({ baseUrl: running.baseUrl, keys, domainId: domain.domainId, schema }),
  );
}

process.once("SIGTERM", async () => {
  await running.close();
  // Crawls still buffered are written before the schema goes.
  await crawlgate.close();
  if (redisUrl && !joining && stores.redis) await deletePrefix(stores.redis.client, redisPrefix);
  if (engine === "postgres" && !joining) {
    const { createPostgresDatabase } = await import("@crawlgate/adapter-kysely/postgres");
    const pg = createPostgresDatabase(
      process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test",
    );
    await pg.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await pg.close();
  }
  await stores.close();
  if (!sharedDir) rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
