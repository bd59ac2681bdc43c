import { describe, expect, it } from "vitest";
import { type DashboardSuiteOptions, SITE, useDashboardWorld } from "./world.js";

/** Writes need the session's CSRF token; browsers' cross-site requests are refused. */
export function csrfCases(options: DashboardSuiteOptions): void {
  describe("CSRF", () => {
    const world = useDashboardWorld(options);

    it("a write without the token, or with another one, is 403 csrf_failed and does nothing", async () => {
      const w = world();
      const { cookie, csrfToken } = await w.signIn(w.users.owner);
      const path = `/dashboard/api/v1/domains/${w.domainId}/routing-rules`;
      const body = { sourcePath: "/x", targetUrl: "/y", ruleType: "redirect" };
      // The token's first character, surely changed.
      const wrong = (csrfToken[0] === "A" ? "B" : "A") + csrfToken.slice(1);
      const cases: [Record<string, string>, string][] = [
        [{ cookie }, "the X-CSRF-Token header is missing"],
        [{ cookie, "x-csrf-token": wrong }, "the X-CSRF-Token header does not match the session"],
      ];
      for (const [headers, message] of cases) {
        const answer = await w.send("POST", path, { headers, body });
        expect(answer.status).toBe(403);
        expect(answer.json()).toEqual({ error: "csrf_failed", message });
      }
      const other = await w.signIn(w.users.manager);
      const foreign = await w.send("POST", path, {
        headers: { cookie, "x-csrf-token": other.csrfToken },
        body,
      });
      expect(foreign.status).toBe(403);
      const listed = await w.send("GET", path, { headers: { cookie } });
      expect(listed.status).toBe(200);
      expect(listed.json()).toMatchObject({ rules: [] });
    });

    it("refuses cross-site requests by Origin or Sec-Fetch-Site, even reads", async () => {
      const w = world();
      const { cookie, csrfToken } = await w.signIn(w.users.owner);
      const refused: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site" },
      ];
      for (const extra of refused) {
        for (const [method, path, body] of [
          ["POST", "/dashboard/api/v1/list-user-domains", {}],
          ["GET", "/dashboard/api/session", undefined],
        ] as const) {
          const answer = await w.send(method, path, {
            headers: { cookie, "x-csrf-token": csrfToken, ...extra },
            ...(body === undefined ? {} : { body }),
          });
          expect(answer.status, JSON.stringify(extra)).toBe(403);
          expect((answer.json() as { error: string }).error).toBe("csrf_failed");
        }
      }
      const same = await w.send("POST", "/dashboard/api/v1/list-user-domains", {
        headers: {
          cookie,
          "x-csrf-token": csrfToken,
          origin: `http://${SITE}`,
          "sec-fetch-site": "same-origin",
        },
        body: {},
      });
      expect(same.status).toBe(200);
    });

    it("compares the Origin's scheme and port as well as its host", async () => {
      const w = world();
      const { cookie, csrfToken } = await w.signIn(w.users.owner);
      const write = (origin: string) =>
        w.send("POST", "/dashboard/api/v1/list-user-domains", {
          headers: { cookie, "x-csrf-token": csrfToken, origin },
          body: {},
        });
      for (const origin of [
        `https://${SITE}`,
        `http://${SITE}:8080`,
        `http://${SITE}:443`,
        `http://evil.${SITE}`,
        `http://${SITE}.evil.example`,
      ]) {
        const answer = await write(origin);
        expect(answer.status, origin).toBe(403);
        expect(answer.json()).toEqual({
          error: "csrf_failed",
          message: `cross-site request refused (Origin is not http://${SITE})`,
        });
      }
      // The default port spelled out, and letter case, are the same origin.
      expect((await write(`http://${SITE.toUpperCase()}:80`)).status).toBe(200);
      // Over https (the cookie is then the __Host- one): http is another origin.
      const secure = await w.send("GET", await w.link(w.users.owner, { https: true }), {
        https: true,
      });
      const secureCookie = (secure.headers.get("set-cookie") ?? "").split(";")[0] as string;
      const token = (
        (
          await w.send("GET", "/dashboard/api/session", {
            https: true,
            headers: { cookie: secureCookie },
          })
        ).json() as { csrfToken: string }
      ).csrfToken;
      for (const [origin, status] of [
        [`https://${SITE}`, 200],
        [`http://${SITE}`, 403],
        [`https://${SITE}:8443`, 403],
      ] as const) {
        const answer = await w.send("POST", "/dashboard/api/v1/list-user-domains", {
          headers: { cookie: secureCookie, "x-csrf-token": token, origin },
          body: {},
          https: true,
        });
        expect(answer.status, origin).toBe(status);
      }
    });

    it("sign-out needs the token too, and leaves the session alive without it", async () => {
      const w = world();
      const { cookie } = await w.signIn(w.users.owner);
      const out = await w.send("POST", "/dashboard/sign-out", { headers: { cookie } });
      expect(out.status).toBe(403);
      expect(out.headers.get("set-cookie")).toBeNull();
      const cross = await w.send("POST", "/dashboard/sign-out", {
        headers: { cookie, origin: "https://evil.example" },
      });
      expect(cross.status).toBe(403);
      const session = await w.send("GET", "/dashboard/api/session", { headers: { cookie } });
      expect(session.status).toBe(200);
    });
  });
}
