import {
  createMemoryKeyDirectoryCache,
  createMemoryNonceStore,
  createMemoryStores,
} from "@crawlgate/adapter-memory";
import {
  type EdgeBridgeFactory,
  edgeRobotsSuite,
  edgeSuite,
  paidCrawlEdgeSuite,
  paidLedgerEdgeSuite,
  signedAgentEdgeSuite,
  TEST_CLIENT_IP_HEADER,
} from "@crawlgate/core/testing";
import { createMarkdownConverter } from "@crawlgate/markdown";
// The ledger's suite also runs on the Kysely adapter's engines (its fresh test databases).
import {
  databaseDeps,
  freshPostgres,
  freshSqlite,
} from "../../adapter-kysely/src/test-support/handles.js";
import { whenPostgres } from "../../adapter-kysely/src/test-support/postgres.js";
import { createEdgeHandler } from "./edge-handler.js";

const bridge: EdgeBridgeFactory = async (crawlgate, origin, clientIp) => {
  const handler = createEdgeHandler(crawlgate, {
    clientIp: (request) => request.headers.get(TEST_CLIENT_IP_HEADER) ?? clientIp,
    proxy: async (upstream) => {
      const reply = origin.proxied(upstream);
      return new Response(reply.body, { status: reply.status, headers: reply.headers });
    },
    // The site itself answers what the origin answers; unknown hosts get 404.
    next: async (request) => {
      const url = new URL(request.url);
      if (url.hostname !== "shop.example.com") return new Response("no such site", { status: 404 });
      const reply = await origin.answer(request.method, url.pathname + url.search);
      return new Response(request.method === "HEAD" ? null : reply.body, {
        status: reply.status,
        headers: reply.headers,
      });
    },
  });
  return {
    async send(call) {
      const response = await handler(
        new Request(`https://${call.host}${call.path}`, {
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

const memoryPorts = () => ({
  directories: createMemoryKeyDirectoryCache(),
  nonces: createMemoryNonceStore(),
});

edgeSuite("fetch handler", createMemoryStores, bridge, createMarkdownConverter());
signedAgentEdgeSuite("fetch handler", createMemoryStores, memoryPorts, bridge);
paidCrawlEdgeSuite("fetch handler", createMemoryStores, memoryPorts, bridge);
edgeRobotsSuite("fetch handler", createMemoryStores, bridge);
// The ledger against a reference on every store: memory (two generated mixes), SQLite, PostgreSQL.
paidLedgerEdgeSuite(
  "fetch handler, memory",
  async () => ({ deps: createMemoryStores() }),
  memoryPorts,
  bridge,
  [20261120, 7],
);
paidLedgerEdgeSuite("fetch handler, SQLite", databaseDeps(freshSqlite), memoryPorts, bridge);
whenPostgres(() =>
  paidLedgerEdgeSuite(
    "fetch handler, PostgreSQL",
    databaseDeps(freshPostgres),
    memoryPorts,
    bridge,
  ),
);
