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
import { putPolicy } from "./policy-world.js";
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

/** A trusted origin nothing listens on (port 1): its directory is unreachable. */
const UNREACHABLE = "http://127.0.0.1:1";

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
          trustedOrigins: [local.origin, UNREACHABLE],
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
      expect(rows.map((r) => [r.botId, r.verdict, r.signatureAgent, r.signature])).toEqual([
        ["chatgpt-agent", "verified", "https://chatgpt.com", "verified"],
        ["chatgpt-agent", "verified", "https://chatgpt.com", "verified"],
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
      expect(rows.map((r) => [r.botId, r.verdict, r.signatureAgent, r.signature])).toEqual([
        ["signed-agent", "verified", w.local.origin, "verified"],
      ]);
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
      expect(rows.map((r) => [r.botId, r.verdict, r.signatureAgent, r.signature])).toEqual([
        ["chatgpt-agent", "declared", "https://chatgpt.com", "invalid"],
        ["chatgpt-agent", "declared", "https://chatgpt.com", "invalid"],
      ]);
      expect(w.publicFetches.size).toBe(0);
    });

    it("without Web Bot Auth headers a browser stays a person", async () => {
      const w = world();
      const reply = await w.send({ path: "/about", headers: { "user-agent": BROWSER } });
      expect(reply.headers["x-crawlgate-served-from"]).toBe("origin");
      // A crawler without them is recorded unsigned.
      await w.send({ path: "/about", headers: { "user-agent": "GPTBot/1.0" } });
      expect((await w.crawls()).map((r) => [r.botId, r.signatureAgent, r.signature])).toEqual([
        ["gptbot", null, null],
      ]);
    });

    it("a directory it cannot reach leaves the agent unverified, its origin kept", async () => {
      const w = world();
      const unreachable = await createTestAgent(UNREACHABLE);
      await w.send({ path: "/about", headers: await w.signed(unreachable, "/about") });
      expect(
        (await w.crawls()).map((r) => [r.botId, r.verdict, r.signatureAgent, r.signature]),
      ).toEqual([["signed-agent", "declared", UNREACHABLE, "unverified"]]);
    });

    it("a signatureAgent rule applies to a verified signature, never to a claimed one", async () => {
      const w = world();
      await putPolicy(w, {
        rules: [
          {
            match: { type: "signatureAgent", value: "https://chatgpt.com" },
            action: { type: "charge", price: { amount: "0.01", currency: "USD" } },
          },
        ],
        impostorProtection: false,
      });
      const charged = await w.send({
        path: "/about",
        headers: await w.signed(w.chatgpt, "/about"),
      });
      expect(charged.status).toBe(402);
      expect(charged.headers["crawler-price"]).toBe("USD 0.01");
      const expired = { created: 1_700_000_000, expires: 1_700_000_060 };
      const claimed = await w.send({
        path: "/about",
        headers: await w.signed(w.chatgpt, "/about", expired),
      });
      expect(claimed.status).toBe(200);
    });

    describe("only a verified signature meets its rule; everything else gets the default", () => {
      /** Allow the loopback agent, block everyone else. */
      const allowLocalOnly = (w: SignedWorld) =>
        putPolicy(w, {
          rules: [
            { match: { type: "signatureAgent", value: w.local.origin }, action: { type: "allow" } },
          ],
          defaultAction: { type: "block" },
          impostorProtection: false,
        });
      const now = (w: SignedWorld) => Math.floor(w.clock.now().getTime() / 1000);
      const cases: [string, (w: SignedWorld) => Promise<Record<string, string>>][] = [
        [
          "tampered component (a covered @path changed)",
          async (w) =>
            w.signed(w.local.agent, "/other", {
              components: ['"@authority"', '"@path"', '"signature-agent";key="agent1"'],
            }),
        ],
        [
          "wrong key (the listed keyid, another key)",
          async (w) =>
            w.signed(await createTestAgent(w.local.origin), "/about", {
              keyid: w.local.agent.keyid,
            }),
        ],
        [
          "expired",
          async (w) =>
            w.signed(w.local.agent, "/about", { created: now(w) - 120, expires: now(w) - 60 }),
        ],
        [
          "created in the future",
          async (w) =>
            w.signed(w.local.agent, "/about", { created: now(w) + 3600, expires: now(w) + 3660 }),
        ],
        ["missing tag", async (w) => w.signed(w.local.agent, "/about", { tag: null })],
        [
          "signature-agent not covered",
          async (w) => w.signed(w.local.agent, "/about", { components: ['"@authority"'] }),
        ],
        ["unknown key", async (w) => w.signed(await createTestAgent(w.local.origin), "/about")],
        [
          "unreachable directory",
          async (w) => w.signed(await createTestAgent(UNREACHABLE), "/about"),
        ],
      ];
      for (const [name, headers] of cases) {
        it(`${name}: the default action`, async () => {
          const w = world();
          await allowLocalOnly(w);
          const reply = await w.send({ path: "/about", headers: await headers(w) });
          expect(reply.status).toBe(403);
        });
      }

      it("a replayed nonce: allowed once, then the default action", async () => {
        const w = world();
        await allowLocalOnly(w);
        const headers = await w.signed(w.local.agent, "/about", { nonce: "once-only-nonce" });
        expect((await w.send({ path: "/about", headers })).status).toBe(200);
        expect((await w.send({ path: "/about", headers })).status).toBe(403);
      });

      it("two labels, one verifying: the rule applies", async () => {
        const w = world();
        await allowLocalOnly(w);
        const impostor = await createTestAgent(w.local.origin);
        const bad = await w.signed(impostor, "/about", {
          keyid: w.local.agent.keyid,
          label: "bad",
        });
        const good = await w.signed(w.local.agent, "/about", { label: "good" });
        const headers = {
          ...good,
          "signature-input": `${bad["signature-input"]}, ${good["signature-input"]}`,
          signature: `${bad.signature}, ${good.signature}`,
        };
        expect((await w.send({ path: "/about", headers })).status).toBe(200);
      });

      it("both Signature-Agent forms verify: the rule applies", async () => {
        const w = world();
        await allowLocalOnly(w);
        for (const agentForm of ["string", "dictionary"] as const) {
          const headers = await w.signed(w.local.agent, "/about", { agentForm });
          if (agentForm === "string")
            expect(headers["signature-agent"]).toBe(`"${w.local.origin}"`);
          expect((await w.send({ path: "/about", headers })).status, agentForm).toBe(200);
        }
        // Without a signature the same browser is a person: the policy never applies to it.
        expect((await w.send({ path: "/about", headers: { "user-agent": BROWSER } })).status).toBe(
          200,
        );
      });
    });
  });
}
