import { describe, expect, it } from "vitest";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

const RULE_KEYS = [
  "ruleId",
  "domainId",
  "sourcePath",
  "targetUrl",
  "ruleType",
  "redirectCode",
  "priority",
  "isActive",
  "notes",
  "createdAt",
  "updatedAt",
];

const rulesPath = (domainId: string) => `/domains/${domainId}/routing-rules`;

async function createRule(world: ApiWorld, body: Record<string, unknown>, key = world.keys.owner) {
  return world.call("POST", rulesPath(world.domains.shop.domainId), { key, body });
}

/** The five routing-rule endpoints. */
export function ruleCases(options: ApiSuiteOptions): void {
  describe("routing rules: create, read, list", () => {
    const w = useWorld(options);

    it("creates a rule with defaults: 201, Location, {rule, cacheInvalidated}", async () => {
      const world = w();
      const res = await createRule(world, { sourcePath: "  /old  ", targetUrl: " /new " });
      expect(res.status).toBe(201);
      expect(Object.keys(res.json)).toEqual(["rule", "cacheInvalidated"]);
      const { rule } = res.json;
      expect(Object.keys(rule)).toEqual(RULE_KEYS);
      expect(rule).toMatchObject({
        domainId: world.domains.shop.domainId,
        sourcePath: "/old",
        targetUrl: "/new",
        ruleType: "redirect",
        redirectCode: 301,
        priority: 0,
        isActive: true,
        notes: null,
        createdAt: world.clock.now().toISOString(),
        updatedAt: world.clock.now().toISOString(),
      });
      expect(res.json.cacheInvalidated).toBe(true);
      expect(res.headers.get("location")).toBe(
        `/functions/v1/domains/${world.domains.shop.domainId}/routing-rules/${rule.ruleId}`,
      );
      const got = await world.call(
        "GET",
        `${rulesPath(world.domains.shop.domainId)}/${rule.ruleId}`,
      );
      expect(got.status).toBe(200);
      expect(got.json).toEqual({ rule });
    });

    it("creates proxies, paused rules, priorities and notes", async () => {
      const world = w();
      const res = await createRule(world, {
        sourcePath: "/docs/:path*",
        targetUrl: "https://docs.example.org/:path*",
        ruleType: "proxy",
        priority: -5,
        isActive: false,
        notes: "  hosted elsewhere ",
      });
      expect(res.status).toBe(201);
      expect(res.json.rule).toMatchObject({
        ruleType: "proxy",
        redirectCode: null,
        priority: -5,
        isActive: false,
        notes: "hosted elsewhere",
      });
      const redirect302 = await createRule(world, {
        sourcePath: "/a",
        targetUrl: "https://other.example.net/b",
        redirectCode: 302,
      });
      expect(redirect302.json.rule.redirectCode).toBe(302);
    });

    it("lists rules by priority descending then createdAt, with ruleCount and the owner's limit", async () => {
      const world = w();
      const ids: Record<string, string> = {};
      for (const [sourcePath, priority] of [
        ["/low", 0],
        ["/high", 10],
        ["/low2", 0],
        ["/mid", 5],
      ] as const) {
        world.clock.advance(1000);
        ids[sourcePath] = (
          await createRule(world, {
            sourcePath,
            targetUrl: "/x",
            priority,
            isActive: sourcePath !== "/low2",
          })
        ).json.rule.ruleId;
      }
      const res = await world.call("GET", rulesPath(world.domains.shop.domainId), {
        key: world.keys.viewer,
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "domainId",
        "domain",
        "role",
        "ruleCount",
        "limit",
        "rules",
      ]);
      expect(res.json).toMatchObject({
        domainId: world.domains.shop.domainId,
        domain: "shop.example.com",
        role: "viewer",
        ruleCount: 4,
        limit: 100,
      });
      expect(res.json.rules.map((r: { sourcePath: string }) => r.sourcePath)).toEqual([
        "/high",
        "/mid",
        "/low",
        "/low2",
      ]);
      await world.deps.accounts.setUserPlan(world.users.owner.userId, "enterprise");
      const unlimited = await world.call("GET", rulesPath(world.domains.shop.domainId));
      expect(unlimited.json.limit).toBeNull();
    });

    it("answers 404 domain_not_found for nonexistent and inaccessible domains alike", async () => {
      const world = w();
      for (const domainId of [crypto.randomUUID(), world.domains.other.domainId]) {
        for (const [method, path, body] of [
          ["GET", rulesPath(domainId)],
          ["POST", rulesPath(domainId), { sourcePath: "/a", targetUrl: "/b" }],
          ["GET", `${rulesPath(domainId)}/${crypto.randomUUID()}`],
          ["PATCH", `${rulesPath(domainId)}/${crypto.randomUUID()}`, { priority: 1 }],
          ["DELETE", `${rulesPath(domainId)}/${crypto.randomUUID()}`],
        ] as const) {
          const res = await world.call(method, path, { body });
          expect(res.status, `${method} ${path}`).toBe(404);
          expect(res.json).toEqual({ error: "domain_not_found" });
        }
      }
    });

    it("answers 404 rule_not_found for an unknown rule or another domain's rule", async () => {
      const world = w();
      const onBlog = await world.call("POST", rulesPath(world.domains.blog.domainId), {
        body: { sourcePath: "/a", targetUrl: "/b" },
      });
      expect(onBlog.status).toBe(201);
      for (const ruleId of [crypto.randomUUID(), onBlog.json.rule.ruleId]) {
        for (const method of ["GET", "PATCH", "DELETE"]) {
          const res = await world.call(
            method,
            `${rulesPath(world.domains.shop.domainId)}/${ruleId}`,
            {
              body: method === "PATCH" ? { priority: 2 } : undefined,
            },
          );
          expect(res.status, method).toBe(404);
          expect(res.json).toEqual({ error: "rule_not_found" });
        }
      }
    });

    it("answers 400 invalid_request for malformed IDs in the path", async () => {
      const world = w();
      for (const path of [
        "/domains/not-a-uuid/routing-rules",
        `/domains/${world.domains.shop.domainId}/routing-rules/123`,
        "/domains/%00/routing-rules",
        `/domains/${world.domains.shop.domainId}x/routing-rules`,
      ]) {
        const res = await world.call("GET", path);
        expect(res.status, path).toBe(400);
        expect(res.json.error).toBe("invalid_request");
        expect(typeof res.json.message).toBe("string");
      }
      const upper = await world.call("GET", rulesPath(world.domains.shop.domainId.toUpperCase()));
      expect(upper.status).toBe(200);
    });

    it("refuses invalid create bodies with 400 invalid_request and a message", async () => {
      const world = w();
      const bodies: unknown[] = [
        {},
        { sourcePath: "/a" },
        { targetUrl: "/b" },
        { sourcePath: "a", targetUrl: "/b" },
        { sourcePath: "", targetUrl: "/b" },
        { sourcePath: `/${"a".repeat(2048)}`, targetUrl: "/b" },
        { sourcePath: "/a", targetUrl: `/${"b".repeat(2048)}` },
        { sourcePath: "/a", targetUrl: "/b", ruleType: "rewrite" },
        { sourcePath: "/a", targetUrl: "/b", redirectCode: 307 },
        {
          sourcePath: "/a",
          targetUrl: "https://x.example.net/",
          ruleType: "proxy",
          redirectCode: 301,
        },
        { sourcePath: "/a", targetUrl: "/b", ruleType: "proxy" },
        { sourcePath: "/a", targetUrl: "http://127.0.0.1/", ruleType: "proxy" },
        { sourcePath: "/a", targetUrl: "https://shop.example.com/x", ruleType: "proxy" },
        { sourcePath: "/a", targetUrl: "https://www.shop.example.com/x", ruleType: "proxy" },
        { sourcePath: "/a", targetUrl: "//evil.example/b" },
        { sourcePath: "/a", targetUrl: "javascript:alert(1)" },
        { sourcePath: "/a", targetUrl: "/b", priority: 1.5 },
        { sourcePath: "/a", targetUrl: "/b", priority: "1" },
        { sourcePath: "/a", targetUrl: "/b", isActive: "yes" },
        { sourcePath: "/a", targetUrl: "/b", notes: "n".repeat(2001) },
        { sourcePath: "/a", targetUrl: "/b", notes: 5 },
        { sourcePath: "/a", targetUrl: "/b", colour: "red" },
        { sourcePath: "/:path*/more", targetUrl: "/b" },
        { sourcePath: 7, targetUrl: "/b" },
      ];
      for (const body of bodies) {
        const res = await createRule(world, body as Record<string, unknown>);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toBe("invalid_request");
        expect(typeof res.json.message).toBe("string");
      }
      expect((await world.call("GET", rulesPath(world.domains.shop.domainId))).json.ruleCount).toBe(
        0,
      );
    });

    it("refuses a second rule with the same sourcePath, ignoring case and a trailing slash", async () => {
      const world = w();
      expect((await createRule(world, { sourcePath: "/pricing", targetUrl: "/a" })).status).toBe(
        201,
      );
      for (const sourcePath of ["/pricing", "/Pricing/", "/PRICING"]) {
        const res = await createRule(world, { sourcePath, targetUrl: "/b" });
        expect(res.status, sourcePath).toBe(409);
        expect(res.json).toEqual({ error: "duplicate_source_path" });
      }
      expect(
        (
          await world.call("POST", rulesPath(world.domains.blog.domainId), {
            body: { sourcePath: "/pricing", targetUrl: "/a" },
          })
        ).status,
      ).toBe(201);
    });
  });

  describe("routing rules: roles and limits", () => {
    const w = useWorld(options, { plans: { pro: { ruleLimit: 2 } } });

    it("lets owner and manager write, and gives viewers 403 forbidden on every write", async () => {
      const world = w();
      const created = await createRule(
        world,
        { sourcePath: "/m", targetUrl: "/n" },
        world.keys.manager,
      );
      expect(created.status).toBe(201);
      const rulePath = `${rulesPath(world.domains.shop.domainId)}/${created.json.rule.ruleId}`;
      for (const [method, path, body] of [
        ["POST", rulesPath(world.domains.shop.domainId), { sourcePath: "/v", targetUrl: "/w" }],
        ["PATCH", rulePath, { priority: 3 }],
        ["DELETE", rulePath],
      ] as const) {
        const res = await world.call(method, path, { key: world.keys.viewer, body });
        expect(res.status, method).toBe(403);
        expect(res.json).toEqual({ error: "forbidden" });
      }
      expect((await world.call("GET", rulePath, { key: world.keys.viewer })).status).toBe(200);
    });

    it("applies the owner's plan limit, even when the caller's plan is higher", async () => {
      const world = w();
      expect((await createRule(world, { sourcePath: "/1", targetUrl: "/x" })).status).toBe(201);
      expect(
        (await createRule(world, { sourcePath: "/2", targetUrl: "/x", isActive: false })).status,
      ).toBe(201);
      for (const key of [world.keys.owner, world.keys.business]) {
        const res = await createRule(world, { sourcePath: "/3", targetUrl: "/x" }, key);
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error: "rule_limit_reached", limit: 2 });
      }
      const list = await world.call("GET", rulesPath(world.domains.shop.domainId), {
        key: world.keys.business,
      });
      expect(list.json.limit).toBe(2);
    });
  });

  describe("routing rules: concurrency", () => {
    const w = useWorld(options, { plans: { pro: { ruleLimit: 20 } } });

    it("gives exactly `limit` 201s to 50 concurrent creates", async () => {
      const world = w();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          createRule(world, { sourcePath: `/c/${i}`, targetUrl: "/x" }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(20);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused).toHaveLength(30);
      for (const r of refused) expect(r.json).toEqual({ error: "rule_limit_reached", limit: 20 });
      expect((await world.call("GET", rulesPath(world.domains.shop.domainId))).json.ruleCount).toBe(
        20,
      );
    });

    it("gives exactly one 201 to 50 concurrent creates of one sourcePath", async () => {
      const world = w();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          createRule(world, { sourcePath: i % 2 ? "/same" : "/SAME/", targetUrl: "/x" }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    });
  });

  describe("routing rules: update and delete", () => {
    const w = useWorld(options);

    async function seed(world: ApiWorld, body: Record<string, unknown>) {
      const res = await createRule(world, body);
      expect(res.status).toBe(201);
      return {
        rule: res.json.rule,
        path: `${rulesPath(world.domains.shop.domainId)}/${res.json.rule.ruleId}`,
      };
    }

    it("changes only the fields sent and bumps updatedAt", async () => {
      const world = w();
      const { rule, path } = await seed(world, {
        sourcePath: "/a",
        targetUrl: "/b",
        notes: "keep",
      });
      world.clock.advance(5000);
      const res = await world.call("PATCH", path, { body: { priority: 7, isActive: false } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(["rule", "cacheInvalidated"]);
      expect(res.json.rule).toEqual({
        ...rule,
        priority: 7,
        isActive: false,
        updatedAt: world.clock.now().toISOString(),
      });
      expect(res.json.cacheInvalidated).toBe(true);
      const cleared = await world.call("PATCH", path, { body: { notes: "" } });
      expect(cleared.json.rule.notes).toBeNull();
      await world.call("PATCH", path, { body: { notes: "again" } });
      expect(
        (await world.call("PATCH", path, { body: { notes: null } })).json.rule.notes,
      ).toBeNull();
      const same = await world.call("PATCH", path, {
        body: { domainId: world.domains.shop.domainId },
      });
      expect(same.status).toBe(200);
    });

    it("follows the type-change table", async () => {
      const world = w();
      const { path } = await seed(world, {
        sourcePath: "/t",
        targetUrl: "/local",
        redirectCode: 302,
      });
      const needsUrl = await world.call("PATCH", path, { body: { ruleType: "proxy" } });
      expect(needsUrl.status).toBe(400);
      expect(needsUrl.json.error).toBe("invalid_request");
      const toProxy = await world.call("PATCH", path, {
        body: { ruleType: "proxy", targetUrl: "https://up.example.net/t" },
      });
      expect(toProxy.status).toBe(200);
      expect(toProxy.json.rule).toMatchObject({
        ruleType: "proxy",
        redirectCode: null,
        targetUrl: "https://up.example.net/t",
      });
      const codeOnProxy = await world.call("PATCH", path, { body: { redirectCode: 302 } });
      expect(codeOnProxy.status).toBe(400);
      const unsafe = await world.call("PATCH", path, { body: { targetUrl: "http://10.0.0.1/" } });
      expect(unsafe.status).toBe(400);
      const toRedirect = await world.call("PATCH", path, { body: { ruleType: "redirect" } });
      expect(toRedirect.json.rule).toMatchObject({
        ruleType: "redirect",
        redirectCode: 301,
        targetUrl: "https://up.example.net/t",
      });
      const back = await world.call("PATCH", path, { body: { ruleType: "proxy" } });
      expect(back.json.rule.redirectCode).toBeNull();
      const with302 = await world.call("PATCH", path, {
        body: { ruleType: "redirect", redirectCode: 302 },
      });
      expect(with302.json.rule.redirectCode).toBe(302);
    });

    it("refuses a domainId of another domain, bad fields, and a taken sourcePath", async () => {
      const world = w();
      const { path } = await seed(world, { sourcePath: "/one", targetUrl: "/x" });
      await seed(world, { sourcePath: "/two", targetUrl: "/x" });
      const moved = await world.call("PATCH", path, {
        body: { domainId: world.domains.blog.domainId },
      });
      expect(moved.status).toBe(400);
      expect(moved.json.error).toBe("invalid_request");
      for (const body of [
        { priority: "high" },
        { sourcePath: "" },
        { isActive: 1 },
        { bogus: 1 },
        { redirectCode: 303 },
      ]) {
        const res = await world.call("PATCH", path, { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const dup = await world.call("PATCH", path, { body: { sourcePath: "/TWO/" } });
      expect(dup.status).toBe(409);
      expect(dup.json).toEqual({ error: "duplicate_source_path" });
      const own = await world.call("PATCH", path, { body: { sourcePath: "/One" } });
      expect(own.status).toBe(200);
    });

    it("deletes a rule, returns it as it was, and 404s the second time", async () => {
      const world = w();
      const { rule, path } = await seed(world, { sourcePath: "/gone", targetUrl: "/x" });
      const res = await world.call("DELETE", path);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ deleted: true, rule, cacheInvalidated: true });
      const again = await world.call("DELETE", path);
      expect(again.status).toBe(404);
      expect(again.json).toEqual({ error: "rule_not_found" });
    });

    it("reports cacheInvalidated false when the settings cache cannot be refreshed, and still saves", async () => {
      const world = w();
      world.deps.settingsCache.invalidate = async () => {
        throw new Error("cache unreachable");
      };
      const created = await createRule(world, { sourcePath: "/c", targetUrl: "/x" });
      expect(created.status).toBe(201);
      expect(created.json.cacheInvalidated).toBe(false);
      const path = `${rulesPath(world.domains.shop.domainId)}/${created.json.rule.ruleId}`;
      world.deps.settingsCache.invalidate = async () => false;
      expect(
        (await world.call("PATCH", path, { body: { priority: 1 } })).json.cacheInvalidated,
      ).toBe(false);
      expect((await world.call("DELETE", path)).json.cacheInvalidated).toBe(false);
    });
  });
}
