import { setFlagsFromString } from "node:v8";
import { IMPORT_INGEST, importLogs } from "../import-logs.js";
import { LOG_FORMATS, type LogFormat } from "../log-lines.js";
import type { OpenStores } from "../stores.js";
import { domainOf } from "./admin.js";
import { CliError, type Command } from "./command.js";
import { withRuntime } from "./load.js";

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

/**
 * How far V8 lets the heap grow past what the last full collection kept, during an import (1 +
 * this / 100; V8's own factor, up to 4×, follows the allocation rate). An import allocates fast
 * and keeps little: nearly every row it promotes is garbage once its batch is written, so V8's
 * factor grew both heaps (this thread's and the writer thread's) to several times the rows in
 * flight: 500–900 MB of RSS for a million lines where 25 % keeps it under 400 MB, for some more
 * collector time. The flag is the process's: set only when the command owns its process (the
 * `crawlgate` binary), never when `main` runs inside another program (a test's vitest worker).
 */
const IMPORT_HEAP_GROWING_PERCENT = 25;

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
    if (ctx.io.ownsProcess)
      setFlagsFromString(`--heap-growing-percent=${IMPORT_HEAP_GROWING_PERCENT}`);
    const inserted = { crawls: 0, referrals: 0 };
    // Counts what the stores inserted: a re-import reports `recorded: 0, alreadyStored: N`.
    const wire = ({ deps }: OpenStores) => ({
      deps: {
        crawls: countInserts(deps.crawls, "appendCrawls", (n) => {
          inserted.crawls += n;
        }),
        referrals: countInserts(deps.referrals, "appendReferrals", (n) => {
          inserted.referrals += n;
        }),
      },
      config: { ingest: IMPORT_INGEST },
    });
    return withRuntime(
      ctx,
      async ({ crawlgate, stores }) => {
        const domain = await domainOf(stores.deps, ctx.options.domain as string);
        const summary = await importLogs({
          files: ctx.args,
          ...(ctx.io.stdin ? { stdin: ctx.io.stdin } : {}),
          format,
          domainId: domain.domainId,
          hostname: domain.hostname,
          includeAssets: ctx.options["include-assets"] === true,
          strict: ctx.options.strict === true,
          ingest: crawlgate.ingest,
          inserted,
          progress: {
            line: (text) => ctx.io.err(text),
            ...(ctx.io.status ? { status: ctx.io.status } : {}),
          },
        });
        ctx.io.out(JSON.stringify({ domain: domain.hostname, ...summary }));
        return 0;
      },
      { wire },
    );
  },
};
