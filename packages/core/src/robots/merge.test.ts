import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getTaxonomy } from "../taxonomy/registry.js";
import { requestPath, TOKENS } from "../testing/robots-arbitraries.js";
import { compileRobots } from "./match.js";
import { blockedTokens, mergeRobots, type RobotsBot } from "./merge.js";
import { parseRobots } from "./parse.js";

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
    )
    .map(([lines, all, picks, paths]) => ({
      origin: lines.join("\n"),
      all,
      blocked: all.filter((_, i) => picks[i]),
      paths,
    }));

  it("keeps the origin's verdicts for every allowed bot, token and the * group", () => {
    fc.assert(
      fc.property(scenario, ({ origin, all, blocked, paths }) => {
        const written = new Set(blockedTokens(blocked, all).map((t) => t.toLowerCase()));
        const before = compileRobots(parseRobots(origin));
        const after = compileRobots(parseRobots(mergeRobots(origin, blocked, all)));
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
      fc.property(scenario, fc.boolean(), ({ origin, all, blocked, paths }, noOrigin) => {
        const written = blockedTokens(blocked, all);
        const after = compileRobots(
          parseRobots(mergeRobots(noOrigin ? null : origin, blocked, all)),
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
});
