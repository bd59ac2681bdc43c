import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DashboardDemo, startDashboardDemo } from "../test-support/dashboard-demo.js";

/**
 * `serve --demo` as a new user meets it: its own start-up (the rules it seeds through the API)
 * costs its users no request of their per-minute limit or monthly quota, its ready line says
 * which host is crawlgate's and which are the sites', and every demo domain answers its site.
 */

let demo: DashboardDemo;

beforeAll(async () => {
  demo = await startDashboardDemo({ args: ["--renderer", "fetch", "--rate-per-minute", "5"] });
}, 120_000);

afterAll(async () => {
  await demo?.stop();
});

function get(host: string, path: string) {
  const url = new URL(demo.baseUrl);
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, headers: { host } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("serve --demo at start", () => {
  it("leaves the owner's whole per-minute limit for the owner", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${demo.baseUrl}/functions/v1/list-user-domains`, {
        method: "POST",
        headers: { authorization: `Bearer ${demo.demo.keys.owner}` },
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("says which host is which, and every demo domain answers its site", async () => {
    expect(demo.ready.apiHosts).toEqual(["127.0.0.1"]);
    const sites = demo.ready.siteHosts as string[];
    expect(sites).toEqual(demo.demo.domains.map((d) => d.domain));
    for (const host of sites) {
      const page = await get(host, "/some/page");
      expect({ host, status: page.status, type: page.type }).toEqual({
        host,
        status: 200,
        type: "text/html; charset=utf-8",
      });
      expect(page.body).toContain(`https://${host}/`);
    }
  });

  it("shows signed-agent traffic with all three outcomes, from its own key directory", async () => {
    const [shop] = demo.demo.domains;
    const res = await fetch(`${demo.baseUrl}/functions/v1/export-crawl-analytics`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${demo.demo.keys.manager}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ domainId: shop?.domainId, period: "30d" }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as {
      domains: { signedAgents: { agent: string; botId: string; [k: string]: unknown }[] }[];
    };
    const agents = body.domains[0]?.signedAgents ?? [];
    expect(agents).toHaveLength(1);
    expect(agents[0]?.agent).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(agents[0]?.botId).toBe("signed-agent");
    for (const outcome of ["verified", "invalid", "unverified"])
      expect(agents[0]?.[outcome], outcome).toBeGreaterThan(0);
  });
});
