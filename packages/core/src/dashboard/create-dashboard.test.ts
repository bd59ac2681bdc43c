import { createMemoryStores } from "@crawlgate/adapter-memory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCrawlgate } from "../crawlgate.js";
import type { ApiRequest } from "../http/types.js";
import { createFakeClock } from "../testing/fixtures.js";
import { TEST_ASSETS } from "../testing/index.js";

/** Hostile requests to the dashboard: never a 500, never a throw; its API answers JSON. */
describe("the dashboard handler under arbitrary requests", () => {
  it("answers everything below 500, JSON with a string error under /dashboard/api", async () => {
    const clock = createFakeClock();
    const crawlgate = createCrawlgate({ ...createMemoryStores(), clock });
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    const dashboard = crawlgate.dashboard.create({ assets: TEST_ASSETS });
    const link = await crawlgate.dashboard.signInPath(user.value.userId, "http://dash.test");
    const token = link.path.slice(link.path.indexOf("token=") + 6);
    const signedIn = await dashboard.handle(request("GET", link.path, { token }));
    const cookie = (signedIn.headers["set-cookie"] ?? "").split(";")[0] as string;

    const path = fc.oneof(
      fc.constantFrom(
        "/dashboard",
        "/dashboard/",
        "/dashboard/sign-in",
        "/dashboard/sign-out",
        "/dashboard/api",
        "/dashboard/api/session",
        "/dashboard/api/v1/list-user-domains",
        "/dashboard/api/v1/get-snapshot",
        "/dashboard/api/v1/files/x",
        "/dashboard/api/v1/openapi.json",
        "/dashboard/assets/app-1234.js",
        "/dashboard/../etc/passwd",
        "/dashboard/%2e%2e/x",
        "/elsewhere",
      ),
      fc
        .tuple(fc.constantFrom("/dashboard/", "/dashboard/api/", "/dashboard/api/v1/"), fc.string())
        .map(([prefix, tail]) => prefix + tail),
    );
    const headerValue = fc.oneof(fc.string({ maxLength: 80 }), fc.constant(cookie));
    const headers = fc.record(
      {
        cookie: fc.oneof(
          headerValue,
          fc.string().map((s) => `crawlgate_session=${s}`),
        ),
        origin: fc.oneof(fc.string(), fc.constant("http://dash.test"), fc.constant("null")),
        "sec-fetch-site": fc.constantFrom("same-origin", "cross-site", "none", "same-site", ""),
        "x-csrf-token": fc.string({ maxLength: 60 }),
        "content-type": fc.constantFrom("application/json", "text/plain", ""),
        host: fc.constantFrom("dash.test", "", "evil.test"),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "HEAD", "POST", "PATCH", "DELETE", "PUT", "OPTIONS", "BREW"),
        path,
        fc.oneof(fc.string(), fc.constant(token)),
        headers,
        fc.option(fc.uint8Array({ maxLength: 64 }), { nil: null }),
        async (method, p, query, h, body) => {
          clock.advance(1000);
          const answer = await dashboard.handle({
            ...request(method, p, { token: query }),
            headers: h,
            body,
          });
          expect(answer.status).toBeLessThan(500);
          expect(answer.headers["x-content-type-options"]).toBe("nosniff");
          if (p.startsWith("/dashboard/api") && answer.status >= 400) {
            expect(answer.headers["content-type"]).toContain("application/json");
            expect(typeof JSON.parse(String(answer.body)).error).toBe("string");
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

function request(method: string, path: string, query: Record<string, string>): ApiRequest {
  const q = path.indexOf("?");
  return {
    method,
    path: q >= 0 ? path.slice(0, q) : path,
    query,
    headers: {},
    body: null,
    origin: "http://dash.test",
  };
}

describe("signInPath", () => {
  it("issues links for crawlgate's own hosts only, and only for http(s) origins", async () => {
    const crawlgate = createCrawlgate(createMemoryStores(), { apiHosts: ["api.example.com"] });
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    const added = await crawlgate.admin.addDomain(user.value.userId, "shop.example.com");
    if (!added.ok) throw new Error(added.message);
    const { userId } = user.value;
    for (const origin of ["https://api.example.com", "http://127.0.0.1:8787", "http://localhost"])
      await expect(crawlgate.dashboard.signInPath(userId, origin)).resolves.toMatchObject({
        path: expect.stringMatching(/^\/dashboard\/sign-in\?token=/),
      });
    await expect(
      crawlgate.dashboard.signInPath(userId, "https://Shop.Example.com"),
    ).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/^https:\/\/shop\.example\.com is a served domain's address/),
    });
    await expect(crawlgate.dashboard.signInPath(userId, "ftp://x")).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});
