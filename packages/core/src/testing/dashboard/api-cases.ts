import { describe, expect, it } from "vitest";
import {
  type DashboardSuiteOptions,
  type DashboardWorld,
  type Member,
  useDashboardWorld,
} from "./world.js";

/** Calls the same operation through the dashboard (a session) and the API (a key). */
async function both(w: DashboardWorld, user: Member, method: string, rest: string, body?: unknown) {
  const { cookie, csrfToken } = await w.signIn(user);
  const viaSession = await w.send(method, `/dashboard/api/v1${rest}`, {
    headers: { cookie, "x-csrf-token": csrfToken },
    ...(body === undefined ? {} : { body }),
  });
  const viaKey = await w.api(user, method, `/functions/v1${rest}`, body);
  return { viaSession, viaKey };
}

const rule = (sourcePath: string) => ({ sourcePath, targetUrl: "/new", ruleType: "redirect" });

/** `/dashboard/api/v1/<rest>`: the API's answers, roles, plan gate and limits with a session. */
export function apiThroughSessionCases(options: DashboardSuiteOptions): void {
  describe("the API through a session", () => {
    const world = useDashboardWorld(options);

    it("answers as the API does with a key: list-user-domains, export-crawl-analytics", async () => {
      const w = world();
      const listed = await both(w, w.users.viewer, "POST", "/list-user-domains", {});
      expect(listed.viaSession.status).toBe(200);
      expect(listed.viaSession.json()).toEqual(listed.viaKey.json());
      expect(JSON.stringify(listed.viaSession.json())).toContain('"role":"viewer"');
      const window = { domainId: w.domainId, startDate: "2026-11-14", endDate: "2026-11-20" };
      const analytics = await both(w, w.users.owner, "POST", "/export-crawl-analytics", window);
      expect(analytics.viaSession.status).toBe(200);
      expect(analytics.viaSession.json()).toEqual(analytics.viaKey.json());
      const bad = await both(w, w.users.owner, "POST", "/export-crawl-analytics", {
        ...window,
        startDate: "2026-13-01",
      });
      expect(bad.viaSession.status).toBe(400);
      expect(bad.viaSession.json()).toEqual(bad.viaKey.json());
    });

    it("managers and owners write rules; a viewer gets the API's 403 forbidden", async () => {
      const w = world();
      const rules = `/domains/${w.domainId}/routing-rules`;
      for (const [user, path] of [
        [w.users.owner, "/a"],
        [w.users.manager, "/b"],
      ] as const) {
        const { cookie, csrfToken } = await w.signIn(user);
        const created = await w.send("POST", `/dashboard/api/v1${rules}`, {
          headers: { cookie, "x-csrf-token": csrfToken },
          body: rule(path),
        });
        expect(created.status).toBe(201);
        expect((created.json() as { rule: { sourcePath: string } }).rule.sourcePath).toBe(path);
      }
      const viewer = await both(w, w.users.viewer, "POST", rules, rule("/c"));
      expect(viewer.viaSession.status).toBe(403);
      expect(viewer.viaSession.json()).toEqual({ error: "forbidden" });
      expect(viewer.viaSession.json()).toEqual(viewer.viaKey.json());
      const listed = await both(w, w.users.viewer, "GET", rules);
      expect(listed.viaSession.status).toBe(200);
      expect(listed.viaSession.json()).toEqual(listed.viaKey.json());
    });

    it("a Starter user gets plan_upgrade_required, as with a key", async () => {
      const w = world();
      const answer = await both(w, w.users.starter, "POST", "/list-user-domains", {});
      expect(answer.viaSession.status).toBe(403);
      expect(answer.viaSession.json()).toEqual({ error: "plan_upgrade_required" });
      expect(answer.viaSession.json()).toEqual(answer.viaKey.json());
    });

    it("shares the user's rate limit with the API", async () => {
      const w = world();
      const { cookie, csrfToken } = await w.signIn(w.users.owner);
      for (let i = 0; i < 30; i++) {
        expect(
          (await w.api(w.users.owner, "POST", "/functions/v1/list-user-domains", {})).status,
        ).toBe(200);
      }
      const headers = { cookie, "x-csrf-token": csrfToken };
      for (let i = 0; i < 30; i++) {
        const answer = await w.send("POST", "/dashboard/api/v1/list-user-domains", {
          headers,
          body: {},
        });
        expect(answer.status).toBe(200);
      }
      const over = await w.send("POST", "/dashboard/api/v1/list-user-domains", {
        headers,
        body: {},
      });
      expect(over.status).toBe(429);
      expect(over.json()).toMatchObject({ error: "rate_limit_exceeded_per_minute", limit: 60 });
    });

    it("without a session: 401 unauthorized (not invalid_api_key); a key is not a session", async () => {
      const w = world();
      const bare = await w.send("POST", "/dashboard/api/v1/list-user-domains", { body: {} });
      expect(bare.status).toBe(401);
      expect((bare.json() as { error: string }).error).toBe("unauthorized");
      const withKey = await w.send("POST", "/dashboard/api/v1/list-user-domains", {
        headers: { authorization: `Bearer ${w.users.owner.key}` },
        body: {},
      });
      expect(withKey.status).toBe(401);
      expect((withKey.json() as { error: string }).error).toBe("unauthorized");
    });

    it("unknown API paths are the API's 404; other /dashboard/api paths are 404 JSON", async () => {
      const w = world();
      const { cookie } = await w.signIn(w.users.owner);
      for (const path of ["/dashboard/api/v1/nope", "/dashboard/api/nope", "/dashboard/api"]) {
        const answer = await w.send("GET", path, { headers: { cookie } });
        expect(answer.status).toBe(404);
        expect(answer.json()).toEqual({ error: "not_found" });
      }
    });
  });
}
