import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliIo } from "../commands/command.js";
import { main } from "../main.js";

/** The demo's users, each with a role on the demo domains (see demo/accounts.ts). */
export type DemoUser = "owner" | "manager" | "viewer" | "starter";

export interface DashboardDemo {
  /** Where the server listens, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** The ready line's `demo` block: keys, domains and `dashboardUrl` (the owner's sign-in link). */
  demo: {
    keys: Record<DemoUser | "revoked", string>;
    domains: { domainId: string; domain: string; owner: DemoUser }[];
    dashboardUrl: string;
    origin?: string;
  };
  /** The whole ready line (with `apiHosts` and `siteHosts`: which host is which). */
  ready: Record<string, unknown>;
  /** A fresh single-use sign-in URL for a demo user (`crawlgate dashboard-link`). */
  signInUrl(user: DemoUser): Promise<string>;
  /** The server's JSON log lines so far (stderr). */
  logs(): string[];
  /** Stops the server and removes the data directory it created. */
  stop(): Promise<void>;
}

export interface DashboardDemoOptions {
  /** Default: a fresh temporary directory, removed by `stop`. */
  dataDir?: string;
  /** More `serve` flags; default renderer `fetch` (no browser needed to seed the demo). */
  args?: string[];
}

/**
 * Starts `crawlgate serve --demo` on a free port of 127.0.0.1 in this process (demo data, the
 * dashboard under `/dashboard` with the UI of `@crawlgate/dashboard` when it is built) and
 * resolves once it is ready. For browser tests: open `demo.dashboardUrl`, or
 * `await signInUrl("viewer")` for another role.
 */
export async function startDashboardDemo(
  options: DashboardDemoOptions = {},
): Promise<DashboardDemo> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "crawlgate-dashboard-demo-"));
  const controller = new AbortController();
  const io = capture(controller.signal);
  const args = ["serve", "--demo", "--port", "0", "--data-dir", dataDir];
  const done = main([...args, ...(options.args ?? ["--renderer", "fetch"])], io);
  const ready = await firstLine(io, done);
  const { baseUrl, demo } = JSON.parse(ready) as { baseUrl: string; demo: DashboardDemo["demo"] };
  return {
    baseUrl,
    demo,
    ready: JSON.parse(ready) as Record<string, unknown>,
    async signInUrl(user) {
      const linkIo = capture();
      const code = await main(
        ["dashboard-link", "--user", user, "--base-url", baseUrl, "--data-dir", dataDir],
        linkIo,
      );
      if (code !== 0) throw new Error(`dashboard-link failed: ${linkIo.errors.join("\n")}`);
      return (JSON.parse(linkIo.lines[0] as string) as { url: string }).url;
    },
    logs: () => [...io.errors],
    async stop() {
      controller.abort();
      const code = await done;
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`serve exited with ${code}: ${io.errors.join("\n")}`);
    },
  };
}

function capture(signal?: AbortSignal): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: (line) => lines.push(line),
    err: (line) => errors.push(line),
    // Hermetic (SQLite in the data directory) and offline: the range-refresh job must not
    // download the operators' files.
    env: { CRAWLGATE_RANGE_REFRESH: "off" },
    ...(signal ? { signal } : {}),
  };
}

/** The ready line, or the reason `serve` ended without one. */
async function firstLine(io: { lines: string[]; errors: string[] }, done: Promise<number>) {
  let exited: number | undefined;
  done.then((code) => {
    exited = code;
  });
  while (io.lines.length === 0) {
    if (exited !== undefined)
      throw new Error(`serve exited with ${exited}: ${io.errors.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return io.lines[0] as string;
}
