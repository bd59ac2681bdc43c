import { createScheduler, systemClock } from "@crawlgate/core";
import { shutDown, shutdownMs, stopSignal } from "../shutdown.js";
import { type Command, stringOption } from "./command.js";

/**
 * `crawlgate worker`: only the page worker (purge, pre-warm and stale-refresh renders), for a
 * host that serves the edge itself (middleware or fetch handler) and renders elsewhere, or to add
 * render capacity to a fleet. Runs until SIGINT/SIGTERM; a job it was rendering when killed is
 * leased again by another worker when its lease ends.
 */
export const WORKER: Command = {
  name: "worker",
  summary: "render purged, pre-warmed and stale pages from the job queue (no HTTP server)",
  options: { renderer: { type: "string", value: "auto|chromium|fetch" } },
  async run(ctx) {
    const deadlineMs = shutdownMs(ctx.config.shutdownMs); // checked before anything starts
    // The renderers' and the stores' code loads only when the worker starts.
    const [{ rendererMode }, { openRuntime }, { closeSteps }] = await Promise.all([
      import("../renderer.js"),
      import("../runtime.js"),
      import("./serve-run.js"),
    ]);
    // Only the page worker runs here: no range downloads (the runtime's default).
    const runtime = await openRuntime(ctx, {
      renderer: rendererMode(stringOption(ctx, "renderer")),
    });
    const { logger, stores, crawlgate } = runtime;
    const jobs = crawlgate.jobs.filter((job) => job.name === "page_worker");
    const scheduler = createScheduler(jobs, { clock: systemClock, logger });
    ctx.io.out(
      JSON.stringify({
        event: "ready",
        worker: crawlgate.renderer?.name,
        store: stores.description,
      }),
    );
    const stop = await stopSignal(ctx.io);
    logger.info("worker.stopping", { signal: stop.signal });
    // Renders in flight finish within the deadline (their jobs' leases are then completed);
    // one still running after it is leased again by another worker when its lease ends.
    await shutDown(
      [{ name: "jobs", run: () => scheduler.stop(), bounded: true }, ...closeSteps(runtime)],
      { deadlineMs, logger },
    );
    stop.release();
    return 0;
  },
};
