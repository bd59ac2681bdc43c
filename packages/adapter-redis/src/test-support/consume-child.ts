/**
 * A separate process for the multi-process rate-limit test: waits for a line on stdin (so every
 * process starts together), then fires `count` concurrent consumes of subject `u` at one instant
 * over two connections and prints the minute usages it was allowed, as JSON.
 * Usage: consume-child.ts <redis url> <prefix> <count> <perMinute>
 */
import { createInterface } from "node:readline";
import { connectRedis, whenReady } from "../connection.js";
import { createRedisRateLimiter } from "../rate-limiter.js";

const [url, prefix, countText, perMinuteText] = process.argv.slice(2);
const clients = [0, 1].map(() => connectRedis(url as string, { commandTimeoutMs: 5000 }));
await Promise.all(clients.map((c) => whenReady(c, 5000)));
const limiters = clients.map((c) => createRedisRateLimiter(c, prefix as string));
console.log("ready");
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once("line", resolve));
const now = new Date("2026-11-20T10:00:00.000Z");
const results = await Promise.all(
  Array.from({ length: Number(countText) }, (_, i) =>
    limiters[i % 2]?.consume("u", { perMinute: Number(perMinuteText), monthly: null }, now),
  ),
);
console.log(JSON.stringify(results.flatMap((r) => (r?.allowed ? [r.minuteUsage] : []))));
lines.close();
for (const c of clients) c.disconnect();
