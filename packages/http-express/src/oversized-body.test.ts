import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExpressRouter } from "./express-router.js";

/**
 * Oversized bodies: a normal HTTP client that keeps sending reads the 413, never a reset,
 * whether the size is declared (`Content-Length`, refused before reading) or not (chunked).
 */

let port = 0;
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const app = express();
  app.use("/functions/v1", createExpressRouter(createCrawlgate(createMemoryStores())));
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** POSTs `chunks` × 64 KiB, writing as fast as the socket takes them; resolves the answer. */
function postBig(chunks: number, declare: boolean): Promise<string> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      authorization: "Bearer cg_nothing",
    };
    if (declare) headers["content-length"] = String(chunks * 64 * 1024);
    const req = request(
      { port, host: "127.0.0.1", method: "POST", path: "/functions/v1/list-user-domains", headers },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve(`${res.statusCode} ${body}`));
        res.on("error", (e) => resolve(`response error: ${e.message}`));
      },
    );
    req.on("error", (e) => resolve(`request error: ${e.message}`));
    const chunk = Buffer.alloc(64 * 1024, 32);
    let n = 0;
    const write = () => {
      while (n < chunks) {
        n++;
        if (!req.write(chunk)) {
          req.once("drain", write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

const TOO_LARGE = '413 {"error":"invalid_request","message":"request body exceeds 1048576 bytes"}';

describe("oversized request bodies", () => {
  it("refuses a declared oversized body with a readable 413", async () => {
    expect(await postBig(48, true)).toBe(TOO_LARGE);
  });

  it("answers an undeclared (chunked) oversized body with a readable 413", async () => {
    expect(await postBig(48, false)).toBe(TOO_LARGE);
  });

  it("still reads a body at the limit, and keeps serving", async () => {
    expect(await postBig(16, true)).toMatch(/^401 /);
    expect(await postBig(1, false)).toMatch(/^401 /);
  });
});
