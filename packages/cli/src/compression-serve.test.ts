import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { silentLogger } from "@crawlgate/core";
import { type CompressionBridgeFactory, compressionSuite, sendRaw } from "@crawlgate/core/testing";
import { listen } from "./server.js";

/** `serve`'s HTTP stack (the server `crawlgate serve` runs), on a real socket. */
const serveBridge: CompressionBridgeFactory = async (crawlgate, _origin, assets) => {
  const running = await listen(crawlgate, {
    port: 0,
    host: "127.0.0.1",
    logger: silentLogger,
    dashboardAssets: assets,
  });
  const { port } = running.server.address() as AddressInfo;
  return { send: (call) => sendRaw(port, call), teardown: () => running.close() };
};

compressionSuite("serve", createMemoryStores, serveBridge, ["br", "gzip"]);
