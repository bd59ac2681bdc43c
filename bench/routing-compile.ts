import type { RoutingRule } from "@crawlgate/core";
import { compileRuleIndex } from "@crawlgate/core/adapter-kit";
import Medley from "@medley/router";
import { loadAverage, type ResultRow } from "./measure.js";
import { routes, toRules } from "./routing.js";

/**
 * Recompiling a domain's rule index (a fleet recompiles on every rule write): the time of
 * `compileRuleIndex` over 10k and 100k stored rules (the rule rows already read, as after a
 * store read), median of several compiles, beside building @medley/router over the same routes
 * in the same run, and recompiling after one rule write (one target changed, the previous index
 * given: unchanged rules are not parsed again). Every compile gets the rules as a fresh store
 * read (new objects and strings, made untimed). Target: under 20 ms at 10k rules.
 */
// `BEFORE=<path of another build's adapter-kit.js>` times that build's full compile beside ours.
const before = process.env.BEFORE
  ? ((await import(process.env.BEFORE)) as { compileRuleIndex: typeof compileRuleIndex })
  : null;

const fresh = (s: string): string => Buffer.from(s, "utf8").toString("utf8");

/** The rules as a store read hands them over: new objects, new strings (untimed). */
function storeRead(rules: readonly RoutingRule[]): RoutingRule[] {
  return rules.map((r) => ({
    ...r,
    ruleId: fresh(r.ruleId),
    sourcePath: fresh(r.sourcePath),
    targetUrl: fresh(r.targetUrl),
    createdAt: new Date(r.createdAt.getTime()),
  }));
}

export function compileTimes(quick: boolean): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const [label, n, times] of [
    ["10k", 10_000, quick ? 3 : 9],
    ["100k", 100_000, quick ? 1 : 5],
  ] as const) {
    const list = routes(n);
    const rules = toRules(list);
    // A rule write: one rule's target changes, the rules are read again, and the index is
    // compiled with the previous one.
    let previous = compileRuleIndex(rules);
    let writes = 0;
    const afterWrite = (): RoutingRule[] => {
      const next = storeRead(rules);
      const at = (writes++ * 7919) % n;
      next[at] = { ...(next[at] as RoutingRule), targetUrl: `/moved-${writes}` };
      return next;
    };
    const timed: Record<
      string,
      [prepare: () => RoutingRule[], run: (r: RoutingRule[]) => unknown]
    > = {
      crawlgate: [() => storeRead(rules), (r) => compileRuleIndex(r)],
      "crawlgate-after-write": [
        afterWrite,
        (r) => {
          previous = compileRuleIndex(r, previous);
          return previous;
        },
      ],
      "@medley/router": [
        () => rules,
        () => {
          const router = new Medley();
          for (const r of list) Object.assign(router.register(r.path), { i: r.i });
          return router;
        },
      ],
    };
    if (before)
      timed["crawlgate-before"] = [() => storeRead(rules), (r) => before.compileRuleIndex(r)];
    for (const [impl, [prepare, build]] of Object.entries(timed)) {
      build(prepare()); // warm-up: the first compile also compiles the compiler
      const ms: number[] = [];
      const cpuMs: number[] = [];
      for (let i = 0; i < times; i++) {
        const input = prepare();
        const c0 = process.cpuUsage();
        const t0 = process.hrtime.bigint();
        build(input);
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
        const c = process.cpuUsage(c0);
        cpuMs.push((c.user + c.system) / 1e3);
      }
      ms.sort((a, b) => a - b);
      cpuMs.sort((a, b) => a - b);
      const median = ms[Math.floor(ms.length / 2)] as number;
      const cpu = cpuMs[Math.floor(cpuMs.length / 2)] as number;
      rows.push({ suite: "routing-compile", case: label, impl, nsPerOp: Math.round(median * 1e6) });
      // CPU time (GC threads included) moves less than wall time with other jobs' load.
      rows.push({
        suite: "routing-compile",
        case: `${label}-cpu`,
        impl,
        nsPerOp: Math.round(cpu * 1e6),
      });
      console.error(
        `routing compile ${label} ${impl}: ${median.toFixed(1)} ms (min ${(ms[0] as number).toFixed(1)}, CPU ${cpu.toFixed(1)} ms with GC threads, load ${loadAverage().join(" ")})`,
      );
    }
  }
  return rows;
}
