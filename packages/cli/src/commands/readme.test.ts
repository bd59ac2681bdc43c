import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "./index.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The README's command table: the first cell of each row whose command starts with `crawlgate`. */
function documentedUsages(): string[] {
  return [...readme.matchAll(/^\| `(crawlgate [^`]+)` +\|/gm)].map((m) =>
    (m[1] as string).replaceAll("\\|", "|"),
  );
}

describe("the package README", () => {
  it("documents every command of the command table, with its arguments and options", () => {
    const usages = documentedUsages();
    expect(usages).toHaveLength(COMMANDS.length);
    for (const command of COMMANDS) {
      const usage = usages.find(
        (u) => u === `crawlgate ${command.name}` || u.startsWith(`crawlgate ${command.name} `),
      );
      expect(usage, command.name).toBeDefined();
      if (command.args) expect(usage).toContain(command.args);
      for (const [option, spec] of Object.entries(command.options)) {
        expect(usage, `${command.name} --${option}`).toContain(`--${option}`);
        if (spec.value) expect(usage, `${command.name} --${option}`).toContain(spec.value);
      }
    }
  });
});
