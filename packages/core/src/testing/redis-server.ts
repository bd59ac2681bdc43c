import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer } from "node:net";

/** URL of the test Redis (`REDIS_URL`, or the local default). */
export const redisUrl = (): string => process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** `null` when a Redis at `url` answers PING within `timeoutMs`, else why not (no driver needed). */
export function pingRedis(url: string, timeoutMs = 3000): Promise<string | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || "127.0.0.1", port: Number(port || 6379) });
    const finish = (why: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(why);
    };
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.once("error", (error) => finish(error.message));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) =>
      finish(data.toString().startsWith("+PONG") ? null : data.toString().trim()),
    );
  });
}

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
 * A test's own `redis-server` (no persistence) on a free port, which the test stops and starts
 * again on the same port to play a Redis outage. The shared Redis is never stopped.
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
      for (let i = 0; i < 100; i++) {
        if ((await pingRedis(url, 200)) === null) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`redis-server on port ${port} did not start`);
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
