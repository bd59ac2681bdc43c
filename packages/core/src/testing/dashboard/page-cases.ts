import { describe, expect, it } from "vitest";
import { type DashboardSuiteOptions, useDashboardWorld } from "./world.js";

/** The UI's files, client-side routes, and the security headers of every answer. */
export function pageCases(options: DashboardSuiteOptions): void {
  describe("pages and headers", () => {
    const world = useDashboardWorld(options);

    it("serves index.html at /dashboard/ and for client routes, without a session", async () => {
      const w = world();
      for (const path of [
        "/dashboard/",
        "/dashboard/domains/abc/crawlers",
        "/dashboard/signed-out",
      ]) {
        const answer = await w.send("GET", path);
        expect(answer.status, path).toBe(200);
        expect(answer.text).toBe("<!doctype html><title>UI</title>");
        expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(answer.headers.get("cache-control")).toBe("no-cache");
      }
      const bare = await w.send("GET", "/dashboard");
      expect(bare.status).toBe(308);
      expect(bare.headers.get("location")).toBe("/dashboard/");
    });

    it("serves hashed files as immutable; a missing file is 404", async () => {
      const w = world();
      const script = await w.send("GET", "/dashboard/assets/app-1234.js");
      expect(script.status).toBe(200);
      expect(script.text).toBe("console.log(1)");
      expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const missing = await w.send("GET", "/dashboard/assets/nope.js");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const post = await w.send("POST", "/dashboard/", { body: {} });
      expect(post.status).toBe(405);
    });

    it("puts the security headers on pages, files, redirects and JSON", async () => {
      const w = world();
      const { cookie } = await w.signIn(w.users.owner);
      const answers = [
        await w.send("GET", "/dashboard/"),
        await w.send("GET", "/dashboard/assets/app-1234.js"),
        await w.send("GET", "/dashboard/nope.css"),
        await w.send("GET", await w.link(w.users.owner)),
        await w.send("GET", "/dashboard/sign-in?token=x"),
        await w.send("GET", "/dashboard/api/session", { headers: { cookie } }),
        await w.send("GET", "/dashboard/api/session"),
      ];
      for (const answer of answers) {
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
        expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
        expect(answer.headers.get("x-frame-options")).toBe("DENY");
        const csp = answer.headers.get("content-security-policy") ?? "";
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain("unsafe-inline");
        expect(csp).not.toContain("unsafe-eval");
      }
      const page = answers[0]?.headers.get("content-security-policy") ?? "";
      expect(page).toContain("script-src 'self'");
      expect(page).toContain("default-src 'none'");
      // Snapshot previews take their page's https base; nothing else may set one.
      expect(page).toContain("base-uri https:;");
      expect(page).toContain("form-action 'self'");
    });
  });
}
