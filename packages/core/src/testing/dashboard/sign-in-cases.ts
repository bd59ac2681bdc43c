import { describe, expect, it } from "vitest";
import {
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  SIGN_IN_CLOCK_SKEW_MS,
  SIGN_IN_LINK_TTL_MS,
} from "../../dashboard/lifetimes.js";
import {
  type DashboardSuiteOptions,
  type DashboardWorld,
  SITE,
  useDashboardWorld,
} from "./world.js";

/** Sign-in by link, its single use and expiry, the cookie, the session endpoint, sign-out. */
export function signInCases(options: DashboardSuiteOptions): void {
  describe("sign-in and session", () => {
    const world = useDashboardWorld(options);

    it("a link sets an HttpOnly, SameSite=Strict cookie and sends the browser to /dashboard/", async () => {
      const w = world();
      const answer = await w.send("GET", await w.link(w.users.owner));
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/dashboard/");
      const cookie = answer.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^crawlgate_session=[A-Za-z0-9_-]{43}; /);
      const attributes = cookie.split("; ").slice(1);
      expect(attributes).toEqual(
        expect.arrayContaining(["Path=/dashboard", "HttpOnly", "SameSite=Strict"]),
      );
      expect(attributes).not.toContain("Secure");
      expect(attributes).toContain(`Max-Age=${SESSION_MAX_MS / 1000}`);
    });

    it("over https the cookie is __Host-crawlgate_session: Secure, Path=/; the unprefixed name is ignored there", async () => {
      const w = world();
      const answer = await w.send("GET", await w.link(w.users.owner, { https: true }), {
        https: true,
      });
      expect(answer.status).toBe(303);
      const cookie = answer.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^__Host-crawlgate_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie.split("; ")).toEqual(expect.arrayContaining(["Secure", "Path=/"]));
      expect(cookie).not.toContain("Domain");
      const id = (cookie.split(";")[0] as string).split("=")[1] as string;
      const session = (cookieHeader: string) =>
        w.send("GET", "/dashboard/api/session", { https: true, headers: { cookie: cookieHeader } });
      expect((await session(`__Host-crawlgate_session=${id}`)).status).toBe(200);
      // A subdomain could set the unprefixed cookie: over https it names no session.
      expect((await session(`crawlgate_session=${id}`)).status).toBe(401);
    });

    it("a link opened from another site gets a page that POSTs it; the link is spent only by that POST", async () => {
      const w = world();
      const link = await w.link(w.users.owner);
      const token = decodeURIComponent(link.slice(link.indexOf("token=") + 6));
      for (const site of ["cross-site", "same-site"]) {
        const page = await w.send("GET", link, { headers: { "sec-fetch-site": site } });
        expect(page.status).toBe(200);
        expect(page.headers.get("set-cookie")).toBeNull();
        expect(page.headers.get("cache-control")).toBe("no-store");
        expect(page.text).toContain('<form method="post" action="/dashboard/sign-in">');
        expect(page.text).toContain(`name="token" value="${token}"`);
      }
      // Another site cannot post it either (login CSRF): refused, nothing spent.
      const forged = await w.send("POST", "/dashboard/sign-in", {
        form: `token=${encodeURIComponent(token)}`,
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(forged.status).toBe(403);
      expect(forged.headers.get("set-cookie")).toBeNull();
      const posted = await w.send("POST", "/dashboard/sign-in", {
        form: `token=${encodeURIComponent(token)}`,
        headers: { "sec-fetch-site": "same-origin" },
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get("location")).toBe("/dashboard/");
      expect(posted.headers.get("set-cookie")).toMatch(/^crawlgate_session=/);
      // Typed in or opened from an app (Sec-Fetch-Site: none): signs in at once, once.
      expect((await w.send("GET", link, { headers: { "sec-fetch-site": "none" } })).status).toBe(
        401,
      );
      const fresh = await w.link(w.users.owner);
      const direct = await w.send("GET", fresh, { headers: { "sec-fetch-site": "none" } });
      expect(direct.status).toBe(303);
    });

    it("a used link is remembered past its expiry by the clock-skew margin", async () => {
      const w = world();
      const link = await w.link(w.users.owner);
      const linkExpiry = w.clock.now().getTime() + SIGN_IN_LINK_TTL_MS;
      expect((await w.send("GET", link)).status).toBe(303);
      // Retention on an instance whose clock is ahead, just inside the margin: kept.
      const ahead = new Date(linkExpiry + SIGN_IN_CLOCK_SKEW_MS - 1);
      expect((await w.stores.dashboardSessions.deleteExpired(ahead, new Date(0))).tokens).toBe(0);
      // An instance whose clock is behind still takes the link as unexpired: refused as used.
      w.clock.set(new Date(linkExpiry - 1_000));
      expect((await w.send("GET", link)).status).toBe(401);
      const after = new Date(linkExpiry + SIGN_IN_CLOCK_SKEW_MS);
      expect((await w.stores.dashboardSessions.deleteExpired(after, new Date(0))).tokens).toBe(1);
    });

    it("two session cookies (one planted for a narrower path) are treated as signed out", async () => {
      const w = world();
      const real = await w.signIn(w.users.owner);
      const planted = await w.signIn(w.users.viewer);
      const plantedPair = planted.cookie;
      // A browser sends the cookie of the longer path first: the planted one leads.
      for (const cookie of [`${plantedPair}; ${real.cookie}`, `${real.cookie}; ${plantedPair}`]) {
        const session = await w.send("GET", "/dashboard/api/session", { headers: { cookie } });
        expect(session.status).toBe(401);
        expect(session.json()).toEqual({
          error: "unauthorized",
          message:
            "more than one dashboard session cookie was sent: clear this site's cookies, then sign in again",
        });
        const write = await w.send(
          "POST",
          `/dashboard/api/v1/domains/${w.domainId}/routing-rules`,
          {
            headers: { cookie, "x-csrf-token": real.csrfToken },
            body: { sourcePath: "/x", targetUrl: "/y", ruleType: "redirect" },
          },
        );
        expect(write.status).toBe(401);
      }
      // Each alone is still its own session.
      const alone = await w.send("GET", "/dashboard/api/session", {
        headers: { cookie: real.cookie },
      });
      expect(alone.status).toBe(200);
    });

    it("the session endpoint names the user and gives the CSRF token", async () => {
      const w = world();
      const { cookie, csrfToken } = await w.signIn(w.users.viewer);
      const answer = await w.send("GET", "/dashboard/api/session", { headers: { cookie } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.json()).toEqual({
        user: { userId: w.users.viewer.userId, name: "viewer", plan: "pro" },
        csrfToken,
      });
      expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it("without a valid session the session endpoint answers 401 unauthorized", async () => {
      const w = world();
      for (const headers of [{}, { cookie: `crawlgate_session=${"A".repeat(43)}` }] as Record<
        string,
        string
      >[]) {
        const answer = await w.send("GET", "/dashboard/api/session", { headers });
        expect(answer.status).toBe(401);
        expect(answer.json()).toEqual({
          error: "unauthorized",
          message: "no dashboard session: sign in first",
        });
      }
    });

    it("a link works once: used again it is refused with a page saying so, and no cookie", async () => {
      const w = world();
      const link = await w.link(w.users.owner);
      expect((await w.send("GET", link)).status).toBe(303);
      const again = await w.send("GET", link);
      expect(again.status).toBe(401);
      expect(again.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(again.text).toContain("This sign-in link was used already");
      expect(again.headers.get("set-cookie")).toBeNull();
    });

    it("an expired link is refused", async () => {
      const w = world();
      const link = await w.link(w.users.owner);
      w.clock.advance(SIGN_IN_LINK_TTL_MS);
      const answer = await w.send("GET", link);
      expect(answer.status).toBe(401);
      expect(answer.text).toContain("This sign-in link has expired");
      expect(answer.headers.get("set-cookie")).toBeNull();
    });

    it("a tampered link, or none, is refused as not valid (and spends nothing)", async () => {
      const w = world();
      const link = await w.link(w.users.owner);
      const token = link.slice(link.indexOf("token=") + 6);
      const parts = token.split(".");
      const sig = parts[5] as string;
      // The signature's first character, surely changed.
      parts[5] = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
      const forged = [
        parts.join("."),
        token.replace(w.users.owner.userId, w.users.manager.userId),
        "",
        "not-a-token",
      ];
      for (const bad of forged) {
        const answer = await w.send("GET", `/dashboard/sign-in?token=${encodeURIComponent(bad)}`);
        expect(answer.status).toBe(400);
        expect(answer.text).toContain("This sign-in link is not valid");
        expect(answer.headers.get("set-cookie")).toBeNull();
      }
      expect((await w.send("GET", "/dashboard/sign-in")).status).toBe(400);
      expect((await w.send("GET", link)).status).toBe(303);
    });

    it("a link opened at another origin than its own is refused with a page naming it, and not spent", async () => {
      const w = world();
      const link = await w.link(w.users.owner);
      const token = decodeURIComponent(link.slice(link.indexOf("token=") + 6));
      const elsewhere: [string, Parameters<DashboardWorld["send"]>[2]][] = [
        // Another host the dashboard answers on, another port, the same host over https.
        ["another host", { headers: { "x-forwarded-host": "other.example.test" } }],
        ["another port", { headers: { "x-forwarded-host": `${SITE}:8443` } }],
        ["another scheme", { https: true }],
      ];
      for (const [what, init] of elsewhere) {
        for (const [method, target, extra] of [
          ["GET", link, {}],
          ["POST", "/dashboard/sign-in", { form: `token=${encodeURIComponent(token)}` }],
        ] as const) {
          const answer = await w.send(method, target, { ...init, ...extra });
          expect(answer.status, `${what} ${method}`).toBe(400);
          expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
          expect(answer.text).toContain("This sign-in link is for another address");
          expect(answer.text).toContain(`http://${SITE}/dashboard`);
          expect(answer.headers.get("set-cookie")).toBeNull();
        }
      }
      // Not spent: it still signs in where it was issued for.
      expect((await w.send("GET", link)).status).toBe(303);
    });

    it("sign-in takes GET and POST: a HEAD (a link preview) does not spend the link", async () => {
      const w = world();
      const link = await w.link(w.users.owner);
      const head = await w.send("HEAD", link);
      expect(head.status).toBe(405);
      expect(head.headers.get("allow")).toBe("GET, POST");
      expect((await w.send("GET", link)).status).toBe(303);
    });

    it("sign-out ends the session server side and clears the cookie", async () => {
      const w = world();
      const { cookie, csrfToken } = await w.signIn(w.users.owner);
      const out = await w.send("POST", "/dashboard/sign-out", {
        headers: { cookie, "x-csrf-token": csrfToken },
      });
      expect(out.status).toBe(303);
      expect(out.headers.get("location")).toBe("/dashboard/signed-out");
      expect(out.headers.get("set-cookie")).toMatch(
        /^crawlgate_session=; Path=\/dashboard; Max-Age=0;/,
      );
      const after = await w.send("GET", "/dashboard/api/session", { headers: { cookie } });
      expect(after.status).toBe(401);
    });

    it("a session ends after 12 idle hours, and 7 days after sign-in however active", async () => {
      const w = world();
      const start = w.clock.now().getTime();
      const idle = await w.signIn(w.users.owner);
      const busy = await w.signIn(w.users.manager);
      const session = (cookie: string) =>
        w.send("GET", "/dashboard/api/session", { headers: { cookie } });
      w.clock.advance(SESSION_IDLE_MS - 1);
      expect((await session(busy.cookie)).status).toBe(200);
      w.clock.advance(1);
      expect((await session(idle.cookie)).status).toBe(401);
      // Active every 11 hours: alive until 7 days after its sign-in, not a moment longer.
      const end = start + SESSION_MAX_MS;
      while (w.clock.now().getTime() + 11 * 3600_000 < end) {
        w.clock.advance(11 * 3600_000);
        expect((await session(busy.cookie)).status).toBe(200);
      }
      w.clock.set(new Date(end - 1));
      expect((await session(busy.cookie)).status).toBe(200);
      w.clock.set(new Date(end));
      expect((await session(busy.cookie)).status).toBe(401);
    });

    it("revoking the user's API keys does not end a dashboard session", async () => {
      const w = world();
      const { cookie } = await w.signIn(w.users.owner);
      const revoked = await w.crawlgate.admin.revokeKey(w.users.owner.key);
      expect(revoked.ok).toBe(true);
      const answer = await w.send("GET", "/dashboard/api/session", { headers: { cookie } });
      expect(answer.status).toBe(200);
    });
  });
}
