import { parseArgs } from "node:util";
import { isCrawlgateError } from "@crawlgate/core";
import { CliError, type CliIo, type Command } from "./commands/command.js";
import { COMMANDS } from "./commands/index.js";
import { ENVIRONMENT, readConfig } from "./config.js";
import { usage } from "./usage.js";

export type { CliIo } from "./commands/command.js";

/** The process's own streams and environment, as the `crawlgate` binary runs a command. */
export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  ...(process.stderr.isTTY
    ? { status: (text: string) => process.stderr.write(`\r\x1b[K${text}`) }
    : {}),
};

/** Inside another program `main` owns no process-wide settings. */
const defaultIo: CliIo = { ...processIo, ownsProcess: false };

const GLOBAL_OPTIONS = {
  "data-dir": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Runs one CLI command. Resolves to the exit code; `serve` resolves only when stopped. */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const USAGE = usage(COMMANDS, ENVIRONMENT);
  const command = findCommand(argv);
  if (!command) {
    const words = positionals(argv);
    const help = argv.includes("--help") || argv.includes("-h");
    if (words.length > 0 && !help) io.err(`unknown command "${words.slice(0, 2).join(" ")}"\n`);
    (help && words.length === 0 ? io.out : io.err)(USAGE);
    return help && words.length === 0 ? 0 : 2;
  }
  try {
    const { values, positionals: words } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...GLOBAL_OPTIONS, ...command.options },
    });
    if (values.help) {
      io.out(usage([command], ENVIRONMENT));
      return 0;
    }
    const args = words.slice(command.name.split(" ").length);
    check(command, args, values);
    return await command.run({ args, options: values, config: readConfig(values, io.env), io });
  } catch (error) {
    if (isCrawlgateError(error) && error.code === "invalid_config") {
      io.err(`error: ${error.message.replace(/^\[crawlgate\] /, "")}`);
      return 1;
    }
    if (error instanceof CliError || isParseError(error)) {
      const usageError = !(error instanceof CliError) || error.usage;
      io.err(`error: ${(error as Error).message}`);
      if (usageError) io.err(`\n${usage([command], ENVIRONMENT)}`);
      return usageError ? 2 : 1;
    }
    throw error;
  }
}

/** The command named by the first positional words (options of every command are known). */
function findCommand(argv: string[]): Command | undefined {
  const words = positionals(argv);
  return COMMANDS.find((c) => c.name === words.slice(0, c.name.split(" ").length).join(" "));
}

/** Positionals of `argv`, parsed leniently with every command's options declared. */
function positionals(argv: string[]): string[] {
  const options = Object.assign({}, GLOBAL_OPTIONS, ...COMMANDS.map((c) => c.options));
  return parseArgs({ args: argv, allowPositionals: true, strict: false, options }).positionals;
}

/** Refuses missing positionals and required options before the command touches anything. */
function check(command: Command, args: string[], values: Record<string, unknown>): void {
  if (args.length < (command.minArgs ?? 0)) {
    throw new CliError(`${command.name} needs ${command.args}`, true);
  }
  for (const [name, spec] of Object.entries(command.options)) {
    if (spec.required && (values[name] === undefined || values[name] === "")) {
      throw new CliError(`${command.name} needs --${name} ${spec.value ?? ""}`.trimEnd(), true);
    }
  }
}

function isParseError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? "";
  return code.startsWith("ERR_PARSE_ARGS");
}
