import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createFetchRenderer } from "@crawlgate/core";
import {
  type ForwardedBridgeFactory,
  forwardedHeadersSuite,
  renderVariantsSuite,
  type SuiteRenderer,
} from "@crawlgate/core/testing";
import { createPinnedFetch } from "@crawlgate/proxy-node";
import { createChromiumRenderer, findChromium } from "@crawlgate/renderer-chromium";
import { createEdgeHandler } from "./edge-handler.js";

const PEER = "192.0.2.10";
/**
 * The origin's client, for the pass-through and the renderers: the platform `fetch` cannot send
 * a Host other than the URL's (a virtual-host origin), the pinned fetch can.
 */
const originFetch = createPinnedFetch({ isAllowedAddress: () => true });

/**
 * The fetch handler in front of the domain's origin, reached through the runtime's `fetch`;
 * requests come as a fetch runtime hands them over (an `http:` URL, the peer from `clientIp`).
 */
const bridge: ForwardedBridgeFactory = async (crawlgate, { trustProxy }) => {
  const handler = createEdgeHandler(crawlgate, {
    origin: "fetch",
    fetch: originFetch,
    clientIp: () => PEER,
    trustProxy,
    next: async () => new Response("no such site", { status: 404 }),
  });
  return {
    peer: PEER,
    async send(call) {
      const response = await handler(
        new Request(`http://${call.host}${call.path}`, {
          method: call.method,
          headers: { ...call.headers, host: call.host },
        }),
      );
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return { status: response.status, headers, body: await response.text() };
    },
  };
};

const renderers: SuiteRenderer[] = [
  { name: "fetch", create: () => createFetchRenderer({ fetch: originFetch }) },
  ...(findChromium()
    ? [{ name: "chromium", create: () => createChromiumRenderer({ originFetch }) }]
    : []),
];

forwardedHeadersSuite("fetch handler", createMemoryStores, bridge, renderers);
renderVariantsSuite("fetch handler", createMemoryStores, bridge, renderers);
