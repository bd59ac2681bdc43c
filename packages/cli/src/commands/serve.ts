import {
  type Crawlgate,
  createCrawlgate,
  createScheduler,
  type Logger,
  systemClock,
} from "@crawlgate/core";
import type { CliConfig } from "../config.js";
import { DEMO_RETENTION_DAYS, type DemoWorld, seedDemoWorld } from "../demo/index.js";
import { createJsonLogger } from "../logger.js";
import { nodeResolver } from "../node-resolver.js";
import { loadOrCreateSecret } from "../secret.js";
import { listen } from "../server.js";
import { type OpenStores, openStores } from "../stores.js";
import { CliError, type CliIo, type Command, stringOption } from "./command.js";

export const SERVE: Command = {
  name: "serve",
  summary: "serve the API under /functions/v1 and the edge for the domains",
  options: {
    port: { type: "string", value: "<n>" },
    host: { type: "string", value: "<host>" },
    demo: { type: "boolean" },
    "rate-per-minute": { type: "string", value: "<n>" },
  },
  async run(ctx) {
    const port = integerOption(stringOption(ctx, "port") ?? "8787", "--port", 0, 65_535);
    const rate = stringOption(ctx, "rate-per-minute");
    const ratePerMinute =
      rate === undefined ? undefined : integerOption(rate, "--rate-per-minute", 1);
    const host = stringOption(ctx, "host") ?? "127.0.0.1";
    const demo = ctx.options.demo === true;
    const logger = createJsonLogger((line) => ctx.io.err(line.trimEnd()));

    const stores = await openStores(ctx.config);
    let crawlgate: Crawlgate;
    try {
      crawlgate = wire(stores, ctx.config, logger, { ratePerMinute, demo });
    } catch (error) {
      await stores.close();
      throw error;
    }
    const world = demo
      ? await seedDemoWorld({ crawlgate, stores: stores.deps, now: new Date(), logger })
      : undefined;
    const scheduler = createScheduler(crawlgate.jobs, { clock: systemClock, logger });
    // The demo's long windows read the page-ranking read model, and its crawl log the archive:
    // both are built before the first request (the day close writes every past demo day).
    if (world)
      await Promise.all([scheduler.idle("read_model_refresh"), scheduler.idle("day_close")]);
    const server = await listen(crawlgate, { port, host, logger });
    ctx.io.out(readyLine(server.baseUrl, world));
    logger.info("server.started", { baseUrl: server.baseUrl, store: stores.description });

    const signal = await stopSignal(ctx.io);
    logger.info("server.stopping", { signal });
    await server.close().catch(() => {});
    await scheduler.stop();
    // Buffered crawls and referrals are written before the stores (and SQLite's writer thread)
    // close.
    await crawlgate.ingest.close().catch(() => {});
    await stores.close().catch(() => {});
    return 0;
  },
};

function wire(
  stores: OpenStores,
  config: CliConfig,
  logger: Logger,
  options: { ratePerMinute: number | undefined; demo: boolean },
): Crawlgate {
  return createCrawlgate(
    {
      ...stores.deps,
      resolver: nodeResolver,
      logger,
      ...(config.rangeRefresh ? {} : { fetch: null }),
    },
    {
      ratePerMinute: options.ratePerMinute,
      secret: loadOrCreateSecret(config.dataDir, config.secret),
      baseUrl: config.baseUrl,
      // PostgreSQL writes two crawl batches at once on two connections; SQLite has one writer.
      ingest: { concurrency: config.databaseUrl ? 2 : 1 },
      htmlRetentionDays: options.demo ? DEMO_RETENTION_DAYS : undefined,
    },
  );
}

/** The first line on stdout: where the server listens (and the demo's keys and domains). */
function readyLine(baseUrl: string, world: DemoWorld | undefined): string {
  return JSON.stringify({ event: "ready", baseUrl, ...(world ? { demo: world } : {}) });
}

/** Resolves with the signal's name on SIGINT, SIGTERM, or when the io's signal aborts. */
function stopSignal(io: CliIo): Promise<string> {
  return new Promise((resolve) => {
    const stop = (name: string) => {
      process.off("SIGINT", onSigint);
      process.off("SIGTERM", onSigterm);
      resolve(name);
    };
    const onSigint = () => stop("SIGINT");
    const onSigterm = () => stop("SIGTERM");
    process.once("SIGINT", onSigint);
    process.once("SIGTERM", onSigterm);
    io.signal?.addEventListener("abort", () => stop("abort"), { once: true });
  });
}

function integerOption(text: string, flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? "a positive integer" : `an integer from ${min} to ${max}`;
    throw new CliError(`${flag} must be ${range}`, true);
  }
  return value;
}
