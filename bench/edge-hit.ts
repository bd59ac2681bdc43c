/**
 * Edge cache hits in one process: CPU µs and bytes allocated per hit, memory and SQLite stores
 * (`tsx edge-hit.ts [memory|sqlite] [handle|express] [hits]`). Not a suite of `run.ts`: a tool
 * for before/after work on the hit path, repeatable on a loaded machine (CPU time, not wall).
 *
 * `handle` drives `crawlgate.edge.handle` 50 requests at a time; `express` drives the Express
 * app `bench edge` mounts (API router, `createEdgeMiddleware`) through a request and response
 * on a socket that discards what it is written, so the bridge's work is counted too. Bytes
 * allocated: the heap's growth plus what every GC freed (`v8.GCProfiler`), divided by hits.
 * CPU: `process.cpuUsage` (every thread: SQLite's writer too), after the crawl rows are stored.
 */

import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { GCProfiler, getHeapStatistics } from "node:v8";
import type { Renderer } from "@crawlgate/core";
import { createEdgeMiddleware, createExpressRouter } from "@crawlgate/http-express";
import express from "express";
import { openEdgeCrawlgate } from "./edge-world.js";

const HOST = "shop.example.com";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GOOGLE_IP = "66.249.66.1";
const PATH = "/products/42";
const HTML = `<!doctype html><html><head><title>Product 42</title></head><body>${"<p>Lorem ipsum dolor sit amet.</p>".repeat(150)}</body></html>`;

const renderer: Renderer = {
  name: "stub",
  render: async (request) => ({
    status: 200,
    html: HTML,
    finalUrl: request.url,
    headers: {},
    timings: { totalMs: 0 },
  }),
  close: async () => {},
};

async function world(label: string) {
  const opened = await openEdgeCrawlgate({ sqlite: label === "sqlite", renderer });
  const { crawlgate } = opened;
  const user = await crawlgate.admin.createUser("bench", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, {
    originUrl: "http://127.0.0.1:9",
  });
  if (!domain.ok) throw new Error("setup failed");
  const app = express();
  app.disable("x-powered-by");
  app.use("/functions/v1", createExpressRouter(crawlgate));
  app.use(
    createEdgeMiddleware(crawlgate, {
      protocol: "http",
      clientIp: () => GOOGLE_IP,
      origin: "proxy",
      unknownHost: "404",
    }),
  );
  const bare = express();
  bare.disable("x-powered-by");
  let bareHeaders: Record<string, string> = {};
  let bareBody: Uint8Array = new Uint8Array(0);
  bare.use((_req, res) => {
    res.status(200).set(bareHeaders);
    res.end(bareBody);
  });
  return {
    crawlgate,
    app,
    bare,
    /** The bare handler sends this answer's bytes and headers. */
    answer(headers: Record<string, string>, body: Uint8Array) {
      bareHeaders = headers;
      bareBody = body;
    },
    close: opened.close,
  };
}

type World = Awaited<ReturnType<typeof world>>;

/** A socket that takes every write and keeps nothing. */
function sinkSocket(): Socket {
  const socket = new Socket();
  (socket as unknown as { _writeGeneric: unknown })._writeGeneric = (
    _w: boolean,
    _d: unknown,
    _e: unknown,
    cb: () => void,
  ) => cb();
  socket._write = (_chunk, _enc, cb) => cb();
  (socket as unknown as { _writev: unknown })._writev = (_chunks: unknown, cb: () => void) => cb();
  return socket;
}

const sockets = Array.from({ length: 50 }, sinkSocket);

function viaExpress(w: World, lane: number, app = w.app): Promise<number> {
  const socket = sockets[lane] as Socket;
  return new Promise((resolve, reject) => {
    const req = new IncomingMessage(socket);
    req.method = "GET";
    req.url = PATH;
    req.httpVersion = "1.1";
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.headers = {
      host: HOST,
      "user-agent": GOOGLEBOT,
      "accept-encoding": "gzip",
      connection: "keep-alive",
    };
    req.rawHeaders = ["Host", HOST, "User-Agent", GOOGLEBOT];
    req.push(null);
    const res = new ServerResponse(req);
    res.shouldKeepAlive = true;
    res.assignSocket(socket);
    res.on("finish", () => {
      res.detachSocket(socket);
      resolve(res.statusCode);
    });
    app(req as never, res as never, reject);
  });
}

function viaHandle(w: World): Promise<number> {
  return w.crawlgate.edge
    .handle({
      method: "GET",
      host: HOST,
      url: PATH,
      protocol: "http",
      headers: { host: HOST, "user-agent": GOOGLEBOT, "accept-encoding": "gzip" },
      clientIp: GOOGLE_IP,
    })
    .then((r) => {
      if (r.kind !== "page" || r.servedFrom !== "cache") throw new Error(`not a hit: ${r.kind}`);
      return 200;
    });
}

async function drive(one: (lane: number) => Promise<number>, hits: number): Promise<void> {
  const lanes = 50;
  let left = hits;
  const lane = async (_: unknown, i: number) => {
    while (left-- > 0) {
      const status = await one(i);
      if (status !== 200) throw new Error(`status ${status}`);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

async function main() {
  const [label = "memory", via = "handle", n = "100000"] = process.argv.slice(2);
  const hits = Number(n);
  const w = await world(label);
  const one =
    via === "express"
      ? (lane: number) => viaExpress(w, lane)
      : via === "bare"
        ? (lane: number) => viaExpress(w, lane, w.bare)
        : () => viaHandle(w);
  // The render, then warm-up.
  const first = await w.crawlgate.edge.handle({
    method: "GET",
    host: HOST,
    url: PATH,
    headers: { "user-agent": GOOGLEBOT },
    clientIp: GOOGLE_IP,
  });
  if (first.kind !== "page") throw new Error(`first: ${first.kind}`);
  const hit = await w.crawlgate.edge.handle({
    method: "GET",
    host: HOST,
    url: PATH,
    headers: { "user-agent": GOOGLEBOT, "accept-encoding": "gzip" },
    clientIp: GOOGLE_IP,
  });
  if (hit.kind !== "page") throw new Error(`hit: ${hit.kind}`);
  w.answer({ ...hit.headers, "content-length": String(hit.body.byteLength) }, hit.body);
  await drive(one, 20_000);
  await w.crawlgate.ingest.flush();
  for (let round = 0; round < 3; round++) {
    global.gc?.();
    const profiler = new GCProfiler();
    profiler.start();
    const heap0 = getHeapStatistics().used_heap_size;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await drive(one, hits);
    await w.crawlgate.ingest.flush();
    const cpu = process.cpuUsage(cpu0);
    const ms = performance.now() - t0;
    const heap1 = getHeapStatistics().used_heap_size;
    const result = profiler.stop();
    let freed = 0;
    let gcMs = 0;
    for (const s of result?.statistics ?? []) {
      freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
      gcMs += s.cost / 1000;
    }
    const allocated = heap1 - heap0 + freed;
    const cpuUs = (cpu.user + cpu.system) / hits;
    console.log(
      `${label} ${via} round ${round + 1}: ${cpuUs.toFixed(1)} µs CPU/hit, ${Math.round(allocated / hits)} B/hit, GC ${((gcMs / ms) * 100).toFixed(0)} % of wall, ${Math.round(hits / (ms / 1000))} hits/s wall`,
    );
  }
  await w.close();
}

await main();
