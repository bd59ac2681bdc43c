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
});
