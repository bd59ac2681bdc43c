import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCrawlgate } from "../crawlgate.js";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HOST = "shop.example.com";

let server: Server;
let originUrl = "";

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>loopback origin</title><p>served on 127.0.0.1</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  originUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the default renderer (no renderer, no originFetch in the deps)", () => {
  it("renders a domain whose configured origin is on loopback: render, then cache", async () => {
    const crawlgate = createCrawlgate({ ...createMemoryStores(), fetch: null, logger: false });
    expect(crawlgate.renderer?.name).toBe("fetch");
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    const domain = await crawlgate.admin.addDomain(user.value.userId, HOST, { originUrl });
    if (!domain.ok) throw new Error(domain.message);
    const crawl = () =>
      crawlgate.edge.handle({
        method: "GET",
        host: HOST,
        url: "/",
        headers: { "user-agent": GOOGLEBOT },
        clientIp: "127.0.0.1",
      });
    const first = await crawl();
    expect(first.kind === "page" && first.servedFrom).toBe("render");
    expect(first.kind === "page" && new TextDecoder().decode(first.body)).toContain(
      "served on 127.0.0.1",
    );
    const second = await crawl();
    expect(second.kind === "page" && second.servedFrom).toBe("cache");
    await crawlgate.close();
  });
});
