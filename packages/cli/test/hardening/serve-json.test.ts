import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, silentLogger } from "@crawlgate/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type RunningServer } from "../../src/server.js";
import { rawExchange, rawRequest } from "./raw-http.js";

/** `serve` answers every request line with JSON: never Express's HTML pages. */

let running: RunningServer;
let port = 0;

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const crawlgate = createCrawlgate(createMemoryStores());
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const down = await crawlgate.admin.addDomain(user.value.userId, "down.example.com", {
    originUrl: `http://127.0.0.1:${await closedPort()}`,
  });
  if (!down.ok) throw new Error(down.message);
  running = await listen(crawlgate, { port: 0, host: "127.0.0.1", logger: silentLogger });
  port = Number(new URL(running.baseUrl).port);
});
afterAll(() => running.close());

const line = (method: string, target: string, host = "site.example.com") =>
  `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;

describe("serve answers JSON for any request line", () => {
  it.each([
    ["GET", "http://[::1/old", 400, "invalid_request"],
    ["GET", "http://[::1/functions/v1/list-user-domains", 400, "invalid_request"],
    ["GET", "http://x:99999/functions/v1/list-user-domains", 400, "invalid_request"],
    ["GET", "http://999.0.0.1/x", 400, "invalid_request"],
    // WHATWG URL accepts a lone % in the user info; Node's legacy parser (Express's) throws.
    ["DELETE", "http://%@site.example.com/", 400, "invalid_request"],
    // The legacy parser reads `//` then `#` as an empty host and finds no path (fuzz seed 1425657280).
    ["POST", "//#@&?exp=1&sig=a", 400, "invalid_request"],
    ["GET", "//#@&", 400, "invalid_request"],
    // Express's legacy parser reads the backslash as a slash: `//#@`, no path (fuzz seed 787440704).
    ["GET", "/\\#@?%zz", 400, "invalid_request"],
    ["GET", "//a/b", 404, "not_found"],
    ["OPTIONS", "*", 400, "invalid_request"],
    ["GET", "/nothing/here", 404, "not_found"],
    ["DELETE", "/", 404, "not_found"],
    ["GET", "/functions/v1/nope", 404, "not_found"],
    ["GET", "/functions/v1/list-user-domains", 405, "method_not_allowed"],
  ])("%s %s → %i %s", async (method, target, status, error) => {
    const res = await rawRequest(port, line(method, target));
    expect(res?.status).toBe(status);
    expect(res?.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(res?.body ?? "").error).toBe(error);
    expect(res?.body).not.toMatch(/Cannot|<html|at \/|\.ts:|\.js:/i);
  });
});

describe("serve frames its early refusals, whatever the request line's version", () => {
  const request = (target: string, version: string, connection?: string) =>
    `GET ${target} ${version}\r\nHost: site.example.com\r\n` +
    `${connection ? `Connection: ${connection}\r\n` : ""}\r\n`;

  it.each([
    ["HTTP/1.1", undefined],
    ["HTTP/1.1", "keep-alive"],
    ["HTTP/1.0", undefined],
    ["HTTP/1.0", "keep-alive"],
    ["HTTP/0.9", undefined],
    ["HTTP/2.0", undefined],
  ])(
    "an invalid target on %s (Connection: %s): Content-Length, then the close",
    async (version, connection) => {
      for (const target of ["http://[::1/old", "//#@&"]) {
        const { response, closed } = await rawExchange(port, request(target, version, connection));
        expect(response?.status).toBe(400);
        expect(JSON.parse(response?.body ?? "")).toEqual({
          error: "invalid_request",
          message: "the request target is not a valid URL",
        });
        expect(response?.headers["content-length"]).toBe(String(response?.body.length));
        expect(response?.headers["transfer-encoding"]).toBeUndefined();
        expect(response?.headers.connection).toBe("close");
        expect(closed).toBe(true);
      }
    },
  );

  it.each([
    [
      "a request line with a fourth part",
      "GET /x HTTP/1.1 x\r\nHost: a\r\n\r\n",
      400,
      "malformed HTTP request",
    ],
    ["an unknown version", "GET /x HTTP/1.2\r\nHost: a\r\n\r\n", 400, "malformed HTTP request"],
    [
      "a header line without a colon",
      "GET /x HTTP/1.1\r\nHost: a\r\nnope\r\n\r\n",
      400,
      "malformed HTTP request",
    ],
    [
      "headers over Node's limit",
      `GET /x HTTP/1.1\r\nHost: a\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`,
      431,
      "request headers are too large",
    ],
  ])("%s: JSON from the error table, framed and closed", async (_what, raw, status, message) => {
    const { response, closed } = await rawExchange(port, raw);
    expect(response?.status).toBe(status);
    expect(response?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(response?.body ?? "")).toEqual({ error: "invalid_request", message });
    expect(response?.headers["content-length"]).toBe(String(response?.body.length));
    expect(closed).toBe(true);
  });

  it("keeps a routed answer's connection open on HTTP/1.1 (only early refusals close)", async () => {
    const { response, closed } = await rawExchange(port, request("/nothing/here", "HTTP/1.1"));
    expect(response?.status).toBe(404);
    expect(response?.headers["content-length"]).toBe(String(response?.body.length));
    expect(closed).toBe(false);
  });
});

describe("serve's edge answers an unreachable origin", () => {
  it("with 502 origin_unreachable from the error table, framed", async () => {
    const res = await rawRequest(port, line("GET", "/page", "down.example.com"));
    expect(res?.status).toBe(502);
    expect(res?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res?.headers["content-length"]).toBe(String(res?.body.length));
    expect(JSON.parse(res?.body ?? "")).toEqual({ error: "origin_unreachable" });
  });
});

describe("serve refuses ambiguous requests with 400 JSON and closes the connection", () => {
  const chunked = "3\r\nabc\r\n0\r\n\r\n";
  it.each([
    ["two Host fields", "GET /x HTTP/1.1\r\nHost: site.example.com\r\nHost: api.example\r\n\r\n"],
    [
      "two Host fields of one name",
      "GET /x HTTP/1.1\r\nHost: a.example\r\nhost: A.example\r\n\r\n",
    ],
    [
      "two Host fields on an API path",
      "GET /functions/v1/list-user-domains HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: x\r\n\r\n",
    ],
    [
      "two Transfer-Encoding fields",
      `POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`,
    ],
    [
      "two codings in one Transfer-Encoding field",
      `POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${chunked}`,
    ],
    // Node's parser refuses this one itself; the answer is the same.
    [
      "two chunked Transfer-Encoding fields",
      `POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`,
    ],
  ])("%s", async (_what, raw) => {
    // A second request follows on the same connection; the server closes instead of reading it.
    const { response, closed } = await rawExchange(port, `${raw}GET / HTTP/1.1\r\nHost: a\r\n\r\n`);
    expect(response?.status).toBe(400);
    expect(response?.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = JSON.parse(response?.body ?? "");
    expect(body.error).toBe("invalid_request");
    expect(body.message).toMatch(/more than one (Host|Transfer-Encoding)|malformed HTTP request/);
    expect(response?.headers["content-length"]).toBe(String(response?.body.length));
    expect(response?.headers.connection).toBe("close");
    expect(closed).toBe(true);
  });

  it("answers one Host and one chunked body as usual", async () => {
    const { response } = await rawExchange(
      port,
      "POST /nothing HTTP/1.1\r\nHost: site.example.com\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
    );
    expect(response?.status).toBe(404);
  });
});
