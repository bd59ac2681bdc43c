import { describe, expect, it } from "vitest";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** list-user-domains, purge-cache and get-bot-definitions. */
export function accountCases(options: ApiSuiteOptions): void {
  describe("list-user-domains", () => {
    const w = useWorld(options);

    it("lists owned and shared domains once each, sorted by hostname, owner winning", async () => {
      const world = w();
      const res = await world.call("POST", "/list-user-domains");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(Object.keys(res.json)).toEqual(["userId", "domainCount", "domains"]);
      expect(res.json.userId).toBe(world.users.owner.userId);
      expect(res.json.domainCount).toBe(2);
      expect(res.json.domains).toEqual([
        {
          domainId: world.domains.blog.domainId,
          domain: "blog.example.com",
          originUrl: null,
          role: "owner",
          verificationStage: "pending",
          createdAt: world.domains.blog.createdAt.toISOString(),
        },
        {
          domainId: world.domains.shop.domainId,
          domain: "shop.example.com",
          originUrl: "https://origin.example.com",
          role: "owner",
          verificationStage: "pending",
          createdAt: world.domains.shop.createdAt.toISOString(),
        },
      ]);
      expect(res.json.domains[0].createdAt).toMatch(ISO_MS);
    });

    it("shows members their role and nothing they cannot access", async () => {
      const world = w();
      const viewer = await world.call("POST", "/list-user-domains", { key: world.keys.viewer });
      expect(
        viewer.json.domains.map((d: { domain: string; role: string }) => [d.domain, d.role]),
      ).toEqual([["shop.example.com", "viewer"]]);
      const manager = await world.call("POST", "/list-user-domains", { key: world.keys.manager });
      expect(manager.json.domains[0].role).toBe("manager");
      expect(manager.json.domainCount).toBe(1);
    });

    it("refuses unknown body fields", async () => {
      const res = await w().call("POST", "/list-user-domains", { body: { domainId: "x" } });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: "invalid_request", message: "unknown field: domainId" });
    });
  });

  describe("purge-cache", () => {
    const w = useWorld(options);

    it("queues a re-render once and de-duplicates while pending", async () => {
      const world = w();
      const first = await world.call("POST", "/purge-cache", {
        body: { domain: "shop.example.com", path: "/pricing" },
      });
      expect(first.status).toBe(200);
      expect(Object.keys(first.json)).toEqual(["queued", "path", "message"]);
      expect(first.json.queued).toBe(true);
      expect(first.json.path).toBe("/pricing");
      expect(typeof first.json.message).toBe("string");
      const again = await world.call("POST", "/purge-cache", {
        body: { domain: "SHOP.example.com", path: "/pricing" },
      });
      expect(again.json.queued).toBe(false);
      const other = await world.call("POST", "/purge-cache", {
        body: { domain: "shop.example.com", path: "/about" },
      });
      expect(other.json.queued).toBe(true);
      expect(await world.deps.purgeQueue.pendingCount()).toBe(2);
    });

    it("lets any role purge a domain it can access", async () => {
      const world = w();
      const res = await world.call("POST", "/purge-cache", {
        key: world.keys.viewer,
        body: { domain: "shop.example.com", path: "/" },
      });
      expect(res.status).toBe(200);
    });

    it("answers 403 domain_not_authorized for a domain outside the account, existing or not", async () => {
      const world = w();
      for (const domain of ["other.example.org", "nowhere.example.com", "starter.example.net"]) {
        const res = await world.call("POST", "/purge-cache", { body: { domain, path: "/" } });
        expect(res.status, domain).toBe(403);
        expect(res.json).toEqual({ error: "domain_not_authorized" });
      }
    });

    it("validates the body with 400 invalid_request and a message", async () => {
      const bodies: unknown[] = [
        {},
        { domain: "shop.example.com" },
        { path: "/" },
        { domain: 5, path: "/" },
        { domain: "shop.example.com", path: 5 },
        { domain: "https://shop.example.com/", path: "/" },
        { domain: "shop.example.com", path: "pricing" },
        { domain: "shop.example.com", path: "//evil.example" },
        { domain: "shop.example.com", path: `/${"a".repeat(2048)}` },
        { domain: "shop.example.com", path: "/a b" },
        { domain: "shop.example.com", path: "/", extra: true },
      ];
      for (const body of bodies) {
        const res = await w().call("POST", "/purge-cache", { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toBe("invalid_request");
        expect(typeof res.json.message).toBe("string");
      }
    });
  });

  describe("get-bot-definitions", () => {
    const w = useWorld(options);

    it("returns the current taxonomy in the spec's shape", async () => {
      const world = w();
      const res = await world.call("POST", "/get-bot-definitions", { body: {} });
      expect(res.status).toBe(200);
      const body = res.json;
      expect(Object.keys(body)).toEqual([
        "generatedAt",
        "definitionsVersion",
        "definitionsEffectiveFrom",
        "isCurrent",
        "userId",
        "intentCount",
        "botCount",
        "intents",
        "bots",
      ]);
      expect(body.generatedAt).toBe(world.clock.now().toISOString());
      expect(body.definitionsVersion).toBe("1.1");
      expect(body.definitionsEffectiveFrom).toMatch(ISO_MS);
      expect(body.isCurrent).toBe(true);
      expect(body.userId).toBe(world.users.owner.userId);
      expect(body.intentCount).toBe(8);
      expect(
        body.intents
          .map((i: { intent: string }) => i.intent)
          .slice(0, 3)
          .sort(),
      ).toEqual(["answer-fetch", "search-index", "training"]);
      expect(body.botCount).toBe(body.bots.length);
      expect(body.botCount).toBeGreaterThanOrEqual(90);
      const ids = body.bots.map((b: { botId: string }) => b.botId);
      expect(ids).toEqual([...ids].sort());
      expect(ids).toContain("unknown");
      for (const intent of body.intents) {
        expect(Object.keys(intent)).toEqual([
          "intent",
          "label",
          "description",
          "isAiIntent",
          "botCount",
        ]);
        expect(intent.botCount).toBe(
          body.bots.filter((b: { intent: string }) => b.intent === intent.intent).length,
        );
      }
      expect(Object.keys(body.bots[0])).toEqual([
        "botId",
        "displayName",
        "operator",
        "intent",
        "uaPatterns",
        "verificationMethod",
        "isActive",
      ]);
    });

    it("returns a named version and refuses unknown or malformed ones", async () => {
      const named = await w().call("POST", "/get-bot-definitions", { body: { version: "1.0" } });
      expect(named.status).toBe(200);
      expect(named.json.definitionsVersion).toBe("1.0");
      expect(named.json.isCurrent).toBe(false);
      for (const version of ["9.9", "1", "v1.0", "", "1.0.0", 1, null, ["1.0"]]) {
        const res = await w().call("POST", "/get-bot-definitions", { body: { version } });
        expect(res.status, JSON.stringify(version)).toBe(400);
        expect(res.json.error).toBe("invalid_request");
        expect(typeof res.json.message).toBe("string");
      }
    });
  });
}
