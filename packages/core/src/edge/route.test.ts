import { describe, expect, it } from "vitest";
import type { EdgeSettings } from "../ports/index.js";
import { makeRule } from "../testing/fixtures.js";
import type { RoutingRule } from "../types.js";
import { readEdgeRequest } from "./request.js";
import { createRoute } from "./route.js";

const D = "00000000-0000-4000-8000-00000000000d";
const settings = (rules: RoutingRule[]) =>
  ({ domainId: D, hostname: "example.com", rules }) as unknown as EdgeSettings;
const request = (url: string) =>
  readEdgeRequest({ host: "example.com", url }) as NonNullable<ReturnType<typeof readEdgeRequest>>;

describe("the edge's routing across rule writes", () => {
  it("answers each settings object by its own rules when the next compile reuses the previous", () => {
    const route = createRoute();
    const a = makeRule(D, { sourcePath: "/a/:x", targetUrl: "/to/:x", ruleType: "redirect" });
    const b = makeRule(D, { sourcePath: "/b", targetUrl: "/b2" });
    const before = settings([a, b]);
    expect(route(before, request("/a/1"), "https")).toMatchObject({ location: "/to/1" });
    // A rule write: the same source and target, now a proxy to an absolute URL; b's target moved.
    const proxy = { ...a, ruleType: "proxy" as const, targetUrl: "https://up.example.org/:x" };
    const after = settings([proxy, { ...b, targetUrl: "/b3" }]);
    expect(route(after, request("/a/1"), "https")).toMatchObject({
      kind: "proxy",
      upstream: "https://up.example.org/1",
    });
    expect(route(after, request("/b"), "https")).toMatchObject({ location: "/b3" });
    // The earlier settings object keeps its own index.
    expect(route(before, request("/b"), "https")).toMatchObject({ location: "/b2" });
  });
});
