import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, silentLogger } from "@crawlgate/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type RunningServer } from "../../src/server.js";
import { rawRequest } from "./raw-http.js";

/** `serve` answers every request line with JSON: never Express's HTML pages. */

let running: RunningServer;
let port = 0;

beforeAll(async () => {
  const crawlgate = createCrawlgate(createMemoryStores());
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
