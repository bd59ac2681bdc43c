import type { Runtime, RuntimeOptions } from "../runtime.js";
import type { CommandContext } from "./command.js";

/**
 * `withRuntime`, its module loaded when a command runs: the stores' adapters, the renderers and
 * the markdown converter are most of the CLI's memory, and `--help`, a usage error or the usage
 * text need none of them (every command's table row is read at start).
 */
export async function withRuntime<T>(
  ctx: CommandContext,
  run: (runtime: Runtime) => Promise<T>,
  options?: RuntimeOptions,
): Promise<T> {
  const runtime = await import("../runtime.js");
  return runtime.withRuntime(ctx, run, options);
}
