import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIo, main } from "./main.js";
import { type DashboardDemo, startDashboardDemo } from "./test-support/dashboard-demo.js";

function capture(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), env: {} };
}

async function run(...args: string[]) {
  const io = capture();
  const code = await main(args, io);
  return { code, out: io.lines, err: io.errors.join("\n") };
}

/** Signs in with a link: the session endpoint's answer and the cookie. */
async function signIn(url: string) {
  const answer = await fetch(url, { redirect: "manual" });
  expect(answer.status).toBe(303);
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const session = await fetch(new URL("/dashboard/api/session", url), { headers: { cookie } });
  const body = (await session.json()) as {
    user: { userId: string; name: string; plan: string };
    csrfToken: string;
  };
  return { session: body, cookie };
}

describe("dashboard-link", () => {
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-dashboard-link-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints a link; names a missing --user; refuses an unknown user and a bad --base-url", async () => {
    expect((await run("users", "create", "alice", "--data-dir", dir)).code).toBe(0);
    const printed = await run("dashboard-link", "--user", "alice", "--data-dir", dir);
    expect(printed.code).toBe(0);
    const line = JSON.parse(printed.out[0] as string);
    expect(line.user).toBe("alice");
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/dashboard\/sign-in\?token=[\w.-]+$/);
    const ttl = Date.parse(line.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    const based = await run(
      "dashboard-link",
      "--user",
      "alice",
      "--base-url",
      "https://crawlgate.example.com/",
      "--data-dir",
      dir,
    );
    expect(JSON.parse(based.out[0] as string).url).toMatch(
      /^https:\/\/crawlgate\.example\.com\/dashboard\/sign-in\?token=/,
    );
    const missing = await run("dashboard-link", "--data-dir", dir);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toMatch(/dashboard-link needs --user <user>/);
    const unknown = await run("dashboard-link", "--user", "bob", "--data-dir", dir);
    expect(unknown).toMatchObject({ code: 1, err: 'error: no user named "bob"' });
    for (const bad of ["ftp://x", "not a url", "https://x.example/sub"]) {
      const refused = await run(
        "dashboard-link",
        "--user",
        "alice",
        "--base-url",
        bad,
        "--data-dir",
        dir,
      );
      expect(refused.code, bad).toBe(1);
      expect(refused.err).toMatch(/--base-url/);
    }
  });
});

describe("serve --demo with the dashboard", () => {
  let server: DashboardDemo;
  beforeAll(async () => {
    server = await startDashboardDemo();
  }, 120_000);
  afterAll(() => server?.stop());

  it("the ready line's demo.dashboardUrl signs the owner in, once", async () => {
    const { dashboardUrl } = server.demo;
    expect(dashboardUrl.startsWith(`${server.baseUrl}/dashboard/sign-in?token=`)).toBe(true);
    const { session } = await signIn(dashboardUrl);
    expect(session.user).toMatchObject({ name: "owner", plan: "pro" });
    const again = await fetch(dashboardUrl, { redirect: "manual" });
    expect(again.status).toBe(401);
  });

  it("dashboard-link signs in the other demo users, whose roles hold through the dashboard API", async () => {
    const { session, cookie } = await signIn(await server.signInUrl("viewer"));
    expect(session.user).toMatchObject({ name: "viewer" });
    const domainId = server.demo.domains[0]?.domainId as string;
    const write = await fetch(
      `${server.baseUrl}/dashboard/api/v1/domains/${domainId}/routing-rules`,
      {
        method: "POST",
        headers: { cookie, "x-csrf-token": session.csrfToken, "content-type": "application/json" },
        body: JSON.stringify({ sourcePath: "/x", targetUrl: "/y" }),
      },
    );
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ error: "forbidden" });
    const listed = await fetch(`${server.baseUrl}/dashboard/api/v1/list-user-domains`, {
      method: "POST",
      headers: { cookie, "x-csrf-token": session.csrfToken, "content-type": "application/json" },
      body: "{}",
    });
    expect(listed.status).toBe(200);
  });

  it("serves the UI's index page under /dashboard/ (or the page saying it is not built)", async () => {
    const page = await fetch(`${server.baseUrl}/dashboard/domains/x/crawlers`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const text = await page.text();
    const built = server.logs().every((line) => !line.includes('"dashboard.ui_not_built"'));
    if (!built) expect(text).toContain("The dashboard UI is not built");
    const api = await fetch(`${server.baseUrl}/dashboard/api/session`);
    expect(api.status).toBe(401);
  });
});
