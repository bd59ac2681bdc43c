import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("the crawlgate command from the repository root", () => {
  // The first run builds the workspace when it was never built (as after the README's install).
  it("`pnpm crawlgate` and `npx crawlgate` print the usage", { timeout: 300_000 }, () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
    expect(pkg.scripts.crawlgate).toBe("node scripts/crawlgate.mjs");
    expect(pkg.bin).toEqual({ crawlgate: "scripts/crawlgate.mjs" });
    const direct = spawnSync(process.execPath, ["scripts/crawlgate.mjs", "--help"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(direct.status, direct.stderr).toBe(0);
    expect(direct.stdout).toMatch(/^ {2}crawlgate ranges status/m);
    const npx = spawnSync("npx", ["--offline", "crawlgate", "--help"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(npx.status, npx.stderr).toBe(0);
    expect(npx.stdout).toMatch(/^ {2}crawlgate import-logs <file\|-> .*--domain <hostname>/m);
    const typo = spawnSync(process.execPath, ["scripts/crawlgate.mjs", "domins", "add"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/unknown command "domins add"/);
  });
});
