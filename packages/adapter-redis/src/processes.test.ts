import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { redisGate, redisUrl, testRedis } from "./test-support/redis.js";

const CHILD = new URL("./test-support/consume-child.ts", import.meta.url).pathname;
const ROOT = new URL("../../../", import.meta.url).pathname;

/** A consumer process: resolves `ready` once connected; `go()` fires and resolves its usages. */
function consumer(prefix: string, count: number, perMinute: number) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CHILD, redisUrl(), prefix, String(count), String(perMinute)],
    { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout });
  const output: string[] = [];
  let onLine = () => {};
  lines.on("line", (line) => {
    output.push(line);
    onLine();
  });
  const nth = (n: number) =>
    new Promise<string>((resolve) => {
      const check = () => {
        if (output.length >= n) resolve(output[n - 1] as string);
      };
      onLine = check;
      check();
    });
  return {
    ready: nth(1),
    async go(): Promise<number[]> {
      child.stdin.write("go\n");
      const usages = JSON.parse(await nth(2)) as number[];
      child.stdin.end();
      return usages;
    },
  };
}

const gate = await redisGate();

describe("Redis RateLimiter across processes", () => {
  gate.when(() => {
    it("three processes of 100 concurrent callers share one exact limit of 50", async () => {
      const redis = testRedis();
      try {
        const processes = [1, 2, 3].map(() => consumer(redis.prefix, 100, 50));
        await Promise.all(processes.map((p) => p.ready));
        const usages = (await Promise.all(processes.map((p) => p.go()))).flat();
        expect(usages.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      } finally {
        await redis.teardown();
      }
    }, 60_000);
  });
});
