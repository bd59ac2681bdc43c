import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { connectRedis, whenReady } from "../connection.js";

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A test's own redis-server (no persistence) on a free port, which the test may stop and start
 * again on the same port. The shared Redis is never stopped.
 */
export async function ownRedisServer() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const server = {
    url,
    async start() {
      child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      const probe = connectRedis(url, { commandTimeoutMs: 1000 });
      try {
        for (let i = 0; i < 100; i++) {
          if (await whenReady(probe, 100)) return;
        }
        throw new Error(`redis-server on ${port} did not start`);
      } finally {
        probe.disconnect();
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGKILL");
      });
    },
  };
  await server.start();
  return server;
}
