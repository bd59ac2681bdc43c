import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agent, requestPath, robotsFile } from "../testing/robots-arbitraries.js";
import { compileRobots, type RobotsAgent } from "./match.js";
import { normalizeRobotsPath } from "./normalize.js";
import { parseRobots, ROBOTS_SIZE_LIMIT } from "./parse.js";
import { referenceIsAllowed } from "./reference.js";
import { serializeRobots } from "./serialize.js";

const gptbot = { tokens: ["GPTBot"] };
const allowed = (text: string, path: string, who: RobotsAgent = gptbot) =>
  compileRobots(parseRobots(text)).isAllowed(who, path);

describe("wildcard patterns", () => {
  it("take time linear in the path per pattern, however many wildcards (no backtracking blow-up)", () => {
    const text = "User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*b$\nDisallow: /*?*sort=*&*x\n";
    const started = Date.now();
    expect(allowed(text, `/${"a".repeat(2000)}`)).toBe(true);
    expect(allowed(text, `/p?${"?sort=&".repeat(300)}`)).toBe(true);
    expect(allowed(text, `/${"a".repeat(2000)}b`)).toBe(false);
    expect(allowed(text, `/p?${"?sort=&".repeat(300)}x`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("parseRobots", () => {
  it("reads groups, consecutive user-agents, comments, case-insensitive keys and CR/LF", () => {
    const text =
      "# hello\r\nUser-Agent: GPTBot/1.1 # the crawler\r\nuser-agent:  CCBot\r\nDISALLOW: /private\rAllow: /private/ok\n\nUser-agent: *\nDisallow:\nSitemap: https://x/s.xml\n";
    expect(parseRobots(text)).toEqual({
      groups: [
        {
          userAgents: ["GPTBot", "CCBot"],
          rules: [
            { allow: false, path: "/private" },
            { allow: true, path: "/private/ok" },
          ],
        },
        { userAgents: ["*"], rules: [] },
      ],
    });
  });

  it("ignores malformed lines, rules before any user-agent and unknown keys", () => {
    const text =
      "Disallow: /before\nnonsense line\n: /x\nUser-agent: a\nCrawl-delay: 5\nDisalow: /typo\nDisallow: /y\n";
    expect(parseRobots(text)).toEqual({
      groups: [{ userAgents: ["a"], rules: [{ allow: false, path: "/y" }] }],
    });
  });

  it("a user-agent after a rule opens a new group; one after other records does not", () => {
    const text =
      "User-agent: a\nSitemap: /s\nUser-agent: b\nDisallow: /\nUser-agent: c\nAllow: /\n";
    expect(parseRobots(text).groups.map((g) => g.userAgents)).toEqual([["a", "b"], ["c"]]);
  });

  it("reads only the first 500 KiB, cut at a line break", () => {
    const filler = `# ${"x".repeat(1000)}\n`;
    const head = `User-agent: *\nDisallow: /a\n${filler.repeat(Math.floor(ROBOTS_SIZE_LIMIT / filler.length) - 1)}`;
    const before = `${head}Disallow: /b\nDisallow: /c\n`;
    const pad = ROBOTS_SIZE_LIMIT - 5 - new TextEncoder().encode(before).length;
    const text = `${before}#${"x".repeat(pad - 2)}\nDisallow: /d\n`;
    // The line "Disallow: /d" starts before the limit and ends after it: not read.
    const start = new TextEncoder().encode(text.slice(0, text.lastIndexOf("Disallow: /d"))).length;
    expect(start).toBeLessThan(ROBOTS_SIZE_LIMIT);
    expect(start + 13).toBeGreaterThan(ROBOTS_SIZE_LIMIT);
    const rules = parseRobots(text).groups[0]?.rules.map((r) => r.path);
    expect(rules?.[0]).toBe("/a");
    expect(rules).not.toContain("/d");
    expect(new TextEncoder().encode(head).length).toBeLessThanOrEqual(ROBOTS_SIZE_LIMIT);
  });

  it("round-trips: parse(serialize(x)) equals x", () => {
    fc.assert(
      fc.property(robotsFile, (file) => {
        expect(parseRobots(serializeRobots(file))).toEqual(file);
      }),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const file = parseRobots(text);
        compileRobots(file).isAllowed(gptbot, "/x");
      }),
    );
  });
});

describe("compileRobots", () => {
  it("picks the named group over *, case-insensitively, and combines groups of one token", () => {
    const text =
      "User-agent: *\nDisallow: /\n\nUser-agent: gptbot\nDisallow: /a\n\nUser-agent: GPTBOT\nDisallow: /b\n";
    expect(allowed(text, "/c")).toBe(true);
    expect(allowed(text, "/a1")).toBe(false);
    expect(allowed(text, "/b")).toBe(false);
    expect(allowed(text, "/c", { tokens: ["CCBot"] })).toBe(false);
  });

  it("uses the first of the agent's tokens that a group names", () => {
    const text =
      "User-agent: Googlebot\nDisallow: /\n\nUser-agent: Googlebot-Image\nDisallow: /img\n";
    expect(allowed(text, "/x", { tokens: ["Googlebot-Image", "Googlebot"] })).toBe(true);
    expect(allowed(text, "/x", { tokens: ["Googlebot-News", "Googlebot"] })).toBe(false);
  });

  it("a crawler that ignores * is bound only by its own groups", () => {
    expect(
      allowed("User-agent: *\nDisallow: /\n", "/x", {
        tokens: ["AdsBot-Google"],
        ignoresWildcardGroup: true,
      }),
    ).toBe(true);
  });

  it("longest match wins, allow wins a tie, * and $ are wildcards", () => {
    const text =
      "User-agent: *\nDisallow: /p\nAllow: /p/ok\nDisallow: /*.pdf$\nAllow: /tie\nDisallow: /tie\n";
    const any = { tokens: [] };
    expect(allowed(text, "/p/x", any)).toBe(false);
    expect(allowed(text, "/p/ok/x", any)).toBe(true);
    expect(allowed(text, "/q/doc.pdf", any)).toBe(false);
    expect(allowed(text, "/q/doc.pdf?x", any)).toBe(true);
    expect(allowed(text, "/tie", any)).toBe(true);
    expect(allowed(text, "/robots.txt", { tokens: [] })).toBe(true);
  });

  it("compares percent-encoded forms", () => {
    expect(normalizeRobotsPath("/%7efoo/é/%2f")).toBe("/~foo/%C3%A9/%2F");
    const text = "User-agent: *\nDisallow: /~a\nDisallow: /é\nDisallow: /x%2Fy\n";
    const any = { tokens: [] };
    expect(allowed(text, "/%7Ea", any)).toBe(false);
    expect(allowed(text, "/%C3%A9", any)).toBe(false);
    expect(allowed(text, "/x/y", any)).toBe(true);
  });

  it("equals the naive reference for every agent and path", () => {
    fc.assert(
      fc.property(
        robotsFile,
        agent,
        fc.array(requestPath, { minLength: 1, maxLength: 5 }),
        (file, who, paths) => {
          const matcher = compileRobots(file);
          for (const path of paths)
            expect(matcher.isAllowed(who, path)).toBe(referenceIsAllowed(file, who, path));
        },
      ),
      { numRuns: 300 },
    );
  });
});
