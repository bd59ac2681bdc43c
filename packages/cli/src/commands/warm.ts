import { isCrawlgateError } from "@crawlgate/core";
import { domainOf } from "./admin.js";
import { CliError, type Command, stringOption } from "./command.js";
import { progressBar } from "./day-close.js";
import { withRuntime } from "./load.js";

/**
 * `crawlgate warm --domain HOST [--sitemap URL] [--dry-run]`: reads the domain's sitemaps and
 * queues renders of the pages that need one, within its renders-per-hour budget; `serve` or
 * `worker` renders them. A progress bar on a terminal; the summary as JSON on stdout.
 */
export const WARM: Command = {
  name: "warm",
  summary:
    "warm a domain's page cache from its sitemaps (robots.txt, its list, /sitemap.xml): queue renders of new, changed and expired pages",
  options: {
    domain: { type: "string", value: "<hostname>", required: true },
    sitemap: { type: "string", value: "<url>" },
    "dry-run": { type: "boolean" },
  },
  async run(ctx) {
    return withRuntime(ctx, async ({ crawlgate, stores }) => {
      const domain = await domainOf(stores.deps, stringOption(ctx, "domain") as string);
      const summary = await crawlgate
        .warm(domain, {
          sitemapUrl: stringOption(ctx, "sitemap") ?? null,
          dryRun: ctx.options["dry-run"] === true,
          onProgress({ phase, done, total }) {
            ctx.io.status?.(progressBar(done, total, phase));
          },
        })
        .catch((error: unknown) => {
          // No origin, or a sitemap off the domain's host: the API's invalid_request.
          if (isCrawlgateError(error) && error.code === "invalid_request")
            throw new CliError(error.message);
          throw error;
        });
      ctx.io.status?.("");
      ctx.io.out(JSON.stringify({ domain: domain.hostname, ...summary }));
      return 0;
    });
  },
};
