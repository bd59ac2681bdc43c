import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Edge } from "@crawlgate/core";
import type { PendingCharge, Settlement } from "@crawlgate/core/adapter-kit";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createEdgeMiddleware } from "./edge-middleware.js";

/**
 * A paid answer whose settlement is asynchronous (an x402 payment): the head a streaming proxy
 * writes is held until the settlement arrives, the chunks written meanwhile wait (with
 * backpressure) and go out after it, in order, or are dropped for the refusal.
 */

const CHUNKS = ["first ", "second ", "third"];
let server: Server | null = null;

afterEach(
  () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      server?.close(() => resolve());
      server = null;
    }),
);

/** An edge whose every request is a proxy rule paid with a settlement that waits for `settle`. */
async function serve(settlement: Settlement) {
  const settled: number[] = [];
  let release = () => {};
  const payment: PendingCharge = {
    settle(status) {
      settled.push(status);
      return new Promise<Settlement>((resolve) => {
        release = () => resolve(settlement);
      });
    },
    sent() {},
  };
  const edge: Pick<Edge, "handle"> = {
    handle: async () => ({
      kind: "proxy",
      upstream: "https://upstream.test/",
      ruleId: "rule",
      forwarded: { host: "site.test", proto: "http" },
      report() {},
      payment,
    }),
  };
  const app = express();
  app.use(
    createEdgeMiddleware(
      { edge: { ...edge, route: async () => ({ kind: "none" }), servesHost: async () => true } },
      {
        proxy: async (_upstream, _req, res) => {
          res.writeHead(200, { "content-type": "text/plain" });
          await pipeline(Readable.from(CHUNKS), res);
          return { status: 200, bytes: CHUNKS.join("").length };
        },
      },
    ),
  );
  const listening: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  server = listening;
  const { port } = listening.address() as AddressInfo;
  const reply = fetch(`http://127.0.0.1:${port}/page`).then(async (r) => ({
    status: r.status,
    headers: Object.fromEntries(r.headers),
    body: await r.text(),
  }));
  return { reply, settled, release: () => release() };
}

describe("an asynchronous settlement holds the answer's head (Express)", () => {
  it("sends the streamed answer with the settlement's headers once it arrived, in order", async () => {
    const paid = await serve({ kind: "send", headers: { "payment-response": "receipt" } });
    let answered = false;
    void paid.reply.then(() => {
      answered = true;
    });
    await expect.poll(() => paid.settled).toEqual([200]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    paid.release();
    const reply = await paid.reply;
    expect(reply.status).toBe(200);
    expect(reply.headers["payment-response"]).toBe("receipt");
    expect(reply.headers["content-type"]).toBe("text/plain");
    expect(reply.body).toBe(CHUNKS.join(""));
  });

  it("sends the refusal instead, the streamed body dropped", async () => {
    const refusal = new TextEncoder().encode('{"error":"payment_required"}');
    const paid = await serve({
      kind: "refuse",
      status: 402,
      headers: { "content-type": "application/json", "content-length": String(refusal.length) },
      body: refusal,
    });
    await expect.poll(() => paid.settled).toEqual([200]);
    paid.release();
    const reply = await paid.reply;
    expect(reply.status).toBe(402);
    expect(reply.headers["content-type"]).toBe("application/json");
    expect(reply.body).toBe('{"error":"payment_required"}');
  });
});
