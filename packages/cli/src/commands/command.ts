import type { Readable } from "node:stream";
import type { CliConfig } from "../config.js";

/** Where a command writes, and what it reads from its environment. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** What `-` reads (`import-logs -`); default the process's standard input. */
  stdin?: Readable;
  /** Redraws one status line in place on stderr; set only when stderr is a terminal. */
  status?(text: string): void;
  env: NodeJS.ProcessEnv;
  /** Stops `serve` when aborted (besides SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /**
   * The command runs alone in its own process (set by the `crawlgate` binary only), so it may
   * change process-wide settings such as V8 flags; unset when `main` runs inside another
   * program (tests, an embedding application).
   */
  ownsProcess?: boolean;
}

/** An option of a command, as `node:util` parseArgs takes it, with its help text. */
export interface OptionSpec {
  type: "string" | "boolean";
  /** Shown in the usage text, e.g. `<user>` or `manager|viewer`. */
  value?: string;
  /** The command fails with a usage error when it is missing. */
  required?: boolean;
  /** A one-letter alias (`-o`), as parseArgs takes it. */
  short?: string;
  /** The option may be given several times (a string option's values then come as a list). */
  multiple?: boolean;
}

export interface CommandContext {
  /** Positionals after the command's name. */
  args: string[];
  /** The parsed options of this command. */
  options: Readonly<Record<string, string | boolean | string[] | undefined>>;
  config: CliConfig;
  io: CliIo;
}

/** One row of the command table: the usage text and the parser come from it. */
export interface Command {
  /** One or two words, e.g. `serve` or `keys create`. */
  name: string;
  /** Positional arguments for the usage text, e.g. `<name>`. */
  args?: string;
  /** How many positional arguments it needs at least. */
  minArgs?: number;
  summary: string;
  options: Readonly<Record<string, OptionSpec>>;
  /** Resolves to the exit code (`serve` resolves only when stopped). */
  run(ctx: CommandContext): Promise<number>;
}

/** An expected failure: printed as `error: <message>`, exit code 1 (2 with `usage`). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

/** The value of a string option (the parser allows only strings for string options). */
export const stringOption = (ctx: CommandContext, name: string): string | undefined => {
  const value = ctx.options[name];
  return typeof value === "string" ? value : undefined;
};

/** Every value of a string option given several times (`multiple`), in order; `[]` when absent. */
export const stringsOption = (ctx: CommandContext, name: string): string[] => {
  const value = ctx.options[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
};

/** An integer option (or variable) from `min` to `max`, or a usage error naming `flag`. */
export function integerOption(
  text: string,
  flag: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? "a positive integer" : `an integer from ${min} to ${max}`;
    throw new CliError(`${flag} must be ${range}`, true);
  }
  return value;
}
