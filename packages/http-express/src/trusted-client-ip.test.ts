import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, silentLogger } from "@crawlgate/core";
import express from "express";
import { describe, expect, it } from "vitest";
import { createEdgeMiddleware } from "./edge-middleware.js";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GOOGLE_RANGES = "https://developers.google.com/static/crawling/ipranges/common-crawlers.json";

/**
 * Behind a proxy the operator trusts, a crawler is verified by the address that proxy saw (the
 * last `X-Forwarded-For` element), not by the proxy's own; without trust, the header is the
 * client's word and the socket's peer counts.
 */
async function verdictOf(trustProxy: boolean, forwardedFor: string): Promise<string | undefined> {
  const stores = createMemoryStores();
  const crawlgate = createCrawlgate({
    ...stores,
    resolver: { reverse: async () => [], forward: async () => [], txt: async () => [] },
    fetch: null,
    logger: silentLogger,
  });
  crawlgate.ingest.verifier.setRanges(GOOGLE_RANGES, ["66.249.64.0/19"], new Date());
  const user = await crawlgate.admin.createUser("owner", "pro");
  if (!user.ok) throw new Error(user.message);
  const domain = await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
  if (!domain.ok) throw new Error(domain.message);
  const app = express();
  app.use(createEdgeMiddleware(crawlgate, { trustProxy }));
  app.use((_req, res) => void res.status(200).send("<html><body>page</body></html>"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    // node:http, since fetch does not let a caller set Host.
    await new Promise<void>((resolve, reject) => {
      const headers = {
        host: "site.example.com",
        "user-agent": GOOGLEBOT,
        "x-forwarded-for": forwardedFor,
      };
      const req = request({ host: "127.0.0.1", port, path: "/page", headers }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", reject);
      req.end();
    });
    await crawlgate.ingest.close();
    const rows = await stores.crawls.listCrawls(
      domain.value.domainId,
      new Date(0),
      new Date("2100-01-01T00:00:00.000Z"),
      10,
    );
    expect(rows).toHaveLength(1);
    return rows[0]?.verdict;
  } finally {
    server.close();
    await crawlgate.close();
  }
}

describe("the client address behind a trusted proxy", () => {
  it("verifies a crawler by the address the trusted proxy saw", async () => {
    expect(await verdictOf(true, "66.249.66.1")).toBe("verified");
    // The client wrote the first element; the proxy appended what it saw.
    expect(await verdictOf(true, "66.249.66.1, 127.0.0.1")).not.toBe("verified");
  });

  it("ignores X-Forwarded-For from a client when no proxy is trusted", async () => {
    expect(await verdictOf(false, "66.249.66.1")).not.toBe("verified");
  });
});
