import { compileRuleIndex } from "@crawlgate/core/adapter-kit";
import Medley from "@medley/router";
import { loadAverage, type ResultRow } from "./measure.js";
import { routes, toRules } from "./routing.js";

/**
 * Recompiling a domain's rule index (a fleet recompiles on every rule write): the time of
 * `compileRuleIndex` over 10k and 100k stored rules (the rule rows already read, as after a
 * store read), median of several compiles, beside building @medley/router over the same routes
 * in the same run. Target: under 20 ms at 10k rules.
 */
export function compileTimes(quick: boolean): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const [label, n, times] of [
    ["10k", 10_000, quick ? 3 : 9],
    ["100k", 100_000, quick ? 1 : 5],
  ] as const) {
    const list = routes(n);
    const rules = toRules(list);
    const timed: Record<string, () => unknown> = {
      crawlgate: () => compileRuleIndex(rules),
      "@medley/router": () => {
        const router = new Medley();
        for (const r of list) Object.assign(router.register(r.path), { i: r.i });
        return router;
      },
    };
    for (const [impl, build] of Object.entries(timed)) {
      build(); // warm-up: the first compile also compiles the compiler
      const ms: number[] = [];
      for (let i = 0; i < times; i++) {
        const t0 = process.hrtime.bigint();
        build();
        ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      ms.sort((a, b) => a - b);
      const median = ms[Math.floor(ms.length / 2)] as number;
      rows.push({ suite: "routing-compile", case: label, impl, nsPerOp: Math.round(median * 1e6) });
      console.error(
        `routing compile ${label} ${impl}: ${median.toFixed(1)} ms (min ${(ms[0] as number).toFixed(1)}, load ${loadAverage().join(" ")})`,
      );
    }
  }
  return rows;
}
