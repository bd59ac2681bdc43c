import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CrawlgateConfig,
  createCrawlgate,
  type Logger,
  type ReadinessCheck,
} from "@crawlgate/core";
import { freshSchema } from "@crawlgate/core/testing";
import { listen, type RunningServer } from "../../src/server.js";
import { type OpenStores, openStores } from "../../src/stores.js";
import { type CuttableProxy, startCuttableProxy } from "./cuttable-proxy.js";

/** serve's server on a fresh schema of the shared PostgreSQL, reached through a cuttable proxy. */
export interface ServeBehindProxy {
  proxy: CuttableProxy;
  stores: OpenStores;
  running: RunningServer;
  /** An API key of the owner of `site.example.com` (a business user). */
  key: string;
  close(): Promise<void>;
}

export async function serveBehindProxy(
  postgresUrl: string,
  options: {
    logger: Logger;
    config?: CrawlgateConfig;
    readiness?: (stores: OpenStores) => ReadinessCheck[];
  },
): Promise<ServeBehindProxy> {
  const url = new URL(postgresUrl);
  const proxy = await startCuttableProxy(url.hostname, Number(url.port || 5432));
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-proxied-"));
  const stores = await openStores({
    dataDir: dir,
    databaseUrl: url.toString(),
    databaseSchema: freshSchema("cg_proxied"),
    s3: null,
  });
  const crawlgate = createCrawlgate({ ...stores.deps, logger: options.logger }, options.config);
  const user = await crawlgate.admin.createUser("owner", "business");
  if (!user.ok) throw new Error(user.message);
  const created = await crawlgate.admin.createKey(user.value.userId);
  if (!created.ok) throw new Error(created.message);
  await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
  const running = await listen(crawlgate, {
    port: 0,
    host: "127.0.0.1",
    logger: options.logger,
    readiness: options.readiness?.(stores) ?? stores.readiness,
  });
  return {
    proxy,
    stores,
    running,
    key: created.value.key,
    close: async () => {
      await running.close();
      await proxy.restore();
      await stores.close();
      await proxy.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
