import type { RoutingRule } from "@crawlgate/core";
import { compileRuleIndex } from "@crawlgate/core/adapter-kit";
import Medley from "@medley/router";
import FindMyWay from "find-my-way";
import { Memoirist } from "memoirist";
import { match as p2rMatch } from "path-to-regexp";
import { addRoute, createRouter, findRoute } from "rou3";
import { freshStrings, type MeasureOptions, nsPerOp, type ResultRow } from "./measure.js";

/**
 * The rule matcher against radix routers doing plain lookups and a path-to-regexp v6 linear
 * scan (how Next.js runs redirects). Routes: 60% static, 25% param, 15% wildcard; requests: 50%
 * static hits, 25% param, 15% wildcard, 10% misses, every pass on fresh string objects. Our
 * matcher also lowercases, handles the trailing slash and applies the full spec ordering.
 */

interface Route {
  kind: "static" | "param" | "param2" | "wild";
  path: string;
  i: number;
}

export function routes(n: number): Route[] {
  const out: Route[] = [];
  const words = ["alpha", "beta", "gamma", "delta", "omega"];
  for (let i = 0; i < n; i++) {
    const r = i % 20;
    if (r < 12) {
      const variant = i % 4;
      const path =
        variant === 0
          ? `/blog/${words[i % 5]}-post-${i}`
          : variant === 1
            ? `/products/category-${i % 37}/item-${i}`
            : variant === 2
              ? `/en/docs/section-${i % 23}/page-${i}`
              : `/page-${i}`;
      out.push({ kind: "static", path, i });
    } else if (r < 17) {
      out.push(
        r % 2
          ? { kind: "param", path: `/p${i}/:slug`, i }
          : { kind: "param2", path: `/p${i}/:id/edit`, i },
      );
    } else {
      out.push({ kind: "wild", path: `/old${i}/*`, i });
    }
  }
  return out;
}

export function requests(list: Route[], count: number): string[] {
  const byKind = (k: Route["kind"][]) => list.filter((r) => k.includes(r.kind));
  const statics = byKind(["static"]);
  const params = byKind(["param", "param2"]);
  const wilds = byKind(["wild"]);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = i % 20;
    if (r < 10) out.push((statics[(i * 7919) % statics.length] as Route).path);
    else if (r < 15) {
      const p = params[(i * 104729) % params.length] as Route;
      out.push(p.kind === "param" ? `/p${p.i}/some-slug-${i}` : `/p${p.i}/${i}/edit`);
    } else if (r < 18) out.push(`/old${(wilds[(i * 31) % wilds.length] as Route).i}/a/b-${i}`);
    else out.push(`/missing/path-${i}`);
  }
  return out;
}

type Matcher = (path: string) => unknown;

/** The routes as stored routing rules (redirects to `/target`, priorities 0–2). */
export function toRules(list: Route[]): RoutingRule[] {
  const created = new Date("2026-01-01T00:00:00.000Z");
  return list.map((r) => ({
    ruleId: `00000000-0000-4000-8000-${String(r.i).padStart(12, "0")}`,
    domainId: "bench",
    sourcePath: r.path,
    targetUrl: "/target",
    ruleType: "redirect",
    redirectCode: 301,
    priority: r.i % 3,
    isActive: true,
    notes: null,
    createdAt: created,
    updatedAt: created,
  }));
}

type Compile = typeof compileRuleIndex;

function crawlgateWith(compile: Compile): (list: Route[]) => Matcher {
  return (list) => {
    const index = compile(toRules(list));
    return (path) => index.match({ path, query: "" })?.rule;
  };
}

const crawlgate = crawlgateWith(compileRuleIndex);

function findMyWay(list: Route[]): Matcher {
  const router = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: false });
  for (const r of list) router.on("GET", r.path, () => {}, { i: r.i });
  return (path) => router.find("GET", path)?.store;
}

function medley(list: Route[]): Matcher {
  const router = new Medley();
  for (const r of list) Object.assign(router.register(r.path), { i: r.i });
  return (path) => router.find(path)?.store;
}

function memoirist(list: Route[]): Matcher {
  const router = new Memoirist<{ i: number }>();
  for (const r of list) router.add("GET", r.path, { i: r.i });
  return (path) => router.find("GET", path)?.store;
}

function rou3(list: Route[]): Matcher {
  const router = createRouter<{ i: number }>();
  for (const r of list) addRoute(router, "GET", r.path.replace(/\/\*$/, "/**"), { i: r.i });
  return (path) => findRoute(router, "GET", path)?.data;
}

function pathToRegexpLinear(list: Route[]): Matcher {
  const matchers = list.map((r) =>
    p2rMatch(r.path.replace(/\/\*$/, "/:splat*"), { decode: decodeURIComponent }),
  );
  return (path) => {
    for (const m of matchers) {
      const hit = m(path);
      if (hit) return hit;
    }
    return undefined;
  };
}

export const IMPLS: Record<string, (list: Route[]) => Matcher> = {
  crawlgate,
  "find-my-way": findMyWay,
  "@medley/router": medley,
  memoirist,
  rou3,
  "path-to-regexp-v6-linear": pathToRegexpLinear,
};

// `BEFORE=<path of another build's adapter-kit.js>` adds that build as `crawlgate-before`, for
// before/after runs in one process (`IMPLS=crawlgate,crawlgate-before,...`).
if (process.env.BEFORE) {
  const before = (await import(process.env.BEFORE)) as { compileRuleIndex: Compile };
  IMPLS["crawlgate-before"] = crawlgateWith(before.compileRuleIndex);
}

/** Checks every implementation finds a route exactly where the request should hit one. */
function verify(name: string, matcher: Matcher, paths: string[]): void {
  for (const path of paths) {
    const hit = matcher(path) !== undefined && matcher(path) !== null;
    const shouldHit = !path.startsWith("/missing/");
    if (hit !== shouldHit) throw new Error(`${name} disagrees on ${path}: ${hit ? "hit" : "miss"}`);
  }
}

/** The rule-set sizes measured (`SIZES`, comma separated, narrows them). */
export const SIZES = [
  ["1k", 1_000],
  ["10k", 10_000],
  ["100k", 100_000],
] as const;

/** The rule-set sizes measured, each with its 10,000 requests. */
export function* routeSets(): Generator<
  [label: string, n: number, list: Route[], paths: string[]]
> {
  const only = process.env.SIZES?.split(",");
  for (const [label, n] of SIZES) {
    if (only && !only.includes(label)) continue;
    const list = routes(n);
    yield [label, n, list, requests(list, 10_000)];
  }
}

export function routingSuite(options: MeasureOptions, quick: boolean): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const [label, n, list, paths] of routeSets()) {
    for (const [impl, build] of Object.entries(IMPLS)) {
      const matcher = build(list);
      const linear = impl === "path-to-regexp-v6-linear";
      // The linear scan takes milliseconds per request at 10k rules: time it on fewer requests.
      const linearCount = quick
        ? n >= 100_000
          ? 10
          : 50
        : n >= 100_000
          ? 40
          : n >= 10_000
            ? 200
            : 2_000;
      const sample = linear ? paths.slice(0, linearCount) : paths;
      verify(impl, matcher, sample.slice(0, 500));
      const ns = nsPerOp(() => freshStrings(sample), matcher, options);
      rows.push({ suite: "routing", case: label, impl, nsPerOp: Math.round(ns * 10) / 10 });
      console.error(`routing ${label} ${impl}: ${ns.toFixed(1)} ns/match`);
    }
  }
  rows.push(...worstCase(options));
  return rows;
}

/**
 * Adversarial rules (500 deep wildcard and in-segment patterns that all nearly match) against
 * paths of 256 to 2,048 characters: time per character stays flat when matching is linear.
 */
function worstCase(options: MeasureOptions): ResultRow[] {
  const created = new Date("2026-01-01T00:00:00.000Z");
  const rules: RoutingRule[] = [];
  for (let i = 0; i < 500; i++) {
    const depth = i % 25;
    const source =
      i % 2 === 0
        ? `/${"*/".repeat(depth)}a-*-${i}`
        : `/${":p/".repeat(depth).replace(/:p/g, (_m, o) => `:p${o}`)}x*y/:rest*`;
    rules.push({
      ruleId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      domainId: "bench",
      sourcePath: source,
      targetUrl: "/t",
      ruleType: "redirect",
      redirectCode: 301,
      priority: i % 7,
      isActive: true,
      notes: null,
      createdAt: created,
      updatedAt: created,
    });
  }
  const index = compileRuleIndex(rules);
  const rows: ResultRow[] = [];
  for (const length of [256, 512, 1024, 2048]) {
    const path = `/${"a-/".repeat(length)}`.slice(0, length);
    const ns = nsPerOp(
      () => freshStrings([path]),
      (p) => index.match({ path: p, query: "" }),
      options,
    );
    rows.push({
      suite: "routing-worst-case",
      case: `${length}-chars`,
      impl: "crawlgate",
      nsPerOp: Math.round(ns),
    });
    console.error(
      `routing worst case ${length} chars: ${ns.toFixed(0)} ns (${(ns / length).toFixed(1)} ns/char)`,
    );
  }
  return rows;
}
