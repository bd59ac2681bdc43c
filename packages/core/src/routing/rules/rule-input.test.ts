import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRulePatch, parseCreateRule, parsePatchRule, type RuleDraft } from "./rule-input.js";
import { checkSourceGrammar, sourceKey } from "./source-grammar.js";

const HOST = "example.com";
const DOMAIN_ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const create = (body: unknown) => parseCreateRule(body, HOST, DOMAIN_ID);

describe("create validation", () => {
  it("applies defaults and trims", () => {
    expect(create({ sourcePath: " /a ", targetUrl: " /b ", notes: "  " })).toEqual({
      ok: true,
      value: {
        sourcePath: "/a",
        targetUrl: "/b",
        ruleType: "redirect",
        redirectCode: 301,
        priority: 0,
        isActive: true,
        notes: null,
      },
    });
    expect(
      create({
        sourcePath: "/a",
        targetUrl: "https://x.example.org/",
        ruleType: "proxy",
        redirectCode: null,
      }),
    ).toMatchObject({
      ok: true,
      value: { ruleType: "proxy", redirectCode: null },
    });
  });

  it.each([
    [{ targetUrl: "/b" }, "sourcePath is required and must be a string"],
    [{ sourcePath: "/a" }, "targetUrl is required and must be a string"],
    [{ sourcePath: "a", targetUrl: "/b" }, 'sourcePath must start with "/"'],
    [{ sourcePath: "   ", targetUrl: "/b" }, "sourcePath must not be empty"],
    [
      { sourcePath: `/${"x".repeat(2048)}`, targetUrl: "/b" },
      "sourcePath must be at most 2048 characters",
    ],
    [
      { sourcePath: "/a b", targetUrl: "/b" },
      "sourcePath must not contain white space or control characters",
    ],
    [{ sourcePath: "/a#b", targetUrl: "/b" }, 'sourcePath must not contain "#"'],
    [
      { sourcePath: "/a", targetUrl: "//evil.example.org" },
      'targetUrl must be a path on the domain (not starting with "//") or a full URL',
    ],
    [
      { sourcePath: "/a", targetUrl: "/b", ruleType: "rewrite" },
      'ruleType must be "redirect" or "proxy"',
    ],
    [{ sourcePath: "/a", targetUrl: "/b", redirectCode: 308 }, "redirectCode must be 301 or 302"],
    [{ sourcePath: "/a", targetUrl: "/b", redirectCode: "301" }, "redirectCode must be 301 or 302"],
    [
      {
        sourcePath: "/a",
        targetUrl: "https://x.example.org/",
        ruleType: "proxy",
        redirectCode: 301,
      },
      "redirectCode applies to redirects only; omit it for a proxy",
    ],
    [
      { sourcePath: "/a", targetUrl: "/b", priority: 2 ** 31 },
      "priority must be between -2147483648 and 2147483647",
    ],
    [{ sourcePath: "/a", targetUrl: "/b", priority: 0.5 }, "priority must be an integer"],
    [{ sourcePath: "/a", targetUrl: "/b", isActive: "true" }, "isActive must be true or false"],
    [
      { sourcePath: "/a", targetUrl: "/b", notes: "x".repeat(2001) },
      "notes must be at most 2000 characters",
    ],
    [{ sourcePath: "/a", targetUrl: "/b", extra: 1, more: 2 }, "unknown fields: extra, more"],
    [
      { sourcePath: "/a", targetUrl: "/b", domainId: "00000000-0000-4000-8000-000000000000" },
      "domainId in the body must match the path; a rule cannot move domains",
    ],
    [[], "request body must be a JSON object"],
  ])("refuses %j", (body, message) => {
    expect(create(body)).toEqual({ ok: false, message });
  });

  it("accepts the path's own domainId and 2,048-character fields", () => {
    expect(
      create({ sourcePath: "/a", targetUrl: "/b", domainId: DOMAIN_ID.toUpperCase() }).ok,
    ).toBe(true);
    expect(
      create({ sourcePath: `/${"x".repeat(2047)}`, targetUrl: `/${"y".repeat(2047)}` }).ok,
    ).toBe(true);
  });

  it("never throws, whatever the body", () => {
    const fields = fc.record(
      {
        sourcePath: fc.oneof(fc.string(), fc.jsonValue()),
        targetUrl: fc.oneof(fc.string(), fc.webUrl(), fc.jsonValue()),
        ruleType: fc.oneof(fc.constantFrom("redirect", "proxy"), fc.jsonValue()),
        redirectCode: fc.oneof(fc.constantFrom(301, 302, null), fc.jsonValue()),
        priority: fc.oneof(fc.integer(), fc.double(), fc.jsonValue()),
        isActive: fc.oneof(fc.boolean(), fc.jsonValue()),
        notes: fc.oneof(fc.string(), fc.constant(null), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fields, fc.jsonValue()), (body) => {
        const result = create(body);
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
        const patch = parsePatchRule(body, DOMAIN_ID);
        if (patch.ok) applyRulePatch(base, patch.value, HOST);
      }),
      { numRuns: 1000 },
    );
  });
});

const base: RuleDraft = {
  sourcePath: "/a",
  targetUrl: "/local",
  ruleType: "redirect",
  redirectCode: 302,
  priority: 1,
  isActive: true,
  notes: "n",
};
const patch = (body: Record<string, unknown>, from: RuleDraft = base) => {
  const parsed = parsePatchRule(body, DOMAIN_ID);
  if (!parsed.ok) return parsed;
  return applyRulePatch(from, parsed.value, HOST);
};

describe("patch and the type-change table", () => {
  it("changes only what is sent", () => {
    expect(patch({})).toEqual({ ok: true, value: base });
    expect(patch({ priority: 5, notes: null })).toEqual({
      ok: true,
      value: { ...base, priority: 5, notes: null },
    });
    expect(patch({ notes: "" })).toMatchObject({ value: { notes: null } });
    expect(patch({ targetUrl: "https://other.example.org/x" })).toMatchObject({
      value: { targetUrl: "https://other.example.org/x", redirectCode: 302 },
    });
  });

  it("redirect → proxy re-validates the target as a proxy target and clears redirectCode", () => {
    expect(patch({ ruleType: "proxy" })).toMatchObject({ ok: false });
    expect(
      patch({ ruleType: "proxy" }).ok
        ? ""
        : (patch({ ruleType: "proxy" }) as { message: string }).message,
    ).toMatch(/send a new full URL/);
    expect(patch({ ruleType: "proxy", targetUrl: "https://up.example.org/" })).toEqual({
      ok: true,
      value: {
        ...base,
        ruleType: "proxy",
        targetUrl: "https://up.example.org/",
        redirectCode: null,
      },
    });
    const fromUrl = { ...base, targetUrl: "https://up.example.org/" };
    expect(patch({ ruleType: "proxy" }, fromUrl)).toMatchObject({
      ok: true,
      value: { redirectCode: null },
    });
    expect(patch({ ruleType: "proxy" }, { ...base, targetUrl: "http://10.0.0.1/" }).ok).toBe(false);
    expect(patch({ ruleType: "proxy", redirectCode: 301 }, fromUrl).ok).toBe(false);
    expect(patch({ ruleType: "proxy", redirectCode: null }, fromUrl).ok).toBe(true);
  });

  it("proxy → redirect keeps the target unless sent and sets 301 unless 302 is sent", () => {
    const proxy: RuleDraft = {
      ...base,
      ruleType: "proxy",
      redirectCode: null,
      targetUrl: "https://up.example.org/",
    };
    expect(patch({ ruleType: "redirect" }, proxy)).toEqual({
      ok: true,
      value: { ...proxy, ruleType: "redirect", redirectCode: 301 },
    });
    expect(patch({ ruleType: "redirect", redirectCode: 302 }, proxy)).toMatchObject({
      value: { redirectCode: 302 },
    });
    expect(patch({ ruleType: "redirect", targetUrl: "/here" }, proxy)).toMatchObject({
      value: { targetUrl: "/here" },
    });
    expect(patch({ redirectCode: 302 }, proxy).ok).toBe(false);
    expect(patch({ targetUrl: "http://localhost/" }, proxy).ok).toBe(false);
    expect(patch({ targetUrl: "/path" }, proxy).ok).toBe(false);
  });

  it("refuses a null redirectCode on a redirect, bad fields and another domainId", () => {
    expect(patch({ redirectCode: null }).ok).toBe(false);
    expect(patch({ sourcePath: "/:p*/x" }).ok).toBe(false);
    expect(patch({ domainId: "00000000-0000-4000-8000-000000000000" }).ok).toBe(false);
    expect(patch({ domainId: DOMAIN_ID }).ok).toBe(true);
    expect(patch({ isActive: null }).ok).toBe(false);
  });
});

describe("source grammar", () => {
  it.each([
    "/",
    "/page",
    "/blog/*",
    "/docs/:slug",
    "/docs/:path*",
    "/docs/:path+",
    "/shop/*/sale",
    "/gallery-*",
    "/:path*/",
    "/page?a=1&b=2",
    "/a/:x/b/:y",
    "/x:y",
    "/*",
  ])("accepts %s", (source) => {
    expect(checkSourceGrammar(source)).toEqual({ ok: true });
  });

  it.each([
    ["/:path*/more", "may only be the last segment"],
    ["/:p+/x", "may only be the last segment"],
    ["/:", "empty name"],
    ["/:*", "empty name"],
    ["/:a/:a", 'captures ":a" twice'],
    ["/:1abc", "must be"],
    ["/a//b", "empty segments"],
    ["/a**", "at most one *"],
  ])("refuses %s", (source, why) => {
    const result = checkSourceGrammar(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(why);
  });
});

describe("sourceKey", () => {
  it("ignores case and one trailing slash, except where the slash is significant", () => {
    expect(sourceKey("/Pricing/")).toBe("/pricing");
    expect(sourceKey("/")).toBe("/");
    expect(sourceKey("/:path*/")).toBe("/:path*/");
    expect(sourceKey("/:path*")).toBe("/:path*");
    expect(sourceKey("/blog/*/")).toBe("/blog/*/");
    expect(sourceKey("/Page?A=1")).toBe("/page?a=1");
  });

  it("is idempotent and case-blind", () => {
    fc.assert(
      // Over sources the grammar accepts: empty segments (`//`) are refused on write, and
      // `/a//` keys as `/a/` (one trailing slash is ignored, not every one).
      fc.property(
        fc.string().filter((s) => !`/${s}`.includes("//")),
        (s) => {
          const path = `/${s}`;
          expect(sourceKey(sourceKey(path))).toBe(sourceKey(path));
          expect(sourceKey(path.toUpperCase())).toBe(sourceKey(path.toLowerCase()));
        },
      ),
    );
  });
});
