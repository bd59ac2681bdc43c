import { lockDataDir } from "../data-dir-lock.js";
import { type Command, integerOption, stringOption } from "./command.js";

export const SERVE: Command = {
  name: "serve",
  summary: "serve the API under /functions/v1 and the edge for the domains",
  options: {
    port: { type: "string", value: "<n>" },
    host: { type: "string", value: "<host>" },
    demo: { type: "boolean" },
    "rate-per-minute": { type: "string", value: "<n>" },
    renderer: { type: "string", value: "auto|chromium|fetch" },
    "api-host": { type: "string", value: "<host,...>" },
  },
  async run(ctx) {
    const port = integerOption(stringOption(ctx, "port") ?? "8787", "--port", 0, 65_535);
    const rate = stringOption(ctx, "rate-per-minute");
    const ratePerMinute =
      rate === undefined ? undefined : integerOption(rate, "--rate-per-minute", 1);
    const host = stringOption(ctx, "host") ?? "127.0.0.1";
    const demo = ctx.options.demo === true;
    // A SQLite file has one server: a second one on the directory stops here, before touching it.
    const release = ctx.config.databaseUrl ? () => {} : lockDataDir(ctx.config.dataDir);
    try {
      // The server's code (HTTP, stores, renderers, dashboard, demo) loads only when it starts.
      const { serve } = await import("./serve-run.js");
      return await serve(ctx, { port, host, ratePerMinute, demo });
    } finally {
      release();
    }
  },
};
