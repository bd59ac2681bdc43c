/** Timing helpers for benchmarks: median of several samples after a warm-up. */

import { cpus, loadavg, totalmem } from "node:os";

/** The machine a report was measured on. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
}

export function machineInfo(): MachineInfo {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 100) / 100,
    node: process.version,
  };
}

/** The 1, 5 and 15-minute load averages, to two decimals. */
export const loadAverage = (): number[] => loadavg().map((n) => Math.round(n * 100) / 100);

export interface MeasureOptions {
  warmupMs: number;
  sampleMs: number;
  samples: number;
}

export const FULL: MeasureOptions = { warmupMs: 600, sampleMs: 500, samples: 5 };
export const QUICK: MeasureOptions = { warmupMs: 100, sampleMs: 100, samples: 3 };

/** Keeps results alive so the JIT cannot drop the work. */
export let sink = 0;

/**
 * Nanoseconds per call of `run(input)` over `inputs`, cycling through them. `fresh()` builds a
 * new input array (fresh string objects) before every sample, untimed.
 */
export function nsPerOp<T>(
  fresh: () => T[],
  run: (input: T) => unknown,
  options: MeasureOptions,
): number {
  const loop = (inputs: T[], ms: number) => {
    const deadline = performance.now() + ms;
    let ops = 0;
    const start = performance.now();
    while (performance.now() < deadline) {
      for (let i = 0; i < inputs.length; i++) {
        if (run(inputs[i] as T) !== undefined) sink++;
      }
      ops += inputs.length;
    }
    return ((performance.now() - start) * 1e6) / ops;
  };
  loop(fresh(), options.warmupMs);
  const results: number[] = [];
  for (let s = 0; s < options.samples; s++) results.push(loop(fresh(), options.sampleMs));
  results.sort((a, b) => a - b);
  return results[Math.floor(results.length / 2)] as number;
}

/** Copies strings into new string objects, as an HTTP parser hands them over. */
export function freshStrings(strings: readonly string[]): string[] {
  return strings.map((s) => Buffer.from(s, "utf8").toString("utf8"));
}

export interface ResultRow {
  suite: string;
  case: string;
  impl: string;
  nsPerOp: number;
}
