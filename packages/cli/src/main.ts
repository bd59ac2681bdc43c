import { parseArgs } from "node:util";
import { createCrawlgate, PLAN_NAMES, type PlanName } from "@crawlgate/core";
import { seedDemo } from "./demo.js";
import { type DemoSite, seedDemoCrawls } from "./demo-crawls.js";
import { seedDemoLegacy } from "./demo-legacy.js";
import { seedDemoReferrals } from "./demo-referrals.js";
import { seedDemoSnapshots } from "./demo-snapshots.js";
import { importLogs } from "./import-logs.js";
import { scheduleReadModelRefresh } from "./jobs.js";
import { createJsonLogger } from "./logger.js";
import { nodeResolver } from "./node-resolver.js";
import { loadOrCreateSecret } from "./secret.js";
import { listen } from "./server.js";
import { openStores, type StoreOptions } from "./stores.js";

const USAGE = `crawlgate — crawl analytics, routing and cache API

Usage:
  crawlgate serve [--port N] [--host H] [--demo] [--rate-per-minute N]
  crawlgate users create <name> [--plan starter|pro|business|enterprise]
  crawlgate keys create <user>
  crawlgate keys revoke <key>            (or: keys revoke <keyId> --user <user>)
  crawlgate domains add <hostname> --owner <user> [--origin URL]
  crawlgate domains share <hostname> <user> --role manager|viewer
  crawlgate import-logs <file> --domain <hostname>   (combined access log or NDJSON)

Every command takes --data-dir DIR (default ./.crawlgate) and uses PostgreSQL when
DATABASE_URL is set (tables in CRAWLGATE_DB_SCHEMA when set), SQLite in the data directory
otherwise. CRAWLGATE_SECRET sets the signing secret (else one is kept in the data directory).
`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** Stops `serve` when aborted (besides SIGINT/SIGTERM). */
  signal?: AbortSignal;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
};

/** Runs one CLI command. Resolves to the exit code; `serve` resolves only when stopped. */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, sub, ...rest] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return command || values.help ? 0 : 2;
  }
  const dataDir = values["data-dir"] ?? "./.crawlgate";
  const store = {
    dataDir,
    databaseUrl: io.env.DATABASE_URL || undefined,
    databaseSchema: io.env.CRAWLGATE_DB_SCHEMA || undefined,
  };
  if (command === "serve") return serve(values, store, io);

  const stores = await openStores(store);
  try {
    const { admin } = createCrawlgate(stores.deps);
    const userId = async (name: string | undefined) => {
      const user = name ? await stores.deps.accounts.getUserByName(name) : null;
      if (!user) throw new CliError(`no user named "${name ?? ""}"`);
      return user.userId;
    };
    const report = <T>(result: { ok: true; value: T } | { ok: false; message: string }): T => {
      if (!result.ok) throw new CliError(result.message);
      return result.value;
    };
    const key = command === "import-logs" ? command : `${command} ${sub ?? ""}`.trim();
    switch (key) {
      case "users create": {
        const plan = (values.plan ?? "pro") as PlanName;
        if (!PLAN_NAMES.includes(plan)) throw new CliError(`unknown plan "${plan}"`);
        const user = report(await admin.createUser(rest[0] ?? "", plan));
        io.out(JSON.stringify({ userId: user.userId, name: user.name, plan: user.plan }));
        return 0;
      }
      case "keys create": {
        const created = report(await admin.createKey(await userId(rest[0])));
        // The key is shown once; only its hash is stored.
        io.out(JSON.stringify({ keyId: created.record.keyId, key: created.key }));
        return 0;
      }
      case "keys revoke": {
        const owner = values.user ? await userId(values.user) : undefined;
        const revoked = report(await admin.revokeKey(rest[0] ?? "", owner));
        io.out(JSON.stringify({ keyId: revoked.keyId, revoked: true }));
        return 0;
      }
      case "domains add": {
        const domain = report(
          await admin.addDomain(await userId(values.owner), rest[0] ?? "", {
            originUrl: values.origin ?? null,
          }),
        );
        io.out(JSON.stringify({ domainId: domain.domainId, domain: domain.hostname }));
        return 0;
      }
      case "domains share": {
        const role = values.role;
        if (role !== "manager" && role !== "viewer")
          throw new CliError("--role must be manager or viewer");
        const domain = await stores.deps.accounts.getDomainByHostname(
          (rest[0] ?? "").toLowerCase(),
        );
        if (!domain) throw new CliError(`no domain "${rest[0] ?? ""}"`);
        report(await admin.shareDomain(domain.domainId, await userId(rest[1]), role));
        io.out(JSON.stringify({ domainId: domain.domainId, user: rest[1], role }));
        return 0;
      }
      case "import-logs": {
        const domain = await stores.deps.accounts.getDomainByHostname(
          (values.domain ?? "").toLowerCase(),
        );
        if (!domain)
          throw new CliError(
            `no domain "${values.domain ?? ""}" (add it with: crawlgate domains add)`,
          );
        const file = sub;
        if (!file) throw new CliError("import-logs needs a file");
        const logger = createJsonLogger((line) => io.err(line.trimEnd()));
        const { ingest } = createCrawlgate(
          { ...stores.deps, resolver: nodeResolver, logger },
          { ingest: { maxBatch: 1_000, intervalMs: 100 } },
        );
        const summary = await importLogs({
          file,
          domainId: domain.domainId,
          ingest,
          progress: (text) => io.err(text),
        });
        io.out(JSON.stringify({ domain: domain.hostname, ...summary }));
        return 0;
      }
      default:
        io.err(`unknown command "${key}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await stores.close();
  }
}

class CliError extends Error {}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      "data-dir": { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      demo: { type: "boolean" },
      "rate-per-minute": { type: "string" },
      plan: { type: "string" },
      owner: { type: "string" },
      origin: { type: "string" },
      role: { type: "string" },
      user: { type: "string" },
      domain: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

async function serve(
  values: ReturnType<typeof parse>["values"],
  store: StoreOptions,
  io: CliIo,
): Promise<number> {
  const port = Number(values.port ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err("--port must be an integer from 0 to 65535");
    return 2;
  }
  const rate = values["rate-per-minute"] === undefined ? 60 : Number(values["rate-per-minute"]);
  if (!Number.isInteger(rate) || rate < 1) {
    io.err("--rate-per-minute must be a positive integer");
    return 2;
  }
  const logger = createJsonLogger((line) => io.err(line.trimEnd()));
  const stores = await openStores(store);
  const secret = loadOrCreateSecret(store.dataDir, io.env);
  const baseUrl = io.env.CRAWLGATE_BASE_URL;
  const crawlgate = createCrawlgate(
    { ...stores.deps, resolver: nodeResolver, logger },
    {
      ratePerMinute: rate,
      secret,
      ...(baseUrl ? { baseUrl } : {}),
      // PostgreSQL writes two crawl batches at once on two connections; SQLite has one writer.
      ...(store.databaseUrl ? { ingest: { concurrency: 2 } } : {}),
    },
  );
  const demo = values.demo ? await seedDemo(crawlgate, stores.deps, new Date()) : undefined;
  if (demo) {
    const [shop, blog] = demo.domains;
    const sites: DemoSite[] = [
      { domainId: shop?.domainId as string, kind: "shop" },
      { domainId: blog?.domainId as string, kind: "blog" },
    ];
    const started = performance.now();
    const now = new Date();
    const pages = await seedDemoSnapshots({ deps: stores.deps, sites, now, logger });
    logger.info("demo.snapshots_seeded", { snapshots: pages.snapshots, dropped: pages.dropped });
    const seeded = await seedDemoCrawls({
      crawls: stores.deps.crawls,
      sites,
      now,
      logger,
      snapshots: pages.lookup,
    });
    logger.info("demo.traffic_seeded", { ...seeded, ms: Math.round(performance.now() - started) });
    await seedDemoLegacy({ crawls: stores.deps.crawls, sites, now, logger });
    const referrals = await seedDemoReferrals({
      referrals: stores.deps.referrals,
      sites,
      now,
      logger,
    });
    logger.info("demo.referrals_seeded", referrals);
  }
  // The page-ranking read model: built once now (after the demo's seeding), then periodically.
  const readModel = scheduleReadModelRefresh({
    crawls: stores.deps.crawls,
    logger,
    now: () => new Date(),
  });
  if (demo) await readModel.idle();
  const server = await listen(crawlgate, { port, host: values.host ?? "127.0.0.1", logger });
  io.out(JSON.stringify({ event: "ready", baseUrl: server.baseUrl, ...(demo ? { demo } : {}) }));
  logger.info("server.started", { baseUrl: server.baseUrl, store: stores.description });

  return new Promise<number>((resolve) => {
    const stop = async (signal: string) => {
      logger.info("server.stopping", { signal });
      await server.close().catch(() => {});
      // Buffered crawls and referrals are written before the stores (and SQLite's writer
      // thread) close.
      await crawlgate.ingest.close().catch(() => {});
      await readModel.stop();
      await stores.close().catch(() => {});
      resolve(0);
    };
    const onSigint = () => void stop("SIGINT");
    const onSigterm = () => void stop("SIGTERM");
    process.once("SIGINT", onSigint);
    process.once("SIGTERM", onSigterm);
    io.signal?.addEventListener("abort", () => {
      process.off("SIGINT", onSigint);
      process.off("SIGTERM", onSigterm);
      void stop("abort");
    });
  });
}
