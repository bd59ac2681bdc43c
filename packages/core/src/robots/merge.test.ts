import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  ContentPreferences,
  ContentSignals,
  SignalKey,
  SignalValue,
} from "../policy/content-signals.js";
import { getTaxonomy } from "../taxonomy/registry.js";
import { requestPath, TOKENS } from "../testing/robots-arbitraries.js";
import { compileRobots } from "./match.js";
import { blockedTokens, mergeRobots, type RobotsBot } from "./merge.js";
import { normalizeRobotsPath } from "./normalize.js";
import { parseRobots } from "./parse.js";
import {
  parseRobotsSignals,
  type RobotsSignals,
  type SignalGroup,
  type StatedSignals,
  statedOf,
} from "./signal-lines.js";
import { robotsPathOf } from "./signal-paths.js";

const bots = (getTaxonomy()?.bots ?? []) as readonly RobotsBot[];
const bot = (id: string) => bots.find((b) => b.botId === id) as RobotsBot;
const verdict = (text: string, tokens: string[], path: string) =>
  compileRobots(parseRobots(text)).isAllowed({ tokens }, path);

describe("mergeRobots", () => {
  it("puts a generated group first and serves the origin's lines after it", () => {
    const origin = "User-agent: *\nDisallow: /admin\nSitemap: https://example.com/s.xml\n";
    const merged = mergeRobots(origin, [bot("gptbot"), bot("claudebot")], bots);
    expect(merged).toBe(
      "# crawlgate: generated from the crawler policy (blocked crawlers)\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\n# crawlgate: the origin's robots.txt follows\n" +
        origin,
    );
  });

  it("serves the origin unchanged when nothing is blocked, only the generated group without an origin", () => {
    const origin = "User-agent: *\r\nDisallow: /x\r\n";
    expect(mergeRobots(origin, [], bots)).toBe(origin);
    expect(mergeRobots(null, [], bots)).toBe("");
    expect(mergeRobots(null, [bot("gptbot")], bots)).toBe(
      "# crawlgate: generated from the crawler policy (blocked crawlers)\nUser-agent: GPTBot\nDisallow: /\n",
    );
  });

  it("comments out the origin's lines naming a blocked token; a group left empty loses its rules", () => {
    const origin =
      "User-agent: GPTBot\nAllow: /\n\nUser-agent: gptbot/1.2\nUser-agent: CCBot\nAllow: /docs\n";
    const merged = mergeRobots(origin, [bot("gptbot")], bots);
    expect(merged).toContain(
      "# crawlgate (blocked by policy): User-agent: GPTBot\n# crawlgate (blocked by policy): Allow: /\n",
    );
    expect(merged).toContain(
      "# crawlgate (blocked by policy): User-agent: gptbot/1.2\nUser-agent: CCBot\nAllow: /docs",
    );
    expect(verdict(merged, ["GPTBot"], "/docs")).toBe(false);
    expect(verdict(merged, ["CCBot"], "/docs")).toBe(true);
  });

  it("writes usage tokens of a blocked bot, never a token an allowed bot obeys", () => {
    expect(blockedTokens([bot("googlebot")], bots)).toEqual(["Google-Extended"]);
    expect(blockedTokens([bot("googlebot-image")], bots)).toEqual(["Googlebot-Image"]);
    const google = bots.filter(
      (b) => b.botId.startsWith("googlebot") || b.botId === "google-inspectiontool",
    );
    expect(blockedTokens(google, bots)).toContain("Googlebot");
  });

  it("keeps rules that sit before any group out of the generated group", () => {
    const merged = mergeRobots(
      "Disallow: /orphan\nUser-agent: *\nDisallow: /x\n",
      [bot("gptbot")],
      bots,
    );
    expect(verdict(merged, ["GPTBot"], "/y")).toBe(false);
    expect(parseRobots(merged).groups[0]?.rules).toEqual([{ allow: false, path: "/" }]);
  });
});

/** The origin's own preference lines: valid, unknown members, bad values, odd case. */
const signalLine = fc.oneof(
  fc
    .subarray(["search=yes", "ai-input=no", "ai-train=yes", "ai-train=no", "use=full", "search"])
    .map((m) => `Content-Signal: ${m.join(", ")}`),
  fc
    .tuple(
      fc.constantFrom("", "/blog/ ", "/p/*/reviews ", "/x ", "/$ "),
      fc.subarray(["train-ai=y", "search=n", "ai-input=n", "x=y"], { minLength: 1 }),
    )
    .map(([path, m]) => `Content-Usage: ${path}${m.join(", ")}`),
  fc.constantFrom(
    "Content-Signal: Search=No",
    "Content-Signal: search = yes",
    "Content-Usage: train-ai=?",
    "License: https://origin.example/license.xml",
    "license: https://origin.example/l.xml#terms",
  ),
);
const signalValue = fc.constantFrom("yes", "no", null);
/** Policy preferences over paths whose robots.txt forms the origin lines above also use. */
const preferences: fc.Arbitrary<ContentPreferences | null> = fc.option(
  fc.record({
    contentSignals: fc.record({ search: signalValue, aiInput: signalValue, aiTrain: signalValue }),
    contentSignalPaths: fc.array(
      fc
        .record({
          path: fc.constantFrom("/blog/*", "/blog/:rest+", "/p/:id/reviews", "/x", "/"),
          search: signalValue,
          aiInput: signalValue,
          aiTrain: signalValue,
        })
        .filter((o) => o.search !== null || o.aiInput !== null || o.aiTrain !== null),
      { maxLength: 3 },
    ),
    licenseUrl: fc.constantFrom(null, "https://shop.example.com/license.xml"),
  }),
);

const originLine = fc.oneof(
  fc.constantFrom(...TOKENS, "*", "Other").map((t) => `User-agent: ${t}`),
  fc.constantFrom(...TOKENS).map((t) => `user-agent:${t.toLowerCase()}/2.0 # v2`),
  fc
    .tuple(
      fc.constantFrom("Allow", "Disallow", "disallow"),
      fc.constantFrom("/", "/a", "/a/b", "/*.b$", "", "/A"),
    )
    .map(([key, path]) => `${key}: ${path}`),
  fc.constantFrom("", "# comment", "Sitemap: https://e.com/s.xml", "Crawl-delay: 3", "junk"),
  signalLine,
);
const taxonomyBots: fc.Arbitrary<RobotsBot[]> = fc
  .array(
    fc.record({
      tokens: fc.uniqueArray(fc.constantFrom(...TOKENS), {
        maxLength: 2,
        comparator: (a, b) => a.toLowerCase() === b.toLowerCase(),
      }),
      usage: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((list) =>
    list.map(({ tokens, usage }, i) => ({
      botId: `b${i}`,
      robots: { tokens, ...(usage ? { usageTokens: [`U${i}-Extended`] } : {}) },
    })),
  );

describe("mergeRobots properties", () => {
  const scenario = fc
    .tuple(
      fc.array(originLine, { maxLength: 14 }),
      taxonomyBots,
      fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      fc.array(requestPath, { minLength: 1, maxLength: 4 }),
      preferences,
    )
    .map(([lines, all, picks, paths, prefs]) => ({
      origin: lines.join("\n"),
      all,
      blocked: all.filter((_, i) => picks[i]),
      paths,
      prefs,
    }));

  it("keeps the origin's verdicts for every allowed bot, token and the * group (signals or not)", () => {
    fc.assert(
      fc.property(scenario, ({ origin, all, blocked, paths, prefs }) => {
        const written = new Set(blockedTokens(blocked, all).map((t) => t.toLowerCase()));
        const before = compileRobots(parseRobots(origin));
        const after = compileRobots(parseRobots(mergeRobots(origin, blocked, all, prefs)));
        const agents = [
          ...all.filter((b) => !blocked.includes(b)).map((b) => b.robots),
          ...[...TOKENS, "Other"]
            .filter((t) => !written.has(t.toLowerCase()))
            .map((t) => ({ tokens: [t] })),
          { tokens: [] },
        ];
        for (const agent of agents)
          for (const path of paths)
            expect(after.isAllowed(agent, path)).toBe(before.isAllowed(agent, path));
      }),
      { numRuns: 300 },
    );
  });

  it("disallows every path for every written token and every blocked bot named by its first token", () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), ({ origin, all, blocked, paths, prefs }, noOrigin) => {
        const written = blockedTokens(blocked, all);
        const after = compileRobots(
          parseRobots(mergeRobots(noOrigin ? null : origin, blocked, all, prefs)),
        );
        const lower = new Set(written.map((t) => t.toLowerCase()));
        const agents = [
          ...written.map((t) => ({ tokens: [t] })),
          ...blocked
            .filter((b) => lower.has(b.robots.tokens[0]?.toLowerCase() ?? ""))
            .map((b) => b.robots),
        ];
        for (const agent of agents)
          for (const path of paths)
            if (path !== "/robots.txt") expect(after.isAllowed(agent, path)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("serves the policy's value for each key it sets and the origin's for the others, per key and path", () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), ({ origin, all, blocked, prefs }, noOrigin) => {
        const text = noOrigin ? null : origin;
        const before = parseRobotsSignals(text ?? "");
        const after = parseRobotsSignals(mergeRobots(text, blocked, all, prefs));
        const license = prefs?.licenseUrl ?? null;
        expect(after.licenses).toEqual(license === null ? before.licenses : [license]);
        const star = (file: RobotsSignals) => file.groups.filter((g) => g.userAgents.includes("*"));
        const [was, is] = [star(before), star(after)];
        const site = prefs?.contentSignals ?? { search: null, aiInput: null, aiTrain: null };
        const usageOf = (s: ContentSignals) => statedOf({ ...s, aiInput: null });
        const level = (groups: SignalGroup[], path: string | null | undefined): StatedSignals =>
          combined(
            path === undefined
              ? groups.flatMap((g) => g.contentSignals)
              : groups.flatMap((g) =>
                  g.contentUsage.filter((r) => pathKey(r.path) === path).map((r) => r.signals),
                ),
          );
        expect(level(is, undefined)).toEqual(over(level(was, undefined), statedOf(site)));
        expect(level(is, null)).toEqual(over(level(was, null), usageOf(site)));
        const written = expectedPathRules(prefs);
        const paths = new Set([
          ...written.keys(),
          ...[...was, ...is].flatMap((g) => g.contentUsage.map((r) => pathKey(r.path))),
        ]);
        for (const path of paths) {
          if (path === null) continue;
          expect(level(is, path)).toEqual(over(level(was, path), written.get(path) ?? {}));
        }
      }),
      { numRuns: 400 },
    );
  });
});

const pathKey = (path: string | null) => (path === null ? null : normalizeRobotsPath(path));

/** Statements of one level combined (conflicts: `no` wins). */
function combined(list: readonly StatedSignals[]): StatedSignals {
  const out: StatedSignals = {};
  for (const stated of list)
    for (const [key, value] of Object.entries(stated) as [SignalKey, SignalValue][])
      if (out[key] !== "no") out[key] = value;
  return out;
}

/** `origin` with the keys `policy` states replaced by the policy's. */
function over(origin: StatedSignals, policy: StatedSignals): StatedSignals {
  return { ...origin, ...policy };
}

/** The path-scoped aipref rules a policy writes, computed from the documented rule. */
function expectedPathRules(prefs: ContentPreferences | null): Map<string, StatedSignals> {
  const out = new Map<string, StatedSignals>();
  const taken = new Map<string, Set<string>>();
  if (!prefs) return out;
  for (const o of prefs.contentSignalPaths) {
    if (o.aiTrain === null && o.search === null) continue;
    const path = normalizeRobotsPath(robotsPathOf(o.path) as string);
    const rule = out.get(path) ?? statedOf({ ...prefs.contentSignals, aiInput: null });
    const set = taken.get(path) ?? new Set();
    for (const key of ["aiTrain", "search"] as const) {
      const value = o[key];
      if (value === null || set.has(key)) continue;
      rule[key] = value;
      set.add(key);
    }
    out.set(path, rule);
    taken.set(path, set);
  }
  return out;
}
