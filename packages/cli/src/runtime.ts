import {
  type Crawlgate,
  type CrawlgateConfig,
  type CrawlgateDeps,
  createCrawlgate,
  createJsonLogger,
  type Logger,
} from "@crawlgate/core";
import { createMarkdownConverter } from "@crawlgate/markdown";
import type { CommandContext } from "./commands/command.js";
import type { CliConfig } from "./config.js";
import { nodeResolver } from "./node-resolver.js";
import { chooseRenderer, createOriginFetch, type RendererMode } from "./renderer.js";
import { loadOrCreateSecret } from "./secret.js";
import { type OpenStores, openStores } from "./stores.js";

/** What a command changes in the instance every command shares (applied over it, field by field). */
export interface Wiring {
  deps?: Partial<CrawlgateDeps>;
  config?: CrawlgateConfig;
}

export interface RuntimeOptions {
  /** The renderer of a command that renders (`serve`, `worker`); others keep core's default. */
  renderer?: RendererMode;
  /** This command's changes to the shared wiring; it may wrap the opened stores. */
  wire?: (stores: OpenStores) => Wiring;
}

/** What a command runs on; `close` writes buffered rows, then closes the renderer and stores. */
export interface Runtime {
  logger: Logger;
  stores: OpenStores;
  crawlgate: Crawlgate;
  close(): Promise<void>;
}

/**
 * Opens the stores of the configured data directory or database and wires the crawlgate
 * instance on them, the same way for every command: JSON logs on stderr, node:dns for
 * verification, the pinned origin fetch, no range downloads (`serve` and `worker` opt in) and
 * the secret `serve` signs with, so that what one command signs another accepts.
 */
export async function openRuntime(
  ctx: CommandContext,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const { config } = ctx;
  const logger = createJsonLogger((line) => ctx.io.err(line));
  const renderer = options.renderer ? chooseRenderer(options.renderer, logger) : undefined;
  const stores = await openStores(config, logger).catch(async (error) => {
    await renderer?.close();
    throw error;
  });
  try {
    const wiring = options.wire?.(stores) ?? {};
    const crawlgate = createCrawlgate(
      {
        ...stores.deps,
        resolver: nodeResolver,
        logger,
        ...(renderer ? { renderer } : {}),
        // The origins' pages and robots.txt (pinned; origins are operator config).
        originFetch: createOriginFetch(),
        fetch: null,
        // `Accept: text/markdown` answers converted from the cached HTML.
        markdown: createMarkdownConverter(),
        ...wiring.deps,
      },
      {
        secret: loadOrCreateSecret(config.dataDir, config.secret),
        baseUrl: config.baseUrl,
        // PostgreSQL writes two crawl batches at once on two connections; SQLite has one writer.
        ingest: { concurrency: config.databaseUrl ? 2 : 1 },
        // Pending domains' traffic passes to their origin untouched (multi-tenant installs).
        requireVerifiedDomains: config.requireVerifiedDomains,
        // Hosts where the API, dashboard and health paths answer besides non-domain hosts.
        apiHosts: config.apiHosts,
        // The worker's renders tell origins this scheme (a crawler's, the one it used).
        publicScheme: publicSchemeOf(config),
        ...wiring.config,
      },
    );
    const runtime: Runtime = { logger, stores, crawlgate, close: () => closeAll(runtime) };
    return runtime;
  } catch (error) {
    await stores.close();
    await renderer?.close();
    throw error;
  }
}

/** Runs a one-shot command on a runtime, closed when it is done (or failed). */
export async function withRuntime<T>(
  ctx: CommandContext,
  run: (runtime: Runtime) => Promise<T>,
  options: RuntimeOptions = {},
): Promise<T> {
  const runtime = await openRuntime(ctx, options);
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}

/** Buffered crawls and referrals first, then the renderer, then the stores (each one tried). */
async function closeAll({ crawlgate, stores }: Runtime): Promise<void> {
  try {
    await crawlgate.close();
  } finally {
    try {
      await crawlgate.renderer?.close();
    } finally {
      await stores.close();
    }
  }
}

/**
 * The scheme of the served domains' public URLs: `CRAWLGATE_BASE_URL`'s when set (one
 * deployment, one scheme); else `https` behind a trusted proxy (which terminates TLS); else
 * `http`, the only scheme `serve` itself speaks.
 */
export function publicSchemeOf(
  config: Pick<CliConfig, "baseUrl" | "trustProxy">,
): "http" | "https" {
  if (config.baseUrl) return /^http:/i.test(config.baseUrl.trim()) ? "http" : "https";
  return config.trustProxy ? "https" : "http";
}
