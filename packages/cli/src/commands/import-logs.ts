import { createCrawlgate } from "@crawlgate/core";
import { IMPORT_INGEST, importLogs } from "../import-logs.js";
import { LOG_FORMATS, type LogFormat } from "../log-lines.js";
import { createJsonLogger } from "../logger.js";
import { nodeResolver } from "../node-resolver.js";
import { openStores } from "../stores.js";
import { domainOf } from "./admin.js";
import { CliError, type Command } from "./command.js";

/** `store` with `method` (which resolves to `{inserted}`) reporting each result to `onInserted`. */
function countInserts<T extends object, K extends keyof T>(
  store: T,
  method: K,
  onInserted: (n: number) => void,
): T {
  const original = store[method] as (...args: unknown[]) => Promise<{ inserted: number }>;
  const counted = async (...args: unknown[]) => {
    const result = await original.apply(store, args);
    onInserted(result.inserted);
    return result;
  };
  return new Proxy(store, {
    get(target, key) {
      if (key === method) return counted;
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export const IMPORT_LOGS: Command = {
  name: "import-logs",
  args: "<file|-> [<file>…]",
  minArgs: 1,
  summary:
    "record the bot requests and AI referrals of an access log (combined format or NDJSON); exit 0 done, 1 error or malformed line with --strict, 2 usage",
  options: {
    domain: { type: "string", value: "<hostname>", required: true },
    "include-assets": { type: "boolean" },
    strict: { type: "boolean" },
    format: { type: "string", value: LOG_FORMATS.join("|") },
  },
  async run(ctx) {
    const format = (ctx.options.format ?? "auto") as LogFormat;
    if (!LOG_FORMATS.includes(format))
      throw new CliError(`--format must be one of ${LOG_FORMATS.join(", ")}`, true);
    const stores = await openStores(ctx.config);
    try {
      const domain = await domainOf(stores.deps, ctx.options.domain as string);
      const logger = createJsonLogger((line) => ctx.io.err(line.trimEnd()));
      const inserted = { crawls: 0, referrals: 0 };
      const { crawls, referrals } = stores.deps;
      const { ingest } = createCrawlgate(
        {
          ...stores.deps,
          // Counts what the stores inserted: a re-import reports `recorded: 0, alreadyStored: N`.
          crawls: countInserts(crawls, "appendCrawls", (n) => {
            inserted.crawls += n;
          }),
          referrals: countInserts(referrals, "appendReferrals", (n) => {
            inserted.referrals += n;
          }),
          resolver: nodeResolver,
          logger,
          fetch: null,
        },
        { ingest: IMPORT_INGEST },
      );
      const summary = await importLogs({
        files: ctx.args,
        ...(ctx.io.stdin ? { stdin: ctx.io.stdin } : {}),
        format,
        domainId: domain.domainId,
        hostname: domain.hostname,
        includeAssets: ctx.options["include-assets"] === true,
        strict: ctx.options.strict === true,
        ingest,
        inserted,
        progress: {
          line: (text) => ctx.io.err(text),
          ...(ctx.io.status ? { status: ctx.io.status } : {}),
        },
      });
      ctx.io.out(JSON.stringify({ domain: domain.hostname, ...summary }));
      return 0;
    } finally {
      await stores.close();
    }
  },
};
