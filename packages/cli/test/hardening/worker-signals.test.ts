import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStores } from "../../src/stores.js";
import { addDomain, type CliProcess, runCli, startCli } from "../fleet/serve-fleet.js";

/**
 * `crawlgate worker` stopping: the first SIGTERM waits for the render in flight (up to
 * `CRAWLGATE_SHUTDOWN_MS`); a second signal during that wait ends the process at once, with
 * the exit code a shell reports for the signal (128 + 15).
 */

const HOST = "render.example.com";

describe("worker: a second signal during the shutdown", () => {
  let dir = "";
  let origin: Server;
  let renders = 0;
  let worker: CliProcess | undefined;
  const env = {
    ...process.env,
    CRAWLGATE_RANGE_REFRESH: "off",
    CRAWLGATE_SECRET: "worker-test-secret-0123456789abcdef",
    CRAWLGATE_SHUTDOWN_MS: "60000",
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "crawlgate-worker-signals-"));
    // A site whose pages never finish: the worker's render stays in flight.
    origin = createServer(() => {
      renders++;
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", () => resolve()));
    const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    await runCli(env, "users", "create", "owner", "--data-dir", dir);
    const domainId = await addDomain(env, dir, { host: HOST, owner: "owner", originUrl });
    const stores = await openStores({
      dataDir: dir,
      databaseUrl: undefined,
      databaseSchema: undefined,
      s3: null,
    });
    await stores.deps.purgeQueue.enqueuePurge(domainId, "/never", new Date());
    await stores.close();
  }, 60_000);

  afterAll(async () => {
    if (worker?.child.exitCode === null) worker.child.kill("SIGKILL");
    origin?.closeAllConnections();
    await new Promise<void>((resolve) => origin?.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("waits for the render on SIGTERM, and exits at once with 143 on a second one", async () => {
    worker = await startCli(env, ["worker", "--renderer", "fetch", "--data-dir", dir]);
    expect(worker.ready).toMatchObject({ event: "ready", worker: "fetch" });
    const running = worker;
    await until(() => renders > 0, "the worker's render to reach the origin");
    running.child.kill("SIGTERM");
    await until(
      () => running.err.some((line) => line.includes('"worker.stopping"')),
      "the worker to start stopping",
    );
    // The render is in flight and the deadline is a minute away: the worker waits for it.
    const first = await Promise.race([
      running.exited,
      new Promise((r) => setTimeout(() => r("still running"), 1_000)),
    ]);
    expect(first).toBe("still running");
    const asked = performance.now();
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(143);
    expect(performance.now() - asked).toBeLessThan(5_000);
  }, 90_000);
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}
