import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReportData } from "@crawlgate/dashboard";
import { type CliIo, main } from "../main.js";

/** What a CLI run printed. */
export function capture(signal?: AbortSignal) {
  const lines: string[] = [];
  const errors: string[] = [];
  const io: CliIo = {
    out: (l) => lines.push(l),
    err: (l) => errors.push(l),
    env: { CRAWLGATE_RANGE_REFRESH: "off" },
    ...(signal ? { signal } : {}),
  };
  return { io, lines, errors };
}

/** The demo's ready line (see `serve --demo`). */
export interface DemoReady {
  baseUrl: string;
  demo: {
    keys: Record<"owner" | "manager" | "viewer" | "starter" | "revoked", string>;
    domains: { domainId: string; domain: string; owner: string }[];
    dashboardUrl?: string;
  };
}

/** `serve --demo` on a fresh data directory, until `stop()`. */
export async function startDemoServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "crawlgate-dash-"));
  const controller = new AbortController();
  const server = capture(controller.signal);
  const serving = main(["serve", "--demo", "--port", "0", "--data-dir", dataDir], server.io);
  for (let i = 0; i < 4800 && server.lines.length === 0; i++)
    await new Promise((r) => setTimeout(r, 25));
  if (server.lines.length === 0) throw new Error(`demo did not start: ${server.errors.join("\n")}`);
  const ready = JSON.parse(server.lines[0] as string) as DemoReady;
  return {
    ready,
    dataDir,
    /** Runs one CLI command against the demo's data directory. */
    async cli(...args: string[]) {
      const run = capture();
      const code = await main([...args, "--data-dir", dataDir], run.io);
      return { code, ...run };
    },
    /** One API call with a demo key. */
    async api(key: string, path: string, body: unknown) {
      const response = await fetch(`${ready.baseUrl}/functions/v1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON
      return (await response.json()) as any;
    },
    async stop() {
      controller.abort();
      await serving;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type DemoServer = Awaited<ReturnType<typeof startDemoServer>>;

/** The inline data of a report file. */
export function reportDataOf(html: string): ReportData {
  const match = /window\.__CRAWLGATE_REPORT__ = (.*);<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no report data in the file");
  return JSON.parse(match[1]) as ReportData;
}
