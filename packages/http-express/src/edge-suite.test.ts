import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
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
  sendRaw,
  signedAgentEdgeSuite,
  TEST_CLIENT_IP_HEADER,
} from "@crawlgate/core/testing";
import { createMarkdownConverter } from "@crawlgate/markdown";
import express from "express";
// The ledger's suite also runs on the Kysely adapter's engines (its fresh test databases).
import {
  databaseDeps,
  freshPostgres,
  freshSqlite,
} from "../../adapter-kysely/src/test-support/handles.js";
import { whenPostgres } from "../../adapter-kysely/src/test-support/postgres.js";
import { createEdgeMiddleware } from "./edge-middleware.js";

const bridge: EdgeBridgeFactory = async (crawlgate, origin, clientIp) => {
  const app = express();
  app.use(
    createEdgeMiddleware(crawlgate, {
      protocol: "http",
      clientIp: (req) => req.get(TEST_CLIENT_IP_HEADER) ?? clientIp,
      proxy: async (upstream, _req, res) => {
        const reply = origin.proxied(upstream);
        res.writeHead(reply.status, reply.headers).end(reply.body);
        return { status: reply.status, bytes: Buffer.byteLength(reply.body) };
      },
    }),
  );
  // The site's own routes after the middleware: they are the origin.
  app.use(async (req, res) => {
    if (req.hostname !== "shop.example.com") {
      res.status(404).send("no such site");
      return;
    }
    const reply = await origin.answer(req.method, req.originalUrl);
    res.status(reply.status).set(reply.headers).send(reply.body);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    send: async (call) => {
      const reply = await sendRaw(port, call);
      return { ...reply, body: Buffer.from(reply.bytes).toString("utf8") };
    },
    teardown: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

const memoryPorts = () => ({
  directories: createMemoryKeyDirectoryCache(),
  nonces: createMemoryNonceStore(),
});

edgeSuite("Express middleware", createMemoryStores, bridge, createMarkdownConverter());
signedAgentEdgeSuite("Express middleware", createMemoryStores, memoryPorts, bridge);
paidCrawlEdgeSuite("Express middleware", createMemoryStores, memoryPorts, bridge);
edgeRobotsSuite("Express middleware", createMemoryStores, bridge);
// The ledger against a reference on every store: memory (two generated mixes), SQLite, PostgreSQL.
paidLedgerEdgeSuite(
  "Express middleware, memory",
  async () => ({ deps: createMemoryStores() }),
  memoryPorts,
  bridge,
  [20261120, 7],
);
paidLedgerEdgeSuite("Express middleware, SQLite", databaseDeps(freshSqlite), memoryPorts, bridge);
whenPostgres(() =>
  paidLedgerEdgeSuite(
    "Express middleware, PostgreSQL",
    databaseDeps(freshPostgres),
    memoryPorts,
    bridge,
  ),
);
