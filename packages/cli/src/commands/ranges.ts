import type { FeedStatus } from "@crawlgate/core";
import { rangeFetch } from "../range-fetch.js";
import type { Command } from "./command.js";
import { withRuntime } from "./load.js";

/** Age of a date as the largest whole unit (`3d`, `5h`, `12m`, `40s`). */
export function age(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds >= 86_400) return `${Math.floor(seconds / 86_400)}d`;
  if (seconds >= 3_600) return `${Math.floor(seconds / 3_600)}h`;
  if (seconds >= 60) return `${Math.floor(seconds / 60)}m`;
  return `${seconds}s`;
}

export const RANGES_REFRESH: Command = {
  name: "ranges refresh",
  summary:
    "download every operator's published IP-range file now and keep the good ones (exit 1 if any failed)",
  options: {},
  async run(ctx) {
    // Checked before the stores are opened: a bad CRAWLGATE_RANGE_URLS touches nothing.
    const fetch = rangeFetch(ctx.config);
    // The runtime's fetch (`undefined`) unless the variable redirects it; a refresh asked for
    // here runs with CRAWLGATE_RANGE_REFRESH=off too.
    const wire = () => ({ deps: { fetch } });
    return withRuntime(
      ctx,
      async ({ crawlgate }) => {
        const { ranges } = crawlgate.ingest;
        const total = ranges.feeds().length;
        let done = 0;
        const outcomes = await ranges.refresh((o) => {
          done++;
          const what = o.ok ? `${o.prefixes} prefixes` : `failed (${o.error}), kept ${o.prefixes}`;
          ctx.io.err(`[${done}/${total}] ${o.url}: ${what}`);
        });
        const failed = outcomes.filter((o) => !o.ok);
        ctx.io.out(
          JSON.stringify({
            files: outcomes.length,
            ok: outcomes.length - failed.length,
            failed: failed.map((o) => ({ url: o.url, error: o.error })),
            prefixes: outcomes.reduce((sum, o) => sum + o.prefixes, 0),
          }),
        );
        return failed.length === 0 ? 0 : 1;
      },
      { wire },
    );
  },
};

export const RANGES_STATUS: Command = {
  name: "ranges status",
  summary: "each published IP-range file: source, age, prefix count and last error",
  options: { json: { type: "boolean" } },
  async run(ctx) {
    return withRuntime(ctx, async ({ crawlgate }) => {
      const status = await crawlgate.ingest.ranges.status();
      if (ctx.options.json) {
        ctx.io.out(JSON.stringify(status));
        return 0;
      }
      const now = Date.now();
      for (const s of status) ctx.io.out(statusLine(s, now));
      return 0;
    });
  },
};

function statusLine(s: FeedStatus, now: number): string {
  const error = s.lastError ? `  last error: ${s.lastError}` : "";
  return `${s.url}  ${s.source}  age ${age(s.fetchedAt, now)}  ${s.prefixes} prefixes${error}`;
}
