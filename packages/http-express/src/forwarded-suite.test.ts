import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createFetchRenderer } from "@crawlgate/core";
import {
  type ForwardedBridgeFactory,
  forwardedHeadersSuite,
  renderVariantsSuite,
  type SuiteRenderer,
  sendOverHttp,
} from "@crawlgate/core/testing";
import { createPinnedFetch, createPinnedProxy, nodeRequestHandler } from "@crawlgate/proxy-node";
import { createChromiumRenderer, findChromium } from "@crawlgate/renderer-chromium";
import express from "express";
import { createEdgeMiddleware } from "./edge-middleware.js";

/** The middleware in front of the domain's origin, reached through the Node proxy. */
const bridge: ForwardedBridgeFactory = async (crawlgate, { trustProxy }) => {
  const app = express();
  app.use(
    createEdgeMiddleware(crawlgate, {
      origin: "proxy",
      originProxy: nodeRequestHandler(createPinnedProxy({ isAllowedAddress: () => true })),
      trustProxy,
      unknownHost: "404",
    }),
  );
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    send: (call) => sendOverHttp(port, call),
    peer: "127.0.0.1",
    teardown: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

// Origins are operator configuration: the renderers reach them on loopback.
const originFetch = createPinnedFetch({ isAllowedAddress: () => true });
const renderers: SuiteRenderer[] = [
  { name: "fetch", create: () => createFetchRenderer({ fetch: originFetch }) },
  ...(findChromium()
    ? [{ name: "chromium", create: () => createChromiumRenderer({ originFetch }) }]
    : []),
];
forwardedHeadersSuite("Express middleware", createMemoryStores, bridge, renderers);
renderVariantsSuite("Express middleware", createMemoryStores, bridge, renderers);
