/**
 * One process of the multi-process rate-limiter suite: opens the shared store with its own
 * connections (a SQLite file, or a PostgreSQL schema with its own pool) and answers the parent's
 * `consume` calls (`serveRateLimiterToParent`).
 * Usage: rate-limiter-child.ts sqlite <file> | postgres <url> <schema>
 */
import { serveRateLimiterToParent } from "@crawlgate/core/testing";
import { createPostgresDatabase } from "../postgres/index.js";
import { createKyselyRateLimiter } from "../rate-limiter.js";
import { createSqliteDatabase } from "../sqlite/index.js";

const [engine, target, schema] = process.argv.slice(2);
const handle =
  engine === "postgres"
    ? createPostgresDatabase(target as string, { schema: schema as string, max: 10 })
    : createSqliteDatabase(target as string, { writerThread: false });
serveRateLimiterToParent(createKyselyRateLimiter(handle), () => handle.close());
