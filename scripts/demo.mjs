#!/usr/bin/env node
// `pnpm demo`: builds the workspace quietly (its output is shown only when the build fails), then
// runs `crawlgate serve --demo` with the arguments given, so that the ready line is the first
// line on stdout. Progress notes go to stderr.
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Under pnpm, npm_execpath is pnpm's own script: build with the pnpm that runs us.
const execpath = process.env.npm_execpath ?? "";
const [command, prefix] = /\.[cm]?js$/.test(execpath)
  ? [process.execPath, [execpath]]
  : ["npx", ["-y", "pnpm@10"]];
process.stderr.write("crawlgate demo: building the workspace…\n");
const build = spawnSync(command, [...prefix, "run", "build"], {
  cwd: root,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
  shell: process.platform === "win32",
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ""}${build.stderr ?? ""}`);
  process.stderr.write(
    `crawlgate demo: the build failed (${build.error?.message ?? `exit ${build.status}`})\n`,
  );
  process.exit(build.status ?? 1);
}
const bin = join(root, "packages", "cli", "dist", "bin.js");
const server = spawn(process.execPath, [bin, "serve", "--demo", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
// A stop sent to this script (not to the whole terminal group) reaches the server too.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
