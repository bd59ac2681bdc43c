#!/usr/bin/env node
// The packages as a user gets them: pack every public package (`pnpm -r pack`, after `pnpm
// build`), install the README's install command into an empty project outside the workspace
// (each @crawlgate/* name replaced by its tarball, transitive ones pinned to the tarballs too),
// typecheck the README's library snippet there against the packed declarations, and run it.
// Only the npm registry is reached. Prints one line on success; on failure, the log and exit 1.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "crawlgate-packed-"));
const tarballs = join(work, "tarballs");
const app = join(work, "app");
const log = [];
const started = Date.now();

/** Runs a command, keeping its output for the failure report. */
function run(command, args, cwd) {
  log.push(`$ ${[command, ...args].join(" ")}  (in ${cwd})`);
  const t0 = Date.now();
  try {
    const out = execFileSync(command, args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
    log.push(out, `(${Date.now() - t0} ms)`);
    if (process.env.CRAWLGATE_PACK_VERBOSE) console.error(log.splice(0).join("\n"));
    return out;
  } catch (error) {
    log.push(String(error.stdout ?? ""), String(error.stderr ?? ""));
    throw new Error(`${command} ${args.slice(0, 3).join(" ")}… failed`);
  }
}

/** The README's fenced blocks of a language. */
function blocks(markdown, lang) {
  return [...markdown.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map(
    (m) => m[1],
  );
}

function main() {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const install = blocks(readme, "sh").find((b) => /^pnpm add @crawlgate\//m.test(b));
  if (!install) throw new Error("README.md has no ```sh block with `pnpm add @crawlgate/…`");
  const snippet = blocks(readme, "ts").find((b) => b.includes("createFetchHandler(crawlgate)"));
  if (!snippet) throw new Error("README.md has no library snippet (createFetchHandler)");

  const npx = ["-y", "pnpm@10"];
  mkdirSync(tarballs, { recursive: true });
  run(
    "npx",
    [
      ...npx,
      "-r",
      "--filter",
      "./packages/**",
      "--filter",
      "!@crawlgate/integration-tests",
      "pack",
      "--pack-destination",
      tarballs,
    ],
    root,
  );
  /** `@crawlgate/core` → `crawlgate-core-0.1.0.tgz`. */
  const files = new Map(
    readdirSync(tarballs)
      .filter((f) => f.endsWith(".tgz"))
      .map((f) => [
        `@crawlgate/${f.replace(/^crawlgate-/, "").replace(/-\d+\.\d+\.\d+\.tgz$/, "")}`,
        f,
      ]),
  );
  if (files.size < 10) throw new Error(`only ${files.size} tarballs packed`);
  const tarball = (name) => {
    const file = files.get(name);
    if (!file) throw new Error(`${name}: no tarball (private, or not a package)`);
    return `file:${join(tarballs, file)}`;
  };

  mkdirSync(app, { recursive: true });
  writeFileSync(
    join(app, "package.json"),
    `${JSON.stringify(
      {
        name: "packed-install-check",
        private: true,
        type: "module",
        pnpm: {
          // What the README tells pnpm 10 users to allow.
          onlyBuiltDependencies: ["better-sqlite3"],
          // Dependencies between the packed packages resolve to the tarballs, not the registry.
          overrides: Object.fromEntries([...files.keys()].map((name) => [name, tarball(name)])),
        },
      },
      null,
      2,
    )}\n`,
  );
  // Every `pnpm add` line of the block, as written but for the tarballs.
  const lines = install.split("\n").filter((l) => l.startsWith("pnpm add "));
  for (const line of lines) {
    const args = line
      .replace(/#.*$/, "")
      .trim()
      .split(/\s+/)
      .slice(2)
      .map((arg) => (arg.startsWith("@crawlgate/") ? tarball(arg) : arg));
    // Strict peers: a driver version outside an adapter's peer range fails here, as it would at
    // the user's first import.
    const flags = ["--prefer-offline", "--strict-peer-dependencies", "--reporter=append-only"];
    run("npx", [...npx, "add", ...args, ...flags], app);
  }

  // Types: the snippet as written, checked against what was installed (NodeNext honours the
  // packages' `exports` and their `types` conditions), declarations included: a package without
  // declarations, or one naming a type its user cannot have, fails.
  writeFileSync(join(app, "snippet.ts"), `${snippet}\nexport {};\n`);
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        // The declarations are checked too: a type they name must resolve in the user's project.
        skipLibCheck: false,
      },
      files: ["snippet.ts"],
    }),
  );
  run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", app], app);

  // Run: the snippet is plain JavaScript; then its handler answers an API call.
  const check = `
const answer = await handle(new Request("http://localhost/functions/v1/list-user-domains", { method: "POST" }));
const body = await answer.json();
if (answer.status !== 401 || typeof body.error !== "string") {
  throw new Error("unexpected answer " + answer.status + " " + JSON.stringify(body));
}
await crawlgate.close();
await db.close();
console.log("ok");
`;
  writeFileSync(join(app, "snippet.mjs"), `${snippet}\n${check}`);
  const out = run(process.execPath, ["snippet.mjs"], app);
  if (out.trim() !== "ok") throw new Error(`the snippet printed ${JSON.stringify(out)}`);
  return files.size;
}

try {
  const packed = main();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `packed install: ${packed} packages packed, README install and library snippet ran outside the workspace (${seconds} s)`,
  );
  rmSync(work, { recursive: true, force: true });
} catch (error) {
  console.error(log.join("\n"));
  console.error(`packed install failed: ${error.message} (files kept in ${work})`);
  process.exit(1);
}
