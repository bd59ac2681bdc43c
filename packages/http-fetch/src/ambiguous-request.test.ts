import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, createHealth } from "@crawlgate/core";
import { beforeAll, describe, expect, it } from "vitest";
import { createDashboardHandler } from "./dashboard-handler.js";
import { createEdgeHandler } from "./edge-handler.js";
import { createFetchHandler } from "./fetch-handler.js";
import { createHealthHandler } from "./health-handler.js";

/**
 * A fetch runtime that lets two `Host` or `Transfer-Encoding` fields through hands them over
 * joined with `, ` (the Fetch standard's `Headers`): every handler answers `400
 * invalid_request` JSON with `Connection: close`.
 */
describe("fetch bridges refuse ambiguous requests", () => {
  const crawlgate = createCrawlgate(createMemoryStores());
  beforeAll(async () => {
    const user = await crawlgate.admin.createUser("owner", "pro");
    if (!user.ok) throw new Error(user.message);
    await crawlgate.admin.addDomain(user.value.userId, "site.example.com");
  });
  let origin = 0;
  const handlers = {
    api: createFetchHandler(crawlgate),
    dashboard: createDashboardHandler(crawlgate),
    health: async (request: Request) =>
      (await createHealthHandler(createHealth([]), crawlgate)(request)) ??
      new Response("not health", { status: 418 }),
    edge: createEdgeHandler(crawlgate, {
      next: async () => {
        origin++;
        return new Response("origin");
      },
    }),
  };
  const paths = {
    api: "/functions/v1/list-user-domains",
    dashboard: "/dashboard",
    health: "/healthz",
    edge: "/page",
  };
  const ambiguous: [string, string][][] = [
    [
      ["host", "site.example.com"],
      ["host", "api.example.com"],
    ],
    [
      ["host", "site.example.com"],
      ["transfer-encoding", "gzip"],
      ["transfer-encoding", "chunked"],
    ],
  ];

  it.each(Object.keys(handlers) as (keyof typeof handlers)[])("%s", async (name) => {
    for (const fields of ambiguous) {
      const headers = new Headers(fields);
      const res = await handlers[name](
        new Request(`https://site.example.com${paths[name]}`, { headers }),
      );
      expect(res.status, `${name} ${JSON.stringify(fields)}`).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("connection")).toBe("close");
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe("invalid_request");
      expect(body.message).toMatch(/more than one (Host|Transfer-Encoding)/);
    }
    expect(origin).toBe(0);
  });

  it("passes one Host on to the origin as usual", async () => {
    const res = await handlers.edge(
      new Request("https://site.example.com/page", { headers: { host: "site.example.com" } }),
    );
    expect(await res.text()).toBe("origin");
  });
});
