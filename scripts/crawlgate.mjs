#!/usr/bin/env node
// `pnpm crawlgate …` / `npx crawlgate …` from the repository root: runs the CLI of packages/cli,
// building the workspace first when it has not been built yet (after a fresh install).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "packages", "cli", "dist", "bin.js");
const built = ["cli", "core", "adapter-kysely"].every((p) =>
  existsSync(join(root, "packages", p, "dist", "index.js")),
);
if (!built || !existsSync(bin)) {
  process.stderr.write("crawlgate: building the workspace once (pnpm -r build)…\n");
  const build = spawnSync(
    "npx",
    ["-y", "pnpm@10", "-r", "--filter", "./packages/**", "run", "build"],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"], shell: process.platform === "win32" },
  );
  if (build.status !== 0) {
    process.stderr.write("crawlgate: the build failed\n");
    process.exit(build.status ?? 1);
  }
}
const run = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
