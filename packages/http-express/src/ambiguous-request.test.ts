import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, createHealth } from "@crawlgate/core";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardRouter } from "./dashboard-router.js";
import { createEdgeMiddleware } from "./edge-middleware.js";
import { createExpressRouter } from "./express-router.js";
import { createHealthRouter } from "./health-router.js";

/**
 * Requests with two `Host` or two `Transfer-Encoding` fields, written on a raw socket (Node's
 * parser lets two `Host` and `gzip` then `chunked` through): every router and the edge answer
 * `400 invalid_request` JSON and close the connection.
 */

let port = 0;
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const crawlgate = createCrawlgate(createMemoryStores());
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
  if (!domain.ok) throw new Error(domain.message);
  const app = express();
  app.use(createHealthRouter(createHealth([]), crawlgate));
  app.use("/functions/v1", createExpressRouter(crawlgate));
  app.use("/dashboard", createDashboardRouter(crawlgate));
  app.use(createEdgeMiddleware(crawlgate));
  app.use((_req, res) => {
    res.status(200).json({ origin: true });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Writes `raw` and reads until the server closes (or 5 s): the bytes and whether it closed. */
function exchange(raw: string): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 5_000);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.write(raw);
  });
}

const CHUNKED = "3\r\nabc\r\n0\r\n\r\n";

describe("Express bridges refuse ambiguous requests", () => {
  it.each([
    ["/functions/v1/list-user-domains", "GET"],
    ["/dashboard", "GET"],
    ["/healthz", "GET"],
    ["/page", "GET"],
    ["/functions/v1/export-crawl-analytics", "POST"],
  ])(
    "%s: two Host fields, or two Transfer-Encoding fields → 400 and the close",
    async (path, method) => {
      for (const fields of [
        "Host: site.example.com\r\nHost: api.example.com\r\n",
        "Host: api.example.com\r\nhost: API.example.com\r\n",
        `Host: site.example.com\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n`,
      ]) {
        const body = fields.includes("Transfer-Encoding") ? CHUNKED : "";
        // Keep-alive asked for, and a second request behind: the answer still closes.
        const second = "GET /page HTTP/1.1\r\nHost: site.example.com\r\n\r\n";
        const { text, closed } = await exchange(
          `${method} ${path} HTTP/1.1\r\n${fields}\r\n${body}${second}`,
        );
        expect(text, `${path} ${fields}`).toMatch(/^HTTP\/1\.1 400 /);
        expect(text).toMatch(/\r\nconnection: close\r\n/i);
        expect(text).toMatch(/\r\ncontent-type: application\/json/i);
        const answers = text.match(/HTTP\/1\.1 \d{3} /g) ?? [];
        expect(answers).toHaveLength(1);
        const json = JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));
        expect(json.error).toBe("invalid_request");
        expect(json.message).toMatch(/more than one (Host|Transfer-Encoding)/);
        expect(closed).toBe(true);
      }
    },
  );

  it("answers one Host and one chunked body as usual", async () => {
    const { text } = await exchange(
      `POST /page HTTP/1.1\r\nHost: site.example.com\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${CHUNKED}`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});
