import { freshStrings, type ResultRow } from "./measure.js";
import { IMPLS, routeSets } from "./routing.js";

/**
 * `pnpm bench routing-interleaved`: crawlgate and the radix anchors alternating in one process,
 * one pass over each request kind per implementation per round, best of `ROUNDS` (default 30)
 * rounds, so load from other jobs on a shared machine hits every implementation alike. Prints
 * ns per match overall and for static, parameter and wildcard hits and misses. `IMPLS` (comma
 * separated) and `KINDS` narrow the run.
 */

const KINDS = ["all", "static", "param", "wild", "miss"] as const;

function kindOf(path: string): string {
  if (path.startsWith("/missing/")) return "miss";
  if (path.startsWith("/old")) return "wild";
  if (/^\/p\d/.test(path)) return "param";
  return "static";
}

export function routingInterleavedSuite(): ResultRow[] {
  const impls = (process.env.IMPLS ?? "crawlgate,@medley/router,memoirist,find-my-way,rou3").split(
    ",",
  );
  const kinds = process.env.KINDS?.split(",") ?? [...KINDS];
  const rounds = Number(process.env.ROUNDS ?? 30);
  const rows: ResultRow[] = [];
  let sink = 0;
  for (const [label, , list, paths] of routeSets()) {
    const sets = new Map(
      kinds.map((k) => [k, k === "all" ? paths : paths.filter((p) => kindOf(p) === k)]),
    );
    const matchers = impls.map((name) => {
      const build = IMPLS[name];
      if (!build) throw new Error(`unknown impl ${name}`);
      return build(list);
    });
    const best = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      for (const kind of kinds) {
        const inputs = sets.get(kind) as string[];
        matchers.forEach((match, j) => {
          const fresh = freshStrings(inputs);
          const t0 = process.hrtime.bigint();
          for (let i = 0; i < fresh.length; i++)
            if (match(fresh[i] as string) !== undefined) sink++;
          const ns = Number(process.hrtime.bigint() - t0) / fresh.length;
          const key = `${impls[j]}|${kind}`;
          best.set(key, Math.min(best.get(key) ?? Number.POSITIVE_INFINITY, ns));
        });
      }
    }
    console.error(`${label} rules, best of ${rounds} interleaved rounds, ns per match`);
    console.error(["impl".padEnd(16), ...kinds.map((k) => k.padStart(8))].join(""));
    for (const name of impls) {
      const ns = kinds.map((k) => best.get(`${name}|${k}`) as number);
      console.error([name.padEnd(16), ...ns.map((v) => v.toFixed(0).padStart(8))].join(""));
      kinds.forEach((kind, i) => {
        rows.push({
          suite: "routing-interleaved",
          case: `${label}-${kind}`,
          impl: name,
          nsPerOp: Math.round((ns[i] as number) * 10) / 10,
        });
      });
    }
  }
  if (sink < 0) console.error(sink);
  return rows;
}
