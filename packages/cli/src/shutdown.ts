import type { Logger } from "@crawlgate/core";
import { CliError, type CliIo } from "./commands/command.js";

/** How long in-flight requests and jobs may take to finish once a stop was asked for. */
export const DEFAULT_SHUTDOWN_MS = 10_000;

/** `CRAWLGATE_SHUTDOWN_MS` (as read by the config), checked: 0 to an hour; unset, 10 s. */
export function shutdownMs(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SHUTDOWN_MS;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 3_600_000)
    throw new CliError("CRAWLGATE_SHUTDOWN_MS must be an integer from 0 to 3600000", true);
  return value;
}

/** Exit codes of a second signal (128 + the signal's number, as shells report them). */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Resolves with the signal's name on the first SIGINT or SIGTERM (or when the io's signal
 * aborts). From then until `release` is called, a second SIGINT or SIGTERM ends the process at
 * once: an operator who asks twice does not wait for the drain.
 */
export function stopSignal(io: CliIo): Promise<{ signal: string; release(): void }> {
  return new Promise((resolve) => {
    const onSecond = (name: NodeJS.Signals) => process.exit(SIGNAL_EXIT[name] ?? 1);
    const release = () => {
      process.off("SIGINT", onSecond);
      process.off("SIGTERM", onSecond);
    };
    const stop = (name: string) => {
      process.off("SIGINT", onSigint);
      process.off("SIGTERM", onSigterm);
      process.once("SIGINT", onSecond);
      process.once("SIGTERM", onSecond);
      resolve({ signal: name, release });
    };
    const onSigint = () => stop("SIGINT");
    const onSigterm = () => stop("SIGTERM");
    process.once("SIGINT", onSigint);
    process.once("SIGTERM", onSigterm);
    io.signal?.addEventListener("abort", () => stop("abort"), { once: true });
  });
}

/** One step of a shutdown, run after the previous one ended. */
export interface ShutdownStep {
  name: string;
  run(): Promise<unknown>;
  /** Bounded by the shutdown deadline (what remains of it): in-flight work, not buffered data. */
  bounded?: boolean;
}

/**
 * Runs the steps in order: bounded ones (draining requests, stopping jobs) get what is left of
 * `deadlineMs` and are left behind when it passes; the others (writing buffered crawls,
 * releasing locks, closing pools) always run to their end, so nothing acknowledged is lost. A
 * failing step is logged and the next one runs.
 */
export async function shutDown(
  steps: readonly ShutdownStep[],
  options: { deadlineMs: number; logger: Logger },
): Promise<void> {
  const deadline = Date.now() + options.deadlineMs;
  for (const step of steps) {
    const started = Date.now();
    try {
      const run = step.run();
      if (!step.bounded) await run;
      else if ((await withDeadline(run, deadline - Date.now())) === TIMED_OUT)
        options.logger.warn("shutdown.deadline_passed", { step: step.name });
    } catch (error) {
      options.logger.error("shutdown.step_failed", {
        step: step.name,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    options.logger.info("shutdown.step", { step: step.name, ms: Date.now() - started });
  }
}

const TIMED_OUT = Symbol("timed out");

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
