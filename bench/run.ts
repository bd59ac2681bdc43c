import { writeFileSync } from "node:fs";
import { FULL, QUICK, type ResultRow } from "./measure.js";

/**
 * `pnpm bench <suite> [--quick]`: runs a benchmark suite, writes its rows to
 * bench/results/<suite>.json, and in quick mode (CI) fails only on a gross regression. Each
 * suite's module is imported when it runs: CI starts this file once per suite, and importing
 * every suite (express, kysely, puppeteer, autocannon…) cost each start seconds.
 */

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const suite = args.find((a) => !a.startsWith("--")) ?? "routing";
const SUITES: Record<string, () => ResultRow[] | Promise<ResultRow[]>> = {
  routing: async () => {
    const { routingSuite } = await import("./routing.js");
    const { compileTimes } = await import("./routing-compile.js");
    return [...routingSuite(quick ? QUICK : FULL, quick), ...compileTimes(quick)];
  },
  "routing-compile": async () => (await import("./routing-compile.js")).compileTimes(quick),
  "routing-interleaved": async () =>
    (await import("./routing-interleaved.js")).routingInterleavedSuite(),
  classify: async () => (await import("./classify.js")).classifySuite(quick ? QUICK : FULL),
  ingest: async () => (await import("./ingest.js")).ingestSuite(quick),
  exports: async () => (await import("./exports.js")).exportsSuite(quick),
  archive: async () => {
    const { archiveSuite } = await import("./archive.js");
    // The archive suite writes a whole report (machine, load average, samples, targets).
    const report = await archiveSuite(quick);
    if (!quick)
      writeFileSync(
        new URL("./results/archive.json", import.meta.url),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    console.log(JSON.stringify({ targets: report.targets, rows: report.rows }));
    for (const line of report.regressions) console.error(`REGRESSION: archive ${line}`);
    process.exit(report.regressions.length > 0 ? 1 : 0);
  },
  // WAL of a day's freeze on PostgreSQL (the day's partition detached and dropped).
  "archive-wal": async () => {
    const { archiveWalSuite } = await import("./archive-wal.js");
    // Writes its own report: bytes of WAL per close are not ns per op.
    const report = await archiveWalSuite(quick);
    if (!quick)
      writeFileSync(
        new URL("./results/archive-wal.json", import.meta.url),
        `${JSON.stringify(report.runs, null, 2)}\n`,
      );
    console.log(JSON.stringify(report.runs));
    for (const line of report.regressions) console.error(`REGRESSION: archive-wal ${line}`);
    process.exit(report.regressions.length > 0 ? 1 : 0);
  },
  import: async () => {
    const { importSuite } = await import("./import.js");
    // The import suite writes a whole report (machine, load average, both tools' lines/s).
    const report = await importSuite(quick);
    if (!quick)
      writeFileSync(
        new URL("./results/import.json", import.meta.url),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    console.log(JSON.stringify(report));
    for (const line of report.regressions) console.error(`REGRESSION: ${line}`);
    process.exit(report.regressions.length > 0 ? 1 : 0);
  },
  // The crawler policy's and paid requests' micro-benches alone (also sections of `edge`):
  // seconds, no servers.
  "edge-policy": async () => {
    const { policyMicroBench } = await import("./edge-policy.js");
    const { paidMicroBench } = await import("./edge-paid.js");
    const report = policyMicroBench(quick ? QUICK : FULL);
    console.error(
      `policy ${report.policyNs} ns/request at ${report.rules} rules (worst ${report.policyWorstNs}), routing ${report.routingNs} ns, signal headers ${report.signalsNoneNs} ns without preferences / ${report.signalsOverridesNs} ns with 20 overrides, load average ${report.loadAverage.join(" ")}`,
    );
    if (report.policyNs >= 1000) console.error("policy evaluation over the 1 us target");
    const paid = await paidMicroBench(quick ? QUICK : FULL);
    console.error(
      `paid request +${paid.paidNs} ns on the answer's path (event id ${paid.eventIdNs} ns after it)`,
    );
    if (paid.paidNs >= 50_000) console.error("a paid request over the 50 us target");
    return [...report.rows, ...paid.rows];
  },
  warm: async () => {
    const { warmSuite } = await import("./warm.js");
    // The warm suite writes a whole report (machine, timings, renders/s, RSS, targets).
    const report = await warmSuite(quick);
    if (!quick)
      writeFileSync(
        new URL("./results/warm.json", import.meta.url),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    console.log(JSON.stringify(report));
    for (const line of report.regressions) console.error(`REGRESSION: warm ${line}`);
    process.exit(report.regressions.length > 0 ? 1 : 0);
  },
  // The Markdown conversion's micro-bench alone (also a section of `edge`): seconds, no servers.
  "edge-markdown": async () => {
    const { markdownMicroBench } = await import("./edge-markdown.js");
    const report = markdownMicroBench(quick ? QUICK : FULL);
    console.error(
      `markdown (${report.converter}): ${report.convertMs} ms per ${Math.round(report.pageBytes / 1024)} KB page, ${report.prepareMs} ms preparing, load average ${report.loadAverage.join(" ")}`,
    );
    if (report.convertMs >= 5) console.error("markdown conversion over the 5 ms target");
    return report.rows;
  },
  edge: async () => {
    const { edgeSuite } = await import("./edge.js");
    // The edge suite writes a whole report (machine, setup, targets), not only rows.
    const report = await edgeSuite(quick);
    if (!quick)
      writeFileSync(
        new URL("./results/edge.json", import.meta.url),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    console.log(JSON.stringify(report));
    if (report.regressions.length > 0) {
      for (const line of report.regressions) console.error(`REGRESSION: ${line}`);
      process.exit(1);
    }
    process.exit(0);
  },
};

if (suite === "limits") {
  // Writes its own report (decisions/s and latency per store, the API end to end on one process
  // and on a fleet). More stores join as a second argument: runLimits(quick, [store]).
  await (await import("./limits.js")).runLimits(quick);
  process.exit(0);
}

if (suite === "fleet") {
  // Writes its own report (one `serve` and four on PostgreSQL + Redis, the model's check).
  await (await import("./fleet.js")).runFleet(quick);
}

if (suite === "load") {
  // Writes its own results (requests/s, latency, errors and RSS are not ns per op).
  await (await import("./load.js")).runLoad(quick);
  process.exit(0);
}

const run = SUITES[suite];
if (!run) {
  console.error(`unknown suite "${suite}"; known: ${Object.keys(SUITES).join(", ")}`);
  process.exit(2);
}
const rows = await run();
if (!quick)
  writeFileSync(
    new URL(`./results/${suite}.json`, import.meta.url),
    `${JSON.stringify(rows, null, 2)}\n`,
  );
console.log(JSON.stringify(rows));

if (suite === "classify") {
  // Gross regression: exact attribution slower than the naive loop.
  const ours = rows.find((r) => r.impl === "crawlgate")?.nsPerOp ?? Number.POSITIVE_INFINITY;
  const naive = rows.find((r) => r.impl === "naive")?.nsPerOp ?? 0;
  if (ours >= naive) {
    console.error(
      `REGRESSION: crawlgate classifier ${ours} ns/UA is not faster than the naive loop (${naive})`,
    );
    process.exit(1);
  }
}

if (suite === "exports" && quick) {
  // Gross regression: a targeted request at five times its target on the small world.
  const regressions = (await import("./exports.js")).exportsRegressions(rows);
  for (const line of regressions) console.error(`REGRESSION: ${line}`);
  if (regressions.length > 0) process.exit(1);
}

if (suite === "routing" || suite === "routing-compile") {
  // Gross regression: compiling 10k rules takes 25 times its 20 ms target in CPU time (wall
  // time on a shared machine moves by 3x with other jobs' load).
  const compile = rows.find(
    (r) => r.suite === "routing-compile" && r.case === "10k-cpu" && r.impl === "crawlgate",
  );
  if (compile && compile.nsPerOp > 500e6) {
    console.error(
      `REGRESSION: compiling 10k rules took ${compile.nsPerOp / 1e6} ms CPU (over 500)`,
    );
    process.exit(1);
  }
}

if (suite === "routing") {
  // Gross regression: our matcher slower than the linear-scan anchor.
  for (const size of ["1k", "10k", "100k"]) {
    const ours =
      rows.find((r) => r.case === size && r.impl === "crawlgate")?.nsPerOp ??
      Number.POSITIVE_INFINITY;
    const linear =
      rows.find((r) => r.case === size && r.impl === "path-to-regexp-v6-linear")?.nsPerOp ?? 0;
    if (ours >= linear) {
      console.error(
        `REGRESSION: crawlgate ${ours} ns/match at ${size} is not faster than the linear scan (${linear})`,
      );
      process.exit(1);
    }
  }
}

if (suite === "ingest") {
  // Gross regression: a tenth of the targets (50,000/s SQLite, 20,000/s PostgreSQL).
  const floors: Record<string, number> = { "crawlgate-sqlite": 5_000, "crawlgate-postgres": 2_000 };
  for (const [impl, floor] of Object.entries(floors)) {
    const ns = rows.find((r) => r.impl === impl)?.nsPerOp ?? Number.POSITIVE_INFINITY;
    if (1e9 / ns < floor) {
      console.error(`REGRESSION: ${impl} ingests ${Math.round(1e9 / ns)} events/s, under ${floor}`);
      process.exit(1);
    }
  }
}
