import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContentPreferences } from "../policy/content-signals.js";
import { compilePathPattern, policyPath } from "../policy/path-pattern.js";
import { compileRobotsPattern } from "./match.js";
import { mergeRobots } from "./merge.js";
import { normalizeRobotsPath } from "./normalize.js";
import { SET_BY_POLICY_PREFIX, SIGNALS_COMMENT, SIGNALS_HEADER } from "./signal-merge.js";
import { robotsPathOf } from "./signal-paths.js";

const prefs = (fields: Partial<ContentPreferences>): ContentPreferences => ({
  contentSignals: { search: null, aiInput: null, aiTrain: null },
  contentSignalPaths: [],
  licenseUrl: null,
  ...fields,
});
const override = (path: string, fields: Partial<ContentPreferences["contentSignals"]>) => ({
  path,
  search: null,
  aiInput: null,
  aiTrain: null,
  ...fields,
});
const SITE = prefs({
  contentSignals: { search: "yes", aiInput: "yes", aiTrain: "no" },
  contentSignalPaths: [
    override("/blog/*", { aiTrain: "yes" }),
    override("/p/:id/reviews", { search: "no", aiInput: "no" }),
    override("/drafts/*", { aiInput: "no" }),
  ],
  licenseUrl: "https://shop.example.com/license.xml",
});

describe("robotsPathOf", () => {
  it("maps routing patterns to robots.txt paths", () => {
    expect(robotsPathOf("/blog/*")).toBe("/blog/");
    expect(robotsPathOf("/blog/:rest*")).toBe("/blog/");
    expect(robotsPathOf("/blog/:rest+/")).toBe("/blog/");
    expect(robotsPathOf("/p/:id/reviews")).toBe("/p/*/reviews");
    expect(robotsPathOf("/p/*/reviews")).toBe("/p/*/reviews");
    expect(robotsPathOf("/gallery-*.jpg")).toBe("/gallery-*.jpg");
    expect(robotsPathOf("/Docs/")).toBe("/docs");
    expect(robotsPathOf("/a$b")).toBe("/a%24b");
    expect(robotsPathOf("/café")).toBe("/caf%C3%A9");
    expect(robotsPathOf("/")).toBe("/$");
    expect(robotsPathOf("blog")).toBeNull();
  });

  it("covers every lowercase path the pattern matches (with its trailing slash)", () => {
    const segment = fc.constantFrom("blog", "p", ":id", "*", "x-*", "reviews");
    const last = fc.constantFrom("", "/:rest*", "/:rest+", "/*");
    const path = fc
      .array(fc.constantFrom("blog", "p", "x-1", "x-", "7", "reviews"), { maxLength: 4 })
      .map((s) => `/${s.join("/")}`);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 3 }), last, path, (s, l, p) => {
        const source = `/${s.join("/")}${l}`;
        const matcher = compilePathPattern(source);
        const robots = robotsPathOf(source);
        if (!matcher || robots === null || !matcher(policyPath(p))) return;
        const withSlash = p.endsWith("/") ? p : `${p}/`;
        expect(compileRobotsPattern(robots).test(normalizeRobotsPath(withSlash))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("mergeRobots with content preferences", () => {
  it("writes the comment, the licence, and the lines into the origin's first * group", () => {
    const origin = "User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /admin\n";
    const merged = mergeRobots(origin, [], [], SITE);
    expect(merged.split("\n")).toEqual([
      ...SIGNALS_COMMENT,
      "License: https://shop.example.com/license.xml",
      "",
      "# crawlgate: the origin's robots.txt follows",
      "User-agent: GPTBot",
      "Allow: /",
      "",
      "User-agent: *",
      SIGNALS_HEADER,
      "Content-Signal: search=yes, ai-input=yes, ai-train=no",
      "Content-Usage: train-ai=n, search=y",
      "Content-Usage: /blog/ train-ai=y, search=y",
      "Content-Usage: /p/*/reviews train-ai=n, search=n",
      "Disallow: /admin",
      "",
    ]);
  });

  it("writes a * group when the origin has none, and only the licence when no signal is set", () => {
    const merged = mergeRobots(null, [], [], prefs({ contentSignals: SITE.contentSignals }));
    expect(merged.split("\n")).toEqual([
      ...SIGNALS_COMMENT,
      "",
      SIGNALS_HEADER,
      "User-agent: *",
      "Content-Signal: search=yes, ai-input=yes, ai-train=no",
      "Content-Usage: train-ai=n, search=y",
      "Allow: /",
      "",
    ]);
    expect(mergeRobots(null, [], [], prefs({ licenseUrl: "https://l.example/x" }))).toBe(
      "License: https://l.example/x\n",
    );
    expect(mergeRobots("User-agent: *\nDisallow: /x\n", [], [], prefs({}))).toBe(
      "User-agent: *\nDisallow: /x\n",
    );
  });

  it("keeps the origin's lines unless the policy sets the same key (per key; per path for aipref)", () => {
    const origin = [
      "License: https://origin.example/license.xml",
      "User-agent: *",
      "Content-Signal: search=no, ai-train=yes, use=reference",
      "Content-Usage: /blog/ search=n, train-ai=n",
      "Content-Usage: /shop/ train-ai=n",
      "Disallow: /admin",
      "",
      "User-agent: GPTBot",
      "Content-Signal: ai-train=yes",
      "Allow: /",
      "",
    ].join("\n");
    const merged = mergeRobots(
      origin,
      [],
      [],
      prefs({
        contentSignals: { search: null, aiInput: null, aiTrain: "no" },
        contentSignalPaths: [override("/blog/*", { search: "yes" })],
        licenseUrl: "https://shop.example.com/license.xml",
      }),
    );
    const lines = merged.split("\n");
    expect(lines).toContain(`${SET_BY_POLICY_PREFIX}License: https://origin.example/license.xml`);
    expect(lines).toContain(
      `${SET_BY_POLICY_PREFIX}Content-Signal: search=no, ai-train=yes, use=reference`,
    );
    expect(lines).toContain("Content-Signal: search=no, use=reference");
    expect(lines).toContain(`${SET_BY_POLICY_PREFIX}Content-Usage: /blog/ search=n, train-ai=n`);
    expect(lines).not.toContain("Content-Usage: /blog/ search=n, train-ai=n");
    expect(lines).toContain("Content-Usage: /blog/ train-ai=n, search=y");
    // A path the policy does not write, and another crawler's group, stay as they are.
    expect(lines).toContain("Content-Usage: /shop/ train-ai=n");
    expect(lines).toContain("Content-Signal: ai-train=yes");
  });

  it("moves preference lines met before a group's first kept User-agent line after it", () => {
    const gptbot = { botId: "gptbot", robots: { tokens: ["GPTBot"] } };
    const googlebot = { botId: "googlebot", robots: { tokens: ["Googlebot"] } };
    const origin =
      "User-agent: GPTBot\nContent-Usage: train-ai=y\nUser-agent: Googlebot\nDisallow: /x\n";
    const merged = mergeRobots(origin, [gptbot], [gptbot, googlebot], SITE);
    expect(merged).toContain(
      "# crawlgate (blocked by policy): User-agent: GPTBot\nUser-agent: Googlebot\nContent-Usage: train-ai=y\nDisallow: /x\n",
    );
    // With no kept User-agent line at all, the group's lines are commented out.
    const dead = mergeRobots("User-agent: GPTBot\nContent-Usage: train-ai=y\n", [gptbot], [gptbot]);
    expect(dead).toContain("# crawlgate (blocked by policy): Content-Usage: train-ai=y");
  });
});
