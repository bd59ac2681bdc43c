import { describe, expect, it } from "vitest";
import { makeRule } from "../../testing/fixtures.js";
import type { RoutingRule } from "../../types.js";
import { compileRuleIndex } from "./rule-index.js";

const D = "00000000-0000-4000-8000-00000000000d";
let clock = 0;
const rule = (sourcePath: string, targetUrl = "/to", over: Partial<RoutingRule> = {}) =>
  makeRule(D, {
    sourcePath,
    targetUrl,
    createdAt: new Date(Date.UTC(2026, 0, 1) + clock++ * 1000),
    ...over,
  });

function hit(rules: RoutingRule[], url: string) {
  const [path, query = ""] = url.split("?") as [string, string?];
  return compileRuleIndex(rules).match({ path, query, url: `https://example.com${url}` });
}
const matches = (source: string, url: string) => hit([rule(source)], url) !== null;

describe("source patterns (spec table)", () => {
  it("/page: that exact path, ignoring case and one trailing slash", () => {
    expect(matches("/page", "/page")).toBe(true);
    expect(matches("/page", "/PAGE/")).toBe(true);
    expect(matches("/Page", "/page")).toBe(true);
    expect(matches("/page", "/page//")).toBe(false);
    expect(matches("/page", "/page/x")).toBe(false);
    expect(matches("/page", "/pag")).toBe(false);
    expect(matches("/", "/")).toBe(true);
  });

  it("/blog/*: the path and everything under it", () => {
    for (const url of ["/blog", "/blog/", "/blog/a", "/Blog/a/b/c"])
      expect(matches("/blog/*", url), url).toBe(true);
    for (const url of ["/blogs", "/blo", "/"]) expect(matches("/blog/*", url), url).toBe(false);
    expect(hit([rule("/blog/*", "/news/*")], "/blog/A/b")?.target).toBe("/news/A/b");
  });

  it("/docs/:slug: exactly one segment, captured with its original case", () => {
    expect(hit([rule("/docs/:slug", "/d/:slug")], "/DOCS/Intro")?.target).toBe("/d/Intro");
    expect(matches("/docs/:slug", "/docs")).toBe(false);
    expect(matches("/docs/:slug", "/docs/a/b")).toBe(false);
    expect(matches("/docs/:slug", "/docs/a/")).toBe(true);
  });

  it("/docs/:path* and /docs/:path+: zero-or-more and one-or-more segments", () => {
    expect(hit([rule("/docs/:path*", "/d/:path*")], "/docs")?.target).toBe("/d/");
    expect(hit([rule("/docs/:path*", "/d/:path*")], "/docs/a/B")?.target).toBe("/d/a/B");
    expect(matches("/docs/:path+", "/docs")).toBe(false);
    expect(hit([rule("/docs/:path+", "/d/:path")], "/docs/x/y")?.target).toBe("/d/x/y");
  });

  it("/shop/*/sale: * in the middle is exactly one segment", () => {
    expect(hit([rule("/shop/*/sale", "/s/*")], "/shop/Shoes/sale")?.target).toBe("/s/Shoes");
    expect(matches("/shop/*/sale", "/shop/sale")).toBe(false);
    expect(matches("/shop/*/sale", "/shop/a/b/sale")).toBe(false);
    expect(matches("/shop/*/sale", "/shop//sale")).toBe(false);
  });

  it("/gallery-*: * inside a segment stays within it (and may be empty)", () => {
    expect(hit([rule("/gallery-*", "/g/*")], "/gallery-Summer")?.target).toBe("/g/Summer");
    expect(matches("/gallery-*", "/gallery-")).toBe(true);
    expect(matches("/gallery-*", "/gallery-a/b")).toBe(false);
    expect(matches("/gallery-*", "/gallery")).toBe(false);
    expect(matches("/img-*.png", "/img-cat.PNG")).toBe(true);
    expect(matches("/img-*.png", "/img-cat.jpg")).toBe(false);
  });

  it("/:path*/: only URLs ending in a slash", () => {
    expect(matches("/:path*/", "/a/b/")).toBe(true);
    expect(matches("/:path*/", "/")).toBe(true);
    expect(matches("/:path*/", "/a/b")).toBe(false);
    expect(hit([rule("/:path*/", "/:path")], "/A/b/")?.target).toBe("/A/b");
  });

  it("/page?<query>: that exact path and query string only; the visitor's query is not added", () => {
    expect(matches("/page?ref=mail", "/page?ref=mail")).toBe(true);
    expect(matches("/page?ref=mail", "/PAGE/?ref=mail")).toBe(true);
    expect(matches("/page?ref=mail", "/page")).toBe(false);
    expect(matches("/page?ref=mail", "/page?ref=mail&x=1")).toBe(false);
    expect(matches("/page?ref=mail", "/page?ref=MAIL")).toBe(false);
    expect(hit([rule("/page?ref=mail", "/landing")], "/page?ref=mail")?.target).toBe("/landing");
  });
});

describe("targets (spec list)", () => {
  it("passes the visitor's query string on, merging with the target's", () => {
    expect(hit([rule("/a", "/b")], "/a?x=1&y=2")?.target).toBe("/b?x=1&y=2");
    expect(hit([rule("/a", "/b?src=old")], "/a?x=1")?.target).toBe("/b?src=old&x=1");
    expect(hit([rule("/a", "https://other.example.org/b#top")], "/a?x=1")?.target).toBe(
      "https://other.example.org/b?x=1#top",
    );
  });

  it("appends the rest of the path when the source ends in /* and the target has no *", () => {
    expect(hit([rule("/old/*", "/new")], "/old/a/b")?.target).toBe("/new/a/b");
    expect(hit([rule("/old/*", "https://x.example.org/new/")], "/old/a")?.target).toBe(
      "https://x.example.org/new/a",
    );
    expect(hit([rule("/old/*", "/new")], "/old")?.target).toBe("/new");
    expect(hit([rule("/old/*", "/new?k=v")], "/old/a?q=1")?.target).toBe("/new/a?k=v&q=1");
  });

  it("substitutes named and unnamed captures, leaving unknown names alone", () => {
    expect(hit([rule("/u/:id/:tab", "/users/:id?tab=:tab")], "/u/42/Posts")?.target).toBe(
      "/users/42?tab=Posts",
    );
    expect(hit([rule("/u/:id", "https://x.example.org:8443/:id/:other")], "/u/7")?.target).toBe(
      "https://x.example.org:8443/7/:other",
    );
    expect(hit([rule("/shop/*/sale-*", "/s/*/*")], "/shop/a/sale-b")?.target).toBe("/s/a/b");
  });

  it("skips a redirect to the requested URL and keeps matching", () => {
    const self = rule("/Loop", "/Loop", { priority: 10 });
    const next = rule("/loop", "/elsewhere");
    expect(hit([self, next], "/Loop")?.rule.ruleId).toBe(next.ruleId);
    // Case matters for the loop check: /loop → /Loop is a real redirect.
    expect(hit([self], "/loop")?.target).toBe("/Loop");
    expect(hit([rule("/a", "https://example.com/a")], "/a")).toBeNull();
    expect(hit([rule("/a", "http://example.com/a")], "/a")?.target).toBe("http://example.com/a");
    expect(hit([rule("/a/", "/a/")], "/a/")).toBeNull();
    // A proxy to the same path is not a loop.
    expect(
      hit(
        [rule("/p", "https://up.example.org/p", { ruleType: "proxy", redirectCode: null })],
        "/p",
      ),
    ).not.toBeNull();
  });
});

describe("rule matching order", () => {
  it("higher priority first, even a pattern over an exact path", () => {
    const exact = rule("/blog/post", "/exact");
    const pattern = rule("/blog/*", "/pattern", { priority: 10 });
    expect(hit([exact, pattern], "/blog/post")?.rule.ruleId).toBe(pattern.ruleId);
  });

  it("at equal priority exact before pattern, then longer source, then older, then ruleId", () => {
    const exact = rule("/blog/post");
    const pattern = rule("/blog/:slug");
    expect(hit([pattern, exact], "/blog/post")?.rule.ruleId).toBe(exact.ruleId);
    const long = rule("/blog/:slug/:x*");
    const short = rule("/blog/*");
    expect(hit([short, long], "/blog/a/b")?.rule.ruleId).toBe(long.ruleId);
    const t = new Date("2026-01-01T00:00:00.000Z");
    const older = rule("/x/:a", "/1", { createdAt: t });
    const newer = rule("/x/:b", "/2", { createdAt: new Date(t.getTime() + 1) });
    expect(hit([newer, older], "/x/y")?.rule.ruleId).toBe(older.ruleId);
    const idA = rule("/y/:a", "/1", {
      createdAt: t,
      ruleId: "00000000-0000-4000-8000-00000000000a",
    });
    const idB = rule("/y/:b", "/2", {
      createdAt: t,
      ruleId: "00000000-0000-4000-8000-00000000000b",
    });
    expect(hit([idB, idA], "/y/z")?.rule.ruleId).toBe(idA.ruleId);
  });

  it("skips paused rules", () => {
    const paused = rule("/p", "/paused", { isActive: false, priority: 100 });
    const active = rule("/p", "/active");
    expect(hit([paused, active], "/p")?.target).toBe("/active");
    expect(hit([paused], "/p")).toBeNull();
  });
});

describe("linear matching", () => {
  it("stays fast on adversarial patterns and 2,048-character paths", () => {
    const rules: RoutingRule[] = [];
    for (let i = 0; i < 250; i++) rules.push(rule(`/${"*/".repeat(i % 20)}a-*-${i}`));
    for (let i = 0; i < 250; i++) rules.push(rule(`/:a/:b/${"x".repeat(i % 5)}*`));
    const index = compileRuleIndex(rules);
    const path = `/${"a-/".repeat(682)}`.slice(0, 2048);
    // No timing assertion: this finishes because no walk ever backtracks (each trie node is
    // visited at most once per request).
    expect(index.match({ path, query: "" })).not.toBeUndefined();
  });

  it("branches at every depth of the longest sources without exhausting the stack", () => {
    // A literal and a one-segment child at every depth down to ~1,000 segments: the search
    // recurses where the trie branches, as deep as the longest source.
    const rules: RoutingRule[] = [];
    for (let k = 0; 1 + 2 * k + 3 <= 2048; k++) rules.push(rule(`/${"a/".repeat(k)}*/z`, "/t/*"));
    const index = compileRuleIndex(rules);
    const deepest = rules[rules.length - 1] as RoutingRule;
    const path = `/${"a/".repeat(1023)}z`;
    const match = index.match({ path, query: "" });
    expect(match?.rule.ruleId).toBe(deepest.ruleId);
    expect(match?.target).toBe("/t/a");
    expect(index.match({ path: `/${"a/".repeat(1021)}b/c/z`, query: "" })).toBeNull();
  });
});

describe("first-character filter", () => {
  it("turns away paths no first segment can hit, but never hides a root pattern, / or a query rule", () => {
    const literal = [rule("/blog/:slug"), rule("/Docs")];
    expect(hit(literal, "/missing")).toBeNull();
    expect(hit(literal, "/BLOG/a")?.rule.sourcePath).toBe("/blog/:slug");
    expect(hit(literal, "/docs/")?.rule.sourcePath).toBe("/Docs");
    expect(hit([...literal, rule("/:any")], "/missing")?.target).toBe("/to");
    expect(hit([...literal, rule("/")], "//")?.rule.sourcePath).toBe("/");
    expect(hit([...literal, rule("/*-x")], "/m-x")?.rule.sourcePath).toBe("/*-x");
    expect(hit([...literal, rule("/m?k=1")], "/m?k=1")?.rule.sourcePath).toBe("/m?k=1");
  });
});

describe("loop skip falls through to patterns", () => {
  it("tries patterns when the only exact hit redirects to itself", () => {
    const self = rule("/Same", "/Same", { priority: 5 });
    const pattern = rule("/:any", "/caught/:any");
    expect(hit([self, pattern], "/Same")?.target).toBe("/caught/Same");
  });
});

describe("request paths outside lowercase ASCII", () => {
  it("percent-encodes non-ASCII before matching, in any letter case", () => {
    expect(matches("/café", "/caf%C3%A9")).toBe(true);
    expect(matches("/caf%C3%A9", "/café")).toBe(true);
    expect(matches("/CAFÉ", "/caf%c3%89/")).toBe(true);
    expect(hit([rule("/docs/:slug", "/d/:slug")], "/docs/Été")?.target).toBe("/d/%C3%89t%C3%A9");
  });

  it("does not take a character that lowercases to ASCII (Kelvin sign) for that letter", () => {
    expect(matches("/kelvin", "/\u212Aelvin")).toBe(false);
    expect(matches("/kelvin", "/Kelvin")).toBe(true);
    expect(matches("/k?x=1", "/\u212A?x=1")).toBe(false);
  });

  it("encodes what the walk never reads: rest captures, and exact paths behind dead branches", () => {
    // The rest is captured without being read; its value is still percent-encoded.
    expect(hit([rule("/a/:rest*", "/b/:rest")], "/a/x/é")?.target).toBe("/b/x/%C3%A9");
    expect(hit([rule("/a/*", "/b")], "/A/Été/")?.target).toBe("/b/%C3%89t%C3%A9");
    // The trie dies on the first segment, but the encoded path is an exact source.
    const rules = [rule("/z/:p"), rule("/caf%C3%A9/x", "/exact")];
    expect(hit(rules, "/café/x")?.target).toBe("/exact");
    expect(hit(rules, "/z/é")?.rule.sourcePath).toBe("/z/:p");
    expect(hit(rules, "/z/é/x")).toBeNull();
  });

  it("adds the leading slash a path lacks and ignores one trailing slash on every kind of rule", () => {
    expect(matches("/page", "page")).toBe(true);
    expect(matches("/page", "/page/")).toBe(true);
    expect(matches("/", "//")).toBe(true);
    expect(hit([rule("/blog/*", "/n")], "blog/a/")?.target).toBe("/n/a");
  });
});

describe("recompiling with the previous index", () => {
  it("takes each rule's own type, priority, activity and target, not the earlier rule's", () => {
    const loop = rule("/a/:x", "/a/b", { ruleType: "redirect" });
    const page = rule("/p", "/q");
    const first = compileRuleIndex([loop, page]);
    expect(first.match({ path: "/a/b", query: "" })).toBeNull();
    // The same source and target, now a proxy: the self-redirect skip no longer applies.
    const proxy = { ...loop, ruleType: "proxy" as const, redirectCode: null };
    const second = compileRuleIndex([proxy, page], first);
    expect(second.match({ path: "/a/b", query: "" })?.rule).toBe(proxy);
    // A new target for the same source is compiled afresh; a paused rule is gone.
    const moved = { ...page, targetUrl: "/r" };
    const third = compileRuleIndex(
      [proxy, moved, { ...loop, sourcePath: "/z", isActive: false }],
      second,
    );
    expect(third.match({ path: "/p", query: "" })?.target).toBe("/r");
    expect(third.match({ path: "/z", query: "" })).toBeNull();
    expect(third.size).toBe(2);
  });
});
