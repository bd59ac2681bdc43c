import { createCrawlgate } from "@crawlgate/core";
import { importLogs } from "../import-logs.js";
import { createJsonLogger } from "../logger.js";
import { nodeResolver } from "../node-resolver.js";
import { openStores } from "../stores.js";
import { domainOf } from "./admin.js";
import type { Command } from "./command.js";

export const IMPORT_LOGS: Command = {
  name: "import-logs",
  args: "<file>",
  minArgs: 1,
  summary: "record the bot requests of an access log (combined format or NDJSON)",
  options: {
    domain: { type: "string", value: "<hostname>", required: true },
    "include-assets": { type: "boolean" },
  },
  async run(ctx) {
    const stores = await openStores(ctx.config);
    try {
      const domain = await domainOf(stores.deps, ctx.options.domain as string);
      const logger = createJsonLogger((line) => ctx.io.err(line.trimEnd()));
      const { ingest } = createCrawlgate(
        { ...stores.deps, resolver: nodeResolver, logger, fetch: null },
        { ingest: { maxBatch: 1_000, intervalMs: 100 } },
      );
      const summary = await importLogs({
        file: ctx.args[0] as string,
        domainId: domain.domainId,
        hostname: domain.hostname,
        includeAssets: ctx.options["include-assets"] === true,
        ingest,
        progress: (text) => ctx.io.err(text),
      });
      ctx.io.out(JSON.stringify({ domain: domain.hostname, ...summary }));
      return 0;
    } finally {
      await stores.close();
    }
  },
};
