import { createMemoryStores } from "@crawlgate/adapter-memory";
import { type CompressionBridgeFactory, compressionSuite } from "@crawlgate/core/testing";
import { createDashboardHandler } from "./dashboard-handler.js";
import { createEdgeHandler } from "./edge-handler.js";
import { createFetchHandler } from "./fetch-handler.js";

const bridge: CompressionBridgeFactory = async (crawlgate, origin, assets, clientIp) => {
  const edge = createEdgeHandler(crawlgate, {
    clientIp: () => clientIp,
    next: async (request) => {
      const url = new URL(request.url);
      const reply = await origin.answer(request.method, url.pathname + url.search);
      return new Response(reply.body, { status: reply.status, headers: reply.headers });
    },
  });
  const api = createFetchHandler(crawlgate, { otherHost: edge });
  const dashboard = createDashboardHandler(crawlgate, { assets, otherHost: edge });
  return {
    async send(call) {
      const request = new Request(`http://${call.host}${call.path}`, {
        method: call.method,
        headers: { ...call.headers, host: call.host },
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      const path = new URL(request.url).pathname;
      const handler = path === "/dashboard" || path.startsWith("/dashboard/") ? dashboard : api;
      const response = await handler(request);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      // A constructed Response hands its body as it is: nothing is decompressed here.
      return {
        status: response.status,
        headers,
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    },
  };
};

compressionSuite("fetch handler", createMemoryStores, bridge, ["gzip"]);
