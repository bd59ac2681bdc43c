import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RoutingRule } from "../../types.js";
import { compileRuleIndex } from "./rule-index.js";

/**
 * A slow reference matcher written straight from the spec's tables: one regular expression per
 * rule, every rule tried, the spec's order applied with a plain sort, targets built with string
 * replacement. The compiled index must agree with it on every random case.
 */

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Non-ASCII characters as UTF-8 percent-escapes (the spec matches paths in this form). */
const enc = (s: string) => s.replace(/[\u{80}-\u{10FFFF}]/gu, (c) => encodeURIComponent(c));

interface RefRule {
  rule: RoutingRule;
  regex: RegExp;
  names: string[];
  exact: boolean;
  tailStar: boolean;
  slashSignificant: boolean;
}

function compileRef(rule: RoutingRule): RefRule {
  const [rawPath, query] = rule.sourcePath.split("?") as [string, string | undefined];
  const path = enc(rawPath);
  const parts = path.split("/").slice(1);
  let slashSignificant = false;
  if (parts.length > 1 && parts[parts.length - 1] === "") {
    parts.pop();
    const last = parts[parts.length - 1] as string;
    slashSignificant = last === "*" || /^:\w+[*+]$/.test(last);
  }
  const names: string[] = [];
  let re = "";
  let tailStar = false;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const param = /^:(\w+)([*+]?)$/.exec(part);
    if (param) {
      names.push(param[1] as string);
      if (param[2] === "*") re += "(?:/(.*))?";
      else if (param[2] === "+") re += "/(.+)";
      else re += "/([^/]+)";
    } else if (part === "*") {
      names.push("*");
      if (last) {
        re += "(?:/(.*))?";
        tailStar = true;
      } else re += "/([^/]+)";
    } else if (part.includes("*")) {
      names.push("*");
      const [pre, post] = part.split("*") as [string, string];
      re += `/${esc(pre)}([^/]*)${esc(post)}`;
    } else if (part !== "") re += `/${esc(part)}`;
  });
  const exact = names.length === 0;
  // Slash-significant rules see the raw path (which must end in "/"); others the path without
  // its one trailing slash.
  const full = slashSignificant ? `^${re}/$` : `^${re === "" ? "/" : re}$`;
  // Query sources compare the query as an exact string.
  return {
    rule,
    regex: new RegExp(full, "i"),
    names,
    exact,
    tailStar,
    slashSignificant,
    ...(query === undefined ? {} : { query }),
  } as RefRule & {
    query?: string;
  };
}

/** Each rule list's reference rules, compiled and ordered once (the large case reuses them). */
const referenceCache = new WeakMap<RoutingRule[], RefRule[]>();

function referenceMatch(rules: RoutingRule[], requestedPath: string, query: string) {
  const path = enc(requestedPath);
  const compiled = referenceCache.get(rules) ?? referenceRules(rules);
  referenceCache.set(rules, compiled);
  const stripped = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  for (const c of compiled) {
    const q = (c as RefRule & { query?: string }).query;
    if (q !== undefined && q !== query) continue;
    const m = c.regex.exec(c.slashSignificant ? path : stripped);
    if (!m) continue;
    const captures: Record<string, string> = {};
    const stars: string[] = [];
    c.names.forEach((name, i) => {
      const v = m[i + 1] ?? "";
      captures[name] = v;
      if (name === "*") stars.push(v);
    });
    let target = c.rule.targetUrl;
    let k = 0;
    let sawStar = false;
    target = target.replace(/:([A-Za-z_]\w*)[*+]?|\*/g, (tok, name) => {
      if (!name) {
        sawStar = true;
        return stars[k++] ?? stars[stars.length - 1] ?? "";
      }
      return name in captures && name !== "*" ? (captures[name] as string) : tok;
    });
    if (c.tailStar && !sawStar && captures["*"]) {
      // The rest goes at the end of the target's path, before any query of its own.
      const [tPath, tQuery] = target.split("?") as [string, string | undefined];
      target = `${tPath.endsWith("/") ? tPath : `${tPath}/`}${captures["*"]}${tQuery === undefined ? "" : `?${tQuery}`}`;
    }
    if (query && q === undefined) target += target.includes("?") ? `&${query}` : `?${query}`;
    const requested = query ? `${requestedPath}?${query}` : requestedPath;
    if (c.rule.ruleType === "redirect" && target === requested) continue;
    return { ruleId: c.rule.ruleId, captures, target };
  }
  return null;
}

function referenceRules(rules: RoutingRule[]): RefRule[] {
  const compiled = rules.filter((r) => r.isActive).map(compileRef);
  compiled.sort((a, b) => {
    if (a.rule.priority !== b.rule.priority) return b.rule.priority - a.rule.priority;
    if (a.exact !== b.exact) return a.exact ? -1 : 1;
    if (a.rule.sourcePath.length !== b.rule.sourcePath.length)
      return b.rule.sourcePath.length - a.rule.sourcePath.length;
    if (a.rule.createdAt.getTime() !== b.rule.createdAt.getTime())
      return a.rule.createdAt.getTime() - b.rule.createdAt.getTime();
    return a.rule.ruleId < b.rule.ruleId ? -1 : 1;
  });
  return compiled;
}

// Small alphabets so that random rules and paths collide often. Non-ASCII words: "é" in both
// forms, "É" (not folded: ASCII letters only), the Kelvin sign (lowercases to an ASCII "k"); and
// after an ASCII first character (a segment only a capture reads is never scanned for them).
const word = fc.constantFrom(
  "a",
  "b",
  "A",
  "shop",
  "Blog",
  "x-1",
  "é",
  "%C3%A9",
  "k",
  "aé",
  "a%C3%A9",
);
const sourceSegment = fc.oneof(
  { weight: 5, arbitrary: word },
  { weight: 2, arbitrary: fc.constantFrom(":p", ":q", ":slug") },
  { weight: 1, arbitrary: fc.constant("*") },
  { weight: 1, arbitrary: fc.constantFrom("a-*", "*-b", "x*1") },
);
const tail = fc.constantFrom("", "", "/*", "/:rest*", "/:rest+", "/:rest*/", "/*/");
const source = fc
  .tuple(
    fc.array(sourceSegment, { minLength: 0, maxLength: 3 }),
    tail,
    fc.constantFrom("", "", "", "/", "?k=1"),
  )
  .map(([segs, end, extra]) => {
    const seen = new Set<string>();
    const unique = segs.map((s) => {
      if (!s.startsWith(":")) return s;
      let name = s;
      while (seen.has(name)) name += "x";
      seen.add(name);
      return name;
    });
    let path = `/${unique.join("/")}`;
    if (end) path = path === "/" ? end : path + end;
    if (path.endsWith("/") && extra === "/") return path;
    if (extra === "?k=1" && !path.includes("?"))
      return (path === "/" && end === "" ? "/" : path) + extra;
    return path + (extra === "/" && !path.endsWith("/") ? "" : "");
  });
const target = fc.constantFrom(
  "/t",
  "/t/:p",
  "/t/*",
  "/:slug/:rest",
  "https://up.example.org/:p/*",
  "/a",
  "/a/",
  "/A/b",
  "/t?z=9",
);
const ruleArb = fc.record({
  sourcePath: source,
  targetUrl: target,
  priority: fc.integer({ min: 0, max: 2 }),
  isActive: fc.boolean(),
  created: fc.integer({ min: 0, max: 3 }),
  proxy: fc.boolean(),
});
const requestPath = fc
  .tuple(
    fc.array(
      fc.constantFrom(
        "a",
        "b",
        "A",
        "shop",
        "blog",
        "x-1",
        "a-b",
        "x91",
        "",
        "é",
        "É",
        "\u212a",
        "k",
        "aé",
        "a\u212a",
        "xé1",
      ),
      { maxLength: 4 },
    ),
    fc.boolean(),
  )
  .map(([segs, slash]) => {
    const p = `/${segs.join("/")}`;
    return slash && p !== "/" ? `${p}/` : p;
  });

describe("compiled rule index vs the reference matcher", () => {
  it("agrees on rule, captures and final target for random rule sets and URLs", () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { maxLength: 12 }),
        fc.array(fc.tuple(requestPath, fc.constantFrom("", "k=1", "z=2")), {
          minLength: 1,
          maxLength: 8,
        }),
        (specs, requests) => {
          const rules = specs.map(toRule);
          expectAgreement(compileRuleIndex(rules), rules, requests);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("agrees after a recompile that reuses an earlier index of other rules", () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { maxLength: 10 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.array(ruleArb, { maxLength: 4 }),
        fc.array(fc.tuple(requestPath, fc.constantFrom("", "k=1", "z=2")), {
          minLength: 1,
          maxLength: 8,
        }),
        (before, kept, added, requests) => {
          const earlier = before.map(toRule);
          // Kept rules may change type, priority and activity; added ones come new.
          const rules = [
            ...earlier
              .filter((_, i) => kept[i])
              .map((r, i) =>
                i % 2 === 0 ? r : { ...r, ruleType: flip(r.ruleType), priority: 2 - r.priority },
              ),
            ...added.map((s, i) => toRule(s, 100 + i)),
          ];
          const index = compileRuleIndex(rules, compileRuleIndex(earlier));
          expectAgreement(index, rules, requests);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("agrees at 20,000 random rules", () => {
    const rules = fc.sample(ruleArb, { numRuns: 20_000, seed: 33 }).map(toRule);
    const requests = fc.sample(fc.tuple(requestPath, fc.constantFrom("", "k=1", "z=2")), {
      numRuns: 300,
      seed: 34,
    });
    expectAgreement(compileRuleIndex(rules), rules, requests);
  });
});

const flip = (t: RoutingRule["ruleType"]): RoutingRule["ruleType"] =>
  t === "proxy" ? "redirect" : "proxy";

type RuleSpec = typeof ruleArb extends fc.Arbitrary<infer T> ? T : never;

function toRule(s: RuleSpec, i: number): RoutingRule {
  return {
    ruleId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    domainId: "d",
    sourcePath: s.sourcePath,
    targetUrl: s.targetUrl,
    ruleType: s.proxy ? "proxy" : "redirect",
    redirectCode: s.proxy ? null : 301,
    priority: s.priority,
    isActive: s.isActive,
    notes: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + s.created),
    updatedAt: new Date(0),
  };
}

function expectAgreement(
  index: ReturnType<typeof compileRuleIndex>,
  rules: RoutingRule[],
  requests: [string, string][],
): void {
  for (const [path, query] of requests) {
    const got = index.match({ path, query });
    const want = referenceMatch(rules, path, query);
    const simplified = got && {
      ruleId: got.rule.ruleId,
      captures: got.captures,
      target: got.target,
    };
    const shown =
      rules.length > 50
        ? `${rules.length} rules`
        : JSON.stringify(
            rules.map((r) => [r.sourcePath, r.targetUrl, r.priority, r.isActive, r.ruleType]),
          );
    expect(simplified, `${path}?${query} over ${shown}`).toEqual(want);
  }
}
