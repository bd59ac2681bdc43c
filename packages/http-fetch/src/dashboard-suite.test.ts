import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { dashboardSuite } from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";
import { createDashboardHandler } from "./dashboard-handler.js";

dashboardSuite("the fetch handler", {
  makeStores: createMemoryStores,
  bridge: async (crawlgate, assets) => {
    const handler = createDashboardHandler(crawlgate, { assets, trustProxy: true });
    return { send: handler };
  },
});

describe("the fetch handler's cookie over https", () => {
  it("is Secure when the request URL is https, even without trusting a proxy", async () => {
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate(stores);
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    const handler = createDashboardHandler(crawlgate);
    const signIn = async (origin: string, headers: Record<string, string> = {}) => {
      const { path } = await crawlgate.dashboard.signInPath(user.value.userId, origin);
      const answer = await handler(new Request(`${origin}${path}`, { headers }));
      expect(answer.status).toBe(303);
      return (answer.headers.get("set-cookie") ?? "").split("; ");
    };
    expect(await signIn("https://dash.example.test")).toContain("Secure");
    // X-Forwarded-Proto is not trusted by default.
    const plain = await signIn("http://dash.example.test", { "x-forwarded-proto": "https" });
    expect(plain).not.toContain("Secure");
  });

  it("is Secure and __Host- whenever the base URL is https, with or without a trusted proxy", async () => {
    // A TLS-terminating proxy in front: the handler sees http, the browser is on https.
    const crawlgate = createCrawlgate(createMemoryStores(), {
      baseUrl: "https://dash.example.test",
    });
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    for (const trustProxy of [false, true]) {
      const handler = createDashboardHandler(crawlgate, { trustProxy });
      const { path } = await crawlgate.dashboard.signInPath(
        user.value.userId,
        "https://dash.example.test",
      );
      const answer = await handler(new Request(`http://dash.example.test${path}`));
      expect(answer.status).toBe(303);
      const attributes = (answer.headers.get("set-cookie") ?? "").split("; ");
      expect(attributes[0]).toMatch(/^__Host-crawlgate_session=[\w-]{43}$/);
      expect(attributes).toEqual(expect.arrayContaining(["Secure", "Path=/", "HttpOnly"]));
      const session = await handler(
        new Request("http://dash.example.test/dashboard/api/session", {
          headers: { cookie: attributes[0] as string, origin: "https://dash.example.test" },
        }),
      );
      expect(session.status).toBe(200);
    }
  });
});
