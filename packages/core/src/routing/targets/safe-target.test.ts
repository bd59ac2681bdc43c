import { describe, expect, it } from "vitest";
import type { RoutingRule } from "../../types.js";
import { compileRuleIndex } from "../matcher/rule-index.js";
import { redirectTargetField } from "../rules/rule-fields.js";
import { collapseLeadingSlashes, safeCapture } from "./safe-target.js";

function rule(sourcePath: string, targetUrl: string, ruleType: "redirect" | "proxy" = "redirect") {
  const at = new Date("2026-01-01T00:00:00Z");
  return {
    ruleId: sourcePath,
    domainId: "d",
    sourcePath,
    targetUrl,
    ruleType,
    redirectCode: ruleType === "redirect" ? 301 : null,
    priority: 0,
    isActive: true,
    notes: null,
    createdAt: at,
    updatedAt: at,
  } as RoutingRule;
}

const index = compileRuleIndex([
  rule("/a/*", "/*"),
  rule("/b/:x", "/:x/y"),
  rule("/c/:p*", "/:p*"),
  rule("/d/*", "/"),
  rule("/e/:p+", "https://up.example.org/base/:p+", "proxy"),
  rule("/f/:x", "https://www.example.org/:x"),
]);
const target = (path: string) => index.match({ path, query: "" })?.target;

describe("targets built from captures stay on the rule's origin", () => {
  it.each([
    ["/a//evil.com", "/evil.com"],
    ["/a///evil.com", "/evil.com"],
    ["/a/\\evil.com", "/%5Cevil.com"],
    ["/a/\\\\evil.com", "/%5C%5Cevil.com"],
    ["/b/\\evil.com", "/%5Cevil.com/y"],
    ["/c//evil.com", "/evil.com"],
    ["/d//evil.com", "/evil.com"],
    ["/d/\\evil.com", "/%5Cevil.com"],
    ["/a/\t/evil.com", "/%09/evil.com"],
    ["/a/%09/evil.com", "/%09/evil.com"],
    ["/a/x\r\nSet-Cookie:a=b", "/x%0D%0ASet-Cookie:a=b"],
    ["/a/%2F%2Fevil.com", "/%2F%2Fevil.com"],
  ])("a relative redirect for %j is %j", (path, location) => {
    expect(target(path)).toBe(location);
    expect(new URL(location, "https://site.example/p/q").origin).toBe("https://site.example");
  });

  it("resolves dot segments inside a capture, never above where the template puts it", () => {
    expect(target("/e/../../admin")).toBe("https://up.example.org/base/admin");
    expect(target("/e/%2e%2E/secret")).toBe("https://up.example.org/base/secret");
    expect(target("/e/a/./b/../c")).toBe("https://up.example.org/base/a/c");
    expect(target("/f/..")).toBe("https://www.example.org/");
    expect(target("/f/.x")).toBe("https://www.example.org/.x");
  });

  it("never applies a stored rule whose target puts a capture in the host, and refuses it", () => {
    const stored = compileRuleIndex([rule("/u/:user", "https://:user.example.org/")]);
    expect(stored.match({ path: "/u/evil.com?", query: "" })).toBeNull();
    expect(redirectTargetField("https://*.example.org/").ok).toBe(false);
    expect(redirectTargetField("https://:user.example.org/").ok).toBe(false);
    expect(redirectTargetField("https://example.org:8080/:user").ok).toBe(true);
  });

  it("leaves ordinary captures as they are", () => {
    expect(safeCapture("a/b-c_d~e%20f")).toBe("a/b-c_d~e%20f");
    expect(safeCapture("é")).toBe("%C3%A9");
    expect(collapseLeadingSlashes("/a//b")).toBe("/a//b");
    expect(collapseLeadingSlashes("/\\/x")).toBe("/x");
  });
});

describe("captures in a target's authority", () => {
  it("skips a stored rule that fills an IPv6 literal from a capture", () => {
    const stored = compileRuleIndex([rule("/u/:a", "https://[::a]/x")]);
    expect(stored.match({ path: "/u/1", query: "" })).toBeNull();
    expect(redirectTargetField("http://[::ffff:8.8.8.8]/:x").ok).toBe(true);
  });
});
