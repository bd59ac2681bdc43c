import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { type CliIo, main } from "../../src/main.js";

const ROOT = new URL("../../../../", import.meta.url).pathname;
const BIN = join(ROOT, "packages/cli/src/bin.ts");

/** One `crawlgate serve` child process (sources through tsx). */
export interface ServeProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Its ready line (`{event, baseUrl, demo?}`; `demo` carries the demo's keys and domains). */
  ready: Record<string, unknown>;
  /** Its stderr lines (JSON logs). */
  err: string[];
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Runs one CLI command in this process with `env`; resolves to its stdout, throws on failure. */
export async function runCli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const lines: string[] = [];
  const errors: string[] = [];
  const io: CliIo = { out: (l) => lines.push(l), err: (l) => errors.push(l), env };
  const code = await main(args, io);
  if (code !== 0) throw new Error(`${args.join(" ")}: ${errors.join("\n")}`);
  return lines.join("\n");
}

/** Starts `crawlgate serve --port 0 …args` with `env` and waits for its ready line. */
export async function startServe(env: NodeJS.ProcessEnv, args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", BIN, "serve", "--port", "0", ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: string[] = [];
  const err: string[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (l) => out.push(l));
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (l) => err.push(l));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; i < 2400 && out.length === 0 && child.exitCode === null; i++)
    await new Promise((r) => setTimeout(r, 25));
  if (out.length === 0) {
    child.kill("SIGKILL");
    throw new Error(`serve did not start: ${err.slice(-20).join("\n")}`);
  }
  const ready = JSON.parse(out[0] as string) as { baseUrl: string };
  return { child, baseUrl: ready.baseUrl, ready, err, stop };
}

/** A user `owner` on `plan` with an API key and the domain `host` in front of `originUrl`. */
export async function ownerWithDomain(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  host: string,
  originUrl: string,
  plan = "business",
): Promise<{ key: string; domainId: string }> {
  const dir = ["--data-dir", dataDir];
  await runCli(env, "users", "create", "owner", "--plan", plan, ...dir);
  const { key } = JSON.parse(await runCli(env, "keys", "create", "owner", ...dir));
  const added = await runCli(
    env,
    "domains",
    "add",
    host,
    "--owner",
    "owner",
    "--origin",
    originUrl,
    ...dir,
  );
  return { key, domainId: JSON.parse(added).domainId };
}
