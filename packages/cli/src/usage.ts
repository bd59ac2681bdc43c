import type { Command } from "./commands/command.js";

/** The usage text, generated from the command table. */
export function usage(commands: readonly Command[], environment: string): string {
  const lines = ["crawlgate — crawl analytics, routing and cache API", "", "Usage:"];
  for (const command of commands) {
    const options = Object.entries(command.options).map(([name, spec]) => {
      const long = spec.short ? `-${spec.short}|--${name}` : `--${name}`;
      const flag = spec.type === "boolean" ? long : `${long} ${spec.value ?? "<value>"}`;
      return spec.required ? flag : `[${flag}]`;
    });
    lines.push(`  crawlgate ${[command.name, command.args, ...options].filter(Boolean).join(" ")}`);
    lines.push(`      ${command.summary}`);
  }
  return `${lines.join("\n")}\n\n${environment}\n`;
}
