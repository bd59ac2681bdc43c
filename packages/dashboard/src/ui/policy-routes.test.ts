import { describe, expect, it } from "vitest";
import { parseRoute, routePath } from "./routes.js";

describe("the policy views' routes", () => {
  it("round-trips the crawler policy, robots compliance and revenue views with their period", () => {
    for (const view of ["policy", "robots", "revenue"] as const) {
      const text = routePath(view, "d-1", { period: "7d" });
      expect(text).toBe(`/domains/d-1/${view}?period=7d`);
      const route = parseRoute(`/domains/d-1/${view}`, "?period=7d");
      expect(route).toMatchObject({ view, domainId: "d-1" });
      expect(route.query.get("period")).toBe("7d");
    }
  });
});
