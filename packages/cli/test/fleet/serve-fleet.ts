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

/** One long-running `crawlgate` child process (sources through tsx), started and ready. */
export interface CliProcess {
  child: ChildProcess;
  /** Its ready line (the first line of its stdout). */
  ready: Record<string, unknown>;
  /** Its stderr lines (JSON logs). */
  err: string[];
  /** Resolves with the exit code (or the signal's name) when it exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts `crawlgate …args` with `env` and waits for its ready line (up to a minute). */
export async function startCli(env: NodeJS.ProcessEnv, args: string[]): Promise<CliProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", BIN, ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: string[] = [];
  const err: string[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (l) => out.push(l));
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (l) => err.push(l));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "")),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  for (let i = 0; i < 2400 && out.length === 0 && child.exitCode === null; i++)
    await new Promise((r) => setTimeout(r, 25));
  if (out.length === 0) {
    child.kill("SIGKILL");
    throw new Error(`crawlgate ${args[0]} did not start: ${err.slice(-20).join("\n")}`);
  }
  return { child, ready: JSON.parse(out[0] as string), err, exited, stop };
}

/** Starts `crawlgate serve --port 0 …args` with `env` and waits for its ready line. */
export async function startServe(env: NodeJS.ProcessEnv, args: string[]): Promise<ServeProcess> {
  const { child, ready, err, stop } = await startCli(env, ["serve", "--port", "0", ...args]);
  return { child, baseUrl: String(ready.baseUrl), ready, err, stop };
}

/**
 * The environment of a fleet test's `serve` processes and CLI calls: one PostgreSQL schema, one
 * Redis (keys under `redisPrefix` when given), a test secret, no range refresh; `extra` on top.
 */
export function fleetEnv(options: {
  postgresUrl: string;
  schema: string;
  redisUrl: string;
  redisPrefix?: string;
  extra?: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: options.postgresUrl,
    CRAWLGATE_DB_SCHEMA: options.schema,
    REDIS_URL: options.redisUrl,
    ...(options.redisPrefix ? { CRAWLGATE_REDIS_PREFIX: options.redisPrefix } : {}),
    CRAWLGATE_SECRET: "fleet-test-secret-0123456789abcdef",
    CRAWLGATE_RANGE_REFRESH: "off",
    ...options.extra,
  };
}

/** Creates `user` on `plan` and an API key for it (`crawlgate users create`, `keys create`). */
export async function createUserKey(
  env: NodeJS.ProcessEnv,
  dir: string,
  user: string,
  plan: string,
): Promise<string> {
  await runCli(env, "users", "create", user, "--plan", plan, "--data-dir", dir);
  return JSON.parse(await runCli(env, "keys", "create", user, "--data-dir", dir)).key;
}

/** Adds `host`, owned by `owner`, with `originUrl` as its origin; resolves to its domain ID. */
export async function addDomain(
  env: NodeJS.ProcessEnv,
  dir: string,
  domain: { host: string; owner: string; originUrl: string },
): Promise<string> {
  const added = await runCli(
    env,
    "domains",
    "add",
    domain.host,
    "--owner",
    domain.owner,
    "--origin",
    domain.originUrl,
    "--data-dir",
    dir,
  );
  return JSON.parse(added).domainId;
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
