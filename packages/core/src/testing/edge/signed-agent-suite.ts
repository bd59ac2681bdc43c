import { describe, expect, it } from "vitest";
import type { CrawlgateDeps } from "../../crawlgate.js";
import type { KeyDirectoryCache, NonceStore } from "../../ports/web-bot-auth.js";
import { type Harness, useHarness } from "../harness.js";
import { type DirectoryServer, startDirectoryServer } from "../web-bot-auth/directory-server.js";
import {
  createTestAgent,
  directoryHost,
  type SignOptions,
  type TestAgent,
} from "../web-bot-auth/test-agent.js";
import { createEdgeWorld } from "./suite.js";
import { BROWSER, type EdgeBridgeFactory, type EdgeWorld, HOST } from "./world.js";

/** The Web Bot Auth ports a bridge's suite runs on (memory, or Redis). */
export interface SignaturePorts {
  directories: KeyDirectoryCache;
  nonces: NonceStore;
}

interface SignedWorld extends EdgeWorld {
  /** Listed in the taxonomy (`https://chatgpt.com`), its directory served by a fake public fetch. */
  chatgpt: TestAgent;
  /** An agent the taxonomy does not list, its directory on loopback (a trusted origin). */
  local: DirectoryServer;
  /** Fetches of the public directories, by URL. */
  publicFetches: Map<string, number>;
  /** A signed GET of `path` by `agent` with a browser User-Agent. */
  signed(
    agent: TestAgent,
    path: string,
    options?: Partial<SignOptions>,
  ): Promise<Record<string, string>>;
}

/** A policy through the owner's API. */
async function putPolicy(w: EdgeWorld, policy: unknown): Promise<void> {
  const response = await w.crawlgate.api.handle({
    method: "PUT",
    path: `/functions/v1/domains/${w.domainId}/crawler-policy`,
    query: {},
    headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
    body: new TextEncoder().encode(JSON.stringify(policy)),
  });
  expect(response.status, String(response.body)).toBe(200);
}

const BLOCK_UNKNOWN = { match: { type: "tier", value: "unknown" }, action: { type: "block" } };

/**
 * Signed agents (Web Bot Auth) at the edge, shared by every bridge: a request carrying a
 * signature is an agent whatever its User-Agent, verified before the policy, recorded as a crawl.
 */
export function signedAgentEdgeSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  makePorts: () => SignaturePorts,
  bridge: EdgeBridgeFactory,
): void {
  describe(`signed agents at the edge: ${name}`, () => {
    const world = useHarness<SignedWorld>(async (): Promise<Harness<SignedWorld>> => {
      const chatgpt = await createTestAgent("https://chatgpt.com");
      const local = await startDirectoryServer();
      const host = directoryHost([chatgpt]);
      const base = await createEdgeWorld(makeStores, bridge, {
        webBotAuth: {
          ...makePorts(),
          fetch: host.fetch,
          trustedFetch: (url, init) => fetch(url, init),
          trustedOrigins: [local.origin],
        },
      });
      return {
        ...base,
        chatgpt,
        local,
        publicFetches: host.calls,
        async signed(agent, path, options = {}) {
          const now = Math.floor(base.clock.now().getTime() / 1000) + 1;
          const request = {
            method: "GET",
            host: HOST,
            url: path,
            headers: { "user-agent": BROWSER },
          };
          const signed = await agent.sign(request, { created: now, expires: now + 60, ...options });
          return signed.headers as Record<string, string>;
        },
        teardown: async () => {
          await base.teardown?.();
          await local.close();
        },
      };
    });

    it("a verified listed agent with a browser User-Agent is that bot, verified, and a crawl", async () => {
      const w = world();
      const reply = await w.send({ path: "/about", headers: await w.signed(w.chatgpt, "/about") });
      expect(reply.status).toBe(200);
      // An agent, not a person: it gets the rendered page, not the origin.
      expect(reply.headers["x-crawlgate-served-from"]).toBe("render");
      const again = await w.send({ path: "/about", headers: await w.signed(w.chatgpt, "/about") });
      expect(again.headers["x-crawlgate-served-from"]).toBe("cache");
      const rows = await w.crawls();
      expect(rows.map((r) => [r.botId, r.verdict])).toEqual([
        ["chatgpt-agent", "verified"],
        ["chatgpt-agent", "verified"],
      ]);
      // The directory was fetched once: the second request read it from the process's cache.
      expect(
        w.publicFetches.get("https://chatgpt.com/.well-known/http-message-signatures-directory"),
      ).toBe(1);
    });

    it("a verified unlisted agent is the synthetic signed-agent bot, verified", async () => {
      const w = world();
      const reply = await w.send({
        path: "/about",
        headers: await w.signed(w.local.agent, "/about"),
      });
      expect(reply.status).toBe(200);
      const rows = await w.crawls();
      expect(rows.map((r) => [r.botId, r.verdict])).toEqual([["signed-agent", "verified"]]);
      expect(w.local.hits()).toBe(1);
    });

    it("an invalid signature is declared at best, the unknown bot under impostor protection", async () => {
      const w = world();
      const expired = { created: 1_700_000_000, expires: 1_700_000_060 };
      await putPolicy(w, { rules: [BLOCK_UNKNOWN] });
      const blocked = await w.send({
        path: "/about",
        headers: await w.signed(w.chatgpt, "/about", expired),
      });
      expect(blocked.status).toBe(403);
      await putPolicy(w, { rules: [BLOCK_UNKNOWN], impostorProtection: false });
      const declared = await w.send({
        path: "/about",
        headers: await w.signed(w.chatgpt, "/about", expired),
      });
      expect(declared.status).toBe(200);
      // Recorded as the agent it claims, declared (never verified); nothing was fetched.
      const rows = await w.crawls();
      expect(rows.map((r) => [r.botId, r.verdict])).toEqual([
        ["chatgpt-agent", "declared"],
        ["chatgpt-agent", "declared"],
      ]);
      expect(w.publicFetches.size).toBe(0);
    });

    it("without Web Bot Auth headers a browser stays a person", async () => {
      const w = world();
      const reply = await w.send({ path: "/about", headers: { "user-agent": BROWSER } });
      expect(reply.headers["x-crawlgate-served-from"]).toBe("origin");
      expect(await w.crawls()).toEqual([]);
    });
  });
}
