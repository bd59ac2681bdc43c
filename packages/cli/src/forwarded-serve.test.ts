import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createFetchRenderer, silentLogger } from "@crawlgate/core";
import {
  type ForwardedBridgeFactory,
  forwardedHeadersSuite,
  sendOverHttp,
} from "@crawlgate/core/testing";
import { createChromiumRenderer, findChromium } from "@crawlgate/renderer-chromium";
import { describe, expect, it } from "vitest";
import { createOriginFetch } from "./renderer.js";
import { publicSchemeOf } from "./runtime.js";
import { listen } from "./server.js";

/** `serve`'s HTTP server (its edge passes to origins through the pinned proxy). */
const bridge: ForwardedBridgeFactory = async (crawlgate, { trustProxy }) => {
  const server = await listen(crawlgate, {
    port: 0,
    host: "127.0.0.1",
    logger: silentLogger,
    trustProxy,
  });
  const port = Number(new URL(server.baseUrl).port);
  return { send: (call) => sendOverHttp(port, call), peer: "127.0.0.1", teardown: server.close };
};

const originFetch = createOriginFetch();
forwardedHeadersSuite("serve", createMemoryStores, bridge, [
  { name: "fetch", create: () => createFetchRenderer({ fetch: originFetch }) },
  ...(findChromium()
    ? [{ name: "chromium", create: () => createChromiumRenderer({ originFetch }) }]
    : []),
]);

describe("serve's public scheme (the worker's renders)", () => {
  it("is the base URL's, else https behind a trusted proxy, else http", () => {
    expect(publicSchemeOf({ baseUrl: "http://crawlgate.internal:8080", trustProxy: true })).toBe(
      "http",
    );
    expect(publicSchemeOf({ baseUrl: "https://crawlgate.example.com", trustProxy: false })).toBe(
      "https",
    );
    expect(publicSchemeOf({ baseUrl: undefined, trustProxy: true })).toBe("https");
    expect(publicSchemeOf({ baseUrl: undefined, trustProxy: false })).toBe("http");
  });
});
