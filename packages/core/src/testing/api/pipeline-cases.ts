import { describe, expect, it } from "vitest";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

/** Routing of paths and methods, auth, plan gate, rate limits and body envelope rules. */
export function pipelineCases(options: ApiSuiteOptions): void {
  describe("paths and methods", () => {
    const w = useWorld(options);

    it("answers an unknown path with 404 not_found, even without a key", async () => {
      for (const path of ["/nope", "/", "/list-user-domains/extra", "/domains"]) {
        const res = await w().call("POST", path, { key: null });
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error: "not_found" });
      }
    });

    it("answers a known path with a wrong method with 405 and Allow", async () => {
      const list = await w().call("GET", "/list-user-domains");
      expect(list.status).toBe(405);
      expect(list.headers.get("allow")).toBe("POST");
      expect(list.json).toEqual({ error: "method_not_allowed" });
      const rules = await w().call("PUT", `/domains/${w().domains.shop.domainId}/routing-rules`);
      expect(rules.status).toBe(405);
      expect(rules.headers.get("allow")).toBe("GET, POST");
      const rule = await w().call(
        "POST",
        `/domains/${w().domains.shop.domainId}/routing-rules/${crypto.randomUUID()}`,
        { body: {} },
      );
      expect(rule.status).toBe(405);
      expect(rule.headers.get("allow")).toBe("GET, PATCH, DELETE");
    });
  });

  describe("authentication", () => {
    const w = useWorld(options);
    const bad = (key: string) => ({ authorization: key });

    it("refuses missing, malformed, unknown and revoked keys with the same 401 body", async () => {
      const world = w();
      const unknownButWellFormed = await world.crawlgate.admin.createKey(world.users.owner.userId);
      if (!unknownButWellFormed.ok) throw new Error(unknownButWellFormed.message);
      await world.crawlgate.admin.revokeKey(unknownButWellFormed.value.key);
      const tampered = `${world.keys.owner.slice(0, -1)}${world.keys.owner.endsWith("A") ? "B" : "A"}`;
      const cases: Record<string, string>[] = [
        {},
        bad(""),
        bad("Bearer"),
        bad("Bearer "),
        bad(`Basic ${world.keys.owner}`),
        bad(`Bearer ${world.keys.owner} extra`),
        bad("Bearer cg_live_short"),
        bad(`Bearer ${tampered}`),
        bad(`Bearer ${unknownButWellFormed.value.key}`),
        bad(`Bearer ${"x".repeat(5000)}`),
      ];
      for (const headers of cases) {
        const res = await world.call("POST", "/list-user-domains", { key: null, headers });
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(res.json).toEqual({ error: "invalid_api_key" });
      }
    });

    it("accepts the scheme case-insensitively", async () => {
      const res = await w().call("POST", "/list-user-domains", {
        key: null,
        headers: { authorization: `bearer ${w().keys.owner}` },
      });
      expect(res.status).toBe(200);
    });
  });

  describe("plan gate", () => {
    const w = useWorld(options);

    it("gives Starter 403 plan_upgrade_required everywhere but purge-cache", async () => {
      const world = w();
      const key = world.keys.starter;
      const site = world.domains.starterSite.domainId;
      const calls: [string, string, unknown?][] = [
        ["POST", "/list-user-domains", {}],
        ["POST", "/get-bot-definitions", {}],
        ["GET", `/domains/${site}/routing-rules`],
        ["POST", `/domains/${site}/routing-rules`, { sourcePath: "/a", targetUrl: "/b" }],
        ["GET", `/domains/${site}/routing-rules/${crypto.randomUUID()}`],
        ["PATCH", `/domains/${site}/routing-rules/${crypto.randomUUID()}`, {}],
        ["DELETE", `/domains/${site}/routing-rules/${crypto.randomUUID()}`],
        ["GET", `/domains/${site}/crawler-policy`],
        ["PUT", `/domains/${site}/crawler-policy`, {}],
      ];
      for (const [method, path, body] of calls) {
        const res = await world.call(method, path, { key, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json).toEqual({ error: "plan_upgrade_required" });
      }
      const purge = await world.call("POST", "/purge-cache", {
        key,
        body: { domain: "starter.example.net", path: "/" },
      });
      expect(purge.status).toBe(200);
    });
  });

  describe("rate limits", () => {
    const w = useWorld(options, { ratePerMinute: 3, plans: { pro: { monthlyQuota: 5 } } });

    it("refuses the request over the per-minute limit with usage, limit and Retry-After", async () => {
      const world = w();
      for (let i = 0; i < 3; i++) {
        expect((await world.call("POST", "/list-user-domains")).status).toBe(200);
      }
      world.clock.advance(20_000);
      const res = await world.call("POST", "/list-user-domains");
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ error: "rate_limit_exceeded_per_minute", usage: 3, limit: 3 });
      expect(res.headers.get("retry-after")).toBe("40");
      // Limits are per user: another user is unaffected.
      expect(
        (await world.call("POST", "/list-user-domains", { key: world.keys.viewer })).status,
      ).toBe(200);
      world.clock.advance(40_000);
      expect((await world.call("POST", "/list-user-domains")).status).toBe(200);
    });

    it("refuses the request over the monthly quota until the next UTC month", async () => {
      const world = w();
      for (let i = 0; i < 5; i++) {
        world.clock.advance(61_000);
        expect((await world.call("POST", "/list-user-domains")).status).toBe(200);
      }
      world.clock.advance(61_000);
      const res = await world.call("POST", "/list-user-domains");
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ error: "rate_limit_exceeded_monthly", usage: 5, limit: 5 });
      const retryAfter = Number(res.headers.get("retry-after"));
      const monthEnd = Date.UTC(2026, 11, 1) - world.clock.now().getTime();
      expect(retryAfter).toBe(Math.ceil(monthEnd / 1000));
      world.clock.set(new Date("2026-12-01T00:00:00.000Z"));
      expect((await world.call("POST", "/list-user-domains")).status).toBe(200);
    });

    it("counts requests that fail validation, but not ones refused before authentication", async () => {
      const world = w();
      await world.call("POST", "/list-user-domains", { key: null });
      await world.call("POST", "/list-user-domains", {
        rawBody: "{",
        headers: { "content-type": "application/json" },
      });
      await world.call("POST", "/list-user-domains", { body: { unexpected: 1 } });
      await world.call("POST", "/list-user-domains");
      const res = await world.call("POST", "/list-user-domains");
      expect(res.status).toBe(429);
    });
  });

  describe("request bodies", () => {
    const w = useWorld(options);

    it("answers a body sent without Content-Type application/json with 400 invalid_request", async () => {
      const rule = `/domains/${w().domains.shop.domainId}/routing-rules`;
      for (const [method, path] of [
        ["POST", "/list-user-domains"],
        ["POST", "/get-snapshot"],
        ["POST", rule],
        ["PATCH", `${rule}/${crypto.randomUUID()}`],
      ] as const) {
        for (const type of ["text/plain", "application/x-www-form-urlencoded", "json"]) {
          const res = await w().call(method, path, {
            rawBody: "{}",
            headers: { "content-type": type },
          });
          expect(res.status, `${method} ${path} ${type}`).toBe(400);
          expect(res.json).toEqual({
            error: "invalid_request",
            message: "Content-Type must be application/json",
          });
        }
      }
      const ok = await w().call("POST", "/list-user-domains", {
        rawBody: "{}",
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      expect(ok.status).toBe(200);
    });

    it("accepts a POST without a body where no field is required", async () => {
      expect((await w().call("POST", "/list-user-domains")).status).toBe(200);
    });

    it("refuses a body over 1 MiB", async () => {
      const res = await w().call("POST", "/list-user-domains", {
        rawBody: `{"pad":"${"x".repeat(1024 * 1024)}"}`,
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(413);
      expect(res.json.error).toBe("invalid_request");
      expect(typeof res.json.message).toBe("string");
    });

    it("answers unparseable or non-object JSON with 400 invalid_request and a message", async () => {
      for (const raw of ["{", "nul", "[]", "42", '"x"', "null", '{"a":1}}', "\u00ff\u00fe"]) {
        const res = await w().call("POST", "/get-bot-definitions", {
          rawBody: raw,
          headers: { "content-type": "application/json" },
        });
        expect(res.status, raw).toBe(400);
        expect(res.json.error).toBe("invalid_request");
        expect(typeof res.json.message).toBe("string");
        expect(res.text).not.toMatch(/at .*\.ts|Error:/);
      }
    });

    it("refuses invalid UTF-8", async () => {
      const res = await w().call("POST", "/get-bot-definitions", {
        rawBody: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: "invalid_request",
        message: "request body is not valid UTF-8",
      });
    });
  });
}
