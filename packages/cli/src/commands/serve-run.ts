import { hostname } from "node:os";
import { type Crawlgate, createScheduler, systemClock } from "@crawlgate/core";
import { loadDashboardAssets } from "../dashboard-assets.js";
import {
  DEMO_RETENTION_DAYS,
  type DemoWorld,
  seedDemoWorld,
  startDemoOrigin,
} from "../demo/index.js";
import { rangeFetchDep } from "../range-fetch.js";
import { rendererMode } from "../renderer.js";
import { openRuntime, type Runtime } from "../runtime.js";
import { listen } from "../server.js";
import { type ShutdownStep, shutDown, shutdownMs, stopSignal } from "../shutdown.js";
import type { OpenStores } from "../stores.js";
import { webBotAuthDep, x402FacilitatorDep } from "../web-bot-auth.js";
import { type CommandContext, integerOption, stringOption } from "./command.js";

/** `crawlgate serve` once its options are read and the data directory is locked. */
export async function serve(
  ctx: CommandContext,
  options: { port: number; host: string; ratePerMinute: number | undefined; demo: boolean },
): Promise<number> {
  const { port, host, ratePerMinute, demo } = options;
  const deadlineMs = shutdownMs(ctx.config.shutdownMs); // checked before anything starts
  const renderer = rendererMode(stringOption(ctx, "renderer"));
  // The demo's origin serves its signed agent's key directory: a trusted origin of the demo only.
  const origin = demo ? await startDemoOrigin() : undefined;
  const trusted = [...ctx.config.trustedDirectoryOrigins, ...(origin ? [origin.url] : [])];
  const x402Facilitator = x402FacilitatorDep(ctx.config);
  const runtime = await openRuntime(ctx, {
    renderer,
    wire: (stores) => ({
      deps: {
        ...rangeFetchDep(ctx.config),
        webBotAuth: webBotAuthDep({ trustedDirectoryOrigins: trusted }, stores.redis),
        x402Facilitator,
      },
      config: { ratePerMinute, htmlRetentionDays: demo ? DEMO_RETENTION_DAYS : undefined },
    }),
  }).catch(async (error) => {
    await origin?.close();
    throw error;
  });
  const { logger, stores, crawlgate } = runtime;
  const world = demo
    ? await seedDemoWorld({
        crawlgate,
        stores: stores.deps,
        now: new Date(),
        logger,
        origin,
      })
    : undefined;
  // On PostgreSQL several instances may share the stores: singleton jobs run on the one that
  // holds their lock. A SQLite file has one server.
  const scheduler = createScheduler(crawlgate.jobs, {
    clock: systemClock,
    logger,
    ...(ctx.config.databaseUrl
      ? {
          fleet: {
            lock: stores.fleetLock,
            holder: `${hostname()}:${process.pid}`,
            lockTtlMs: fleetLockTtl(ctx.config.fleetLockTtlMs),
          },
        }
      : {}),
  });
  // The demo's long windows read the page-ranking read model, and its crawl log the archive:
  // both are built before the first request (the day close writes every past demo day).
  if (world) await Promise.all([scheduler.idle("read_model_refresh"), scheduler.idle("day_close")]);
  const dashboardAssets = await loadDashboardAssets(logger);
  const server = await listen(crawlgate, {
    port,
    host,
    logger,
    trustProxy: ctx.config.trustProxy,
    readiness: stores.readiness,
    ...(dashboardAssets ? { dashboardAssets } : {}),
  });
  const dashboardUrl = world ? await demoDashboardUrl(crawlgate, stores, server.baseUrl) : null;
  ctx.io.out(readyLine(server.baseUrl, ctx.config.apiHosts, world && { ...world, dashboardUrl }));
  logger.info("server.started", { baseUrl: server.baseUrl, store: stores.description });

  const stop = await stopSignal(ctx.io);
  logger.info("server.stopping", { signal: stop.signal });
  await shutDown(
    [
      { name: "http", run: () => server.drain(deadlineMs) },
      // Crawls of the requests just answered, before the jobs and the stores stop.
      { name: "ingest", run: () => crawlgate.flush() },
      { name: "jobs", run: () => scheduler.stop(), bounded: true },
      ...closeSteps(runtime, origin),
    ],
    { deadlineMs, logger },
  );
  stop.release();
  return 0;
}

/** A sign-in link to the dashboard for the demo's owner (single use, 15 minutes). */
async function demoDashboardUrl(
  crawlgate: Crawlgate,
  stores: OpenStores,
  baseUrl: string,
): Promise<string | null> {
  const owner = await stores.deps.accounts.getUserByName("owner");
  return owner
    ? baseUrl + (await crawlgate.dashboard.signInPath(owner.userId, baseUrl)).path
    : null;
}

/**
 * The first line on stdout: where the server listens (and the demo's keys and domains, and a
 * sign-in link to the dashboard for its owner).
 */
function readyLine(
  baseUrl: string,
  apiHosts: readonly string[],
  world: (DemoWorld & { dashboardUrl: string | null }) | undefined,
): string {
  if (!world) return JSON.stringify({ event: "ready", baseUrl });
  // Which host is which: the API, dashboard and health paths answer on `apiHosts` (and any
  // host that is no domain); the demo's domains' hosts are the sites' (send their Host header).
  const apiHostList = [...new Set([new URL(baseUrl).hostname, ...apiHosts])];
  const siteHosts = world.domains.map((d) => d.domain);
  return JSON.stringify({ event: "ready", baseUrl, apiHosts: apiHostList, siteHosts, demo: world });
}

/**
 * The last steps of a stop, shared with `worker`: the runtime writes buffered crawls and
 * referrals before the renderer and the stores (and SQLite's writer thread) close; then the
 * demo's origin.
 */
export function closeSteps(
  runtime: Runtime,
  origin?: { close(): Promise<void> } | undefined,
): ShutdownStep[] {
  return [
    { name: "runtime", run: () => runtime.close() },
    ...(origin ? [{ name: "demo_origin", run: () => origin.close() }] : []),
  ];
}

/** `CRAWLGATE_FLEET_LOCK_TTL_MS`: at least a second (the lock is renewed every third of it). */
function fleetLockTtl(text: string | undefined): number | undefined {
  return text === undefined
    ? undefined
    : integerOption(text, "CRAWLGATE_FLEET_LOCK_TTL_MS", 1000, 3_600_000);
}
