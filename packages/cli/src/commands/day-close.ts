import { closeArchive, systemClock } from "@crawlgate/core";
import { isValidDate } from "@crawlgate/core/adapter-kit";
import { domainOf } from "./admin.js";
import { CliError, type Command, stringOption } from "./command.js";
import { withRuntime } from "./load.js";

const BAR = 24;

/** `[########----------------] 12/280 2026-11-18` */
export function progressBar(done: number, total: number, label: string): string {
  const filled = total === 0 ? BAR : Math.round((done / total) * BAR);
  return `[${"#".repeat(filled)}${"-".repeat(BAR - filled)}] ${done}/${total} ${label}`;
}

export const DAY_CLOSE: Command = {
  name: "day-close",
  summary: "archive the crawl log: write past UTC days as Parquet (provisional, then frozen)",
  options: {
    through: { type: "string", value: "<YYYY-MM-DD>" },
    domain: { type: "string", value: "<hostname>" },
  },
  async run(ctx) {
    const through = stringOption(ctx, "through");
    if (through !== undefined && !isValidDate(through))
      throw new CliError("--through must be a date in YYYY-MM-DD form", true);
    return withRuntime(ctx, async ({ stores }) => {
      const hostname = stringOption(ctx, "domain");
      const domain = hostname === undefined ? null : await domainOf(stores.deps, hostname);
      let shown = 0;
      const summary = await closeArchive(stores.deps, systemClock.now(), {
        ...(through ? { throughDay: through } : {}),
        ...(domain ? { domainId: domain.domainId } : {}),
        onProgress({ done, total, day }) {
          // About 50 lines for a long run, and always the last one.
          if (done === total || done - shown >= Math.max(1, Math.floor(total / 50))) {
            shown = done;
            ctx.io.err(progressBar(done, total, day));
          }
        },
      });
      ctx.io.out(JSON.stringify({ ...(domain ? { domain: domain.hostname } : {}), ...summary }));
      return 0;
    });
  },
};
