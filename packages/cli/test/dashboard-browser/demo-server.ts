import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ReportData, unpackAnswers } from "@crawlgate/dashboard";
import { main } from "../../src/main.js";
import { captureIo } from "../../src/test-support/capture-io.js";
import { startDashboardDemo } from "../../src/test-support/dashboard-demo.js";

/** What a CLI run printed. */
export const capture = (signal?: AbortSignal) => captureIo(signal ? { signal } : {});

/**
 * `serve --demo` on a fresh data directory (the dashboard mounted, per-minute limit raised so
 * that a test's many views never meet it), with helpers to run the CLI and call the API.
 */
export async function startDemoServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "crawlgate-dash-"));
  const server = await startDashboardDemo({
    dataDir,
    args: ["--renderer", "fetch", "--rate-per-minute", "100000"],
  });
  return {
    server,
    ready: { baseUrl: server.baseUrl, demo: server.demo },
    dataDir,
    /** Runs one CLI command against the demo's data directory. */
    async cli(...args: string[]) {
      const run = capture();
      const code = await main([...args, "--data-dir", dataDir], run.io);
      return { code, ...run };
    },
    /** One API call with a demo key. */
    async api(key: string, path: string, body?: unknown, method = "POST") {
      const response = await fetch(`${server.baseUrl}/functions/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON
      return (await response.json()) as any;
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type DemoServer = Awaited<ReturnType<typeof startDemoServer>>;

/** The inline data of a report file. */
export function reportDataOf(html: string): ReportData {
  const match = /window\.__CRAWLGATE_REPORT__ = (.*);<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no report data in the file");
  const data = JSON.parse(match[1]) as ReportData;
  return { ...data, answers: unpackAnswers(data.answers) as ReportData["answers"] };
}
