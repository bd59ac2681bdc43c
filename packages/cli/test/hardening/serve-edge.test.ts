import { createMemoryStores } from "@crawlgate/adapter-memory";
import { silentLogger } from "@crawlgate/core";
import {
  addRule,
  createEdgeWorld,
  type EdgeBridgeFactory,
  purgeEdgeCases,
  putPolicy,
  useHarness,
} from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";
import { listen } from "../../src/server.js";
import { send } from "../http-send.js";

/**
 * The shared edge world (its origin site, renderer and clock) behind `serve` itself: its
 * middleware order, its pinned proxies and its JSON-only answers. The visitor's address is the
 * socket's (127.0.0.1): crawlers are declared, not verified.
 */
const serveBridge: EdgeBridgeFactory = async (crawlgate) => {
  const running = await listen(crawlgate, { port: 0, host: "127.0.0.1", logger: silentLogger });
  return {
    send: (call) =>
      send(running.baseUrl, {
        method: call.method,
        path: call.path,
        host: call.host,
        headers: call.headers,
      }),
    teardown: running.close,
  };
};

/** A fresh world behind `serve` for every test of the enclosing `describe`. */
const serveWorld = () => useHarness(() => createEdgeWorld(createMemoryStores, serveBridge));

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("serve: purges at the edge", () => {
  purgeEdgeCases(serveWorld());
});

describe("serve: a blocked crawler on a proxied path", () => {
  const world = serveWorld();

  it("gets the policy's answer, never the proxy's; an allowed crawler is proxied", async () => {
    const w = world();
    await w.crawlgate.ingest.ranges.ready();
    // From 127.0.0.1 no crawler verifies: without impostor protection each stays the bot it
    // claims (`declared`), so the policy names it.
    await putPolicy(w, {
      rules: [{ match: { type: "botId", value: "gptbot" }, action: { type: "block" } }],
      impostorProtection: false,
    });
    // serve's proxy for rules reaches public addresses only, and this name resolves to none
    // (the proxy answers 502): what reaches the proxy is told by its answer.
    await addRule(w, {
      sourcePath: "/docs/:p*",
      targetUrl: "https://docs.example.org/:p*",
      ruleType: "proxy",
    });
    for (const method of ["GET", "HEAD"]) {
      const blocked = await w.send({
        method,
        path: "/docs/guide",
        headers: { "user-agent": GPTBOT },
      });
      expect(blocked.status).toBe(403);
      expect(blocked.headers["content-type"]).toBe("application/json; charset=utf-8");
      if (method === "GET") expect(JSON.parse(blocked.body).error).toBe("crawler_blocked");
    }
    const allowed = await w.send({ path: "/docs/guide", headers: { "user-agent": GOOGLEBOT } });
    expect(allowed.status).toBe(502);
    expect(JSON.parse(allowed.body).error).not.toBe("crawler_blocked");
    const rows = await w.crawls();
    expect(rows.map((r) => [r.path, r.botId, r.status, r.servedFrom])).toEqual([
      ["/docs/guide", "gptbot", 403, "origin"],
      ["/docs/guide", "gptbot", 403, "origin"],
      ["/docs/guide", "googlebot", 502, "origin"],
    ]);
  });
});
