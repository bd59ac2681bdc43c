#!/usr/bin/env node
// Smoke test of the built CLI, as the README's demo command runs it: start `serve --demo` on a
// free port in a temporary data directory, read the ready line, call every built endpoint with
// the printed owner key, and stop with SIGTERM. Exits non-zero on any surprise.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const dataDir = mkdtempSync(join(tmpdir(), "crawlgate-smoke-"));
const env = { ...process.env };
delete env.DATABASE_URL;
const child = spawn(
  process.execPath,
  ["packages/cli/dist/bin.js", "serve", "--demo", "--port", "0", "--data-dir", dataDir],
  { env, stdio: ["ignore", "pipe", "pipe"] },
);
let stderr = "";
child.stderr.on("data", (chunk) => {
  stderr += chunk;
});

// The demo records about six months of crawl history before it is ready.
const timer = setTimeout(() => fail("no ready line within 120 s"), 120_000);
const early = (code) => fail(`server exited early with ${code}`);
child.once("exit", early);
const firstLine = await new Promise((resolve) => {
  createInterface({ input: child.stdout }).once("line", resolve);
});
clearTimeout(timer);
child.off("exit", early);

const ready = JSON.parse(firstLine);
check(ready.event === "ready", "first line is the ready event");
const { baseUrl, demo } = ready;
const owner = demo.keys.owner;
const domainId = demo.domains[0].domainId;
const call = async (method, path, body) => {
  const res = await fetch(`${baseUrl}/functions/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${owner}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
};

const domains = await call("POST", "/list-user-domains");
check(domains.status === 200 && domains.body.domainCount === 2, "list-user-domains");
const defs = await call("POST", "/get-bot-definitions", {});
check(defs.status === 200 && defs.body.definitionsVersion === "1.1", "get-bot-definitions");
const purge = await call("POST", "/purge-cache", { domain: demo.domains[0].domain, path: "/" });
check(purge.status === 200 && purge.body.queued === true, "purge-cache");
const list = await call("GET", `/domains/${domainId}/routing-rules`);
check(list.status === 200 && list.body.ruleCount >= 1, "list routing rules");
const created = await call("POST", `/domains/${domainId}/routing-rules`, {
  sourcePath: "/smoke",
  targetUrl: "/ok",
});
check(created.status === 201, "create routing rule");
const rulePath = `/domains/${domainId}/routing-rules/${created.body.rule.ruleId}`;
check((await call("GET", rulePath)).status === 200, "get routing rule");
check(
  (await call("PATCH", rulePath, { priority: 3 })).body.rule?.priority === 3,
  "update routing rule",
);
check((await call("DELETE", rulePath)).body.deleted === true, "delete routing rule");

// Every export answers the demo's recorded history with real data.
const crawls = await call("POST", "/export-crawl-analytics", { domainId, period: "365d" });
check(
  crawls.status === 200 && crawls.body.domains[0].summary.verifiedCrawls > 0,
  "export-crawl-analytics",
);
const pages = await call("POST", "/export-page-analytics", { domainId, period: "30d" });
check(pages.status === 200 && pages.body.pageCount > 100, "export-page-analytics");
const next = await call("POST", "/export-page-analytics", { cursor: pages.body.nextCursor });
check(next.status === 200 && next.body.pages.length > 0, "export-page-analytics cursor");
const snapshots = await call("POST", "/export-page-snapshots", { domainId, url: "/" });
const snapshotIds = Object.keys(snapshots.body.snapshots ?? {});
check(snapshots.status === 200 && snapshotIds.length > 0, "export-page-snapshots");
const html = await call("POST", "/get-snapshot", { snapshot_id: snapshotIds[0] });
check(
  (html.status === 200 && html.body.html.includes("<")) ||
    (html.status === 404 && html.body.error === "snapshot not found in storage"),
  "get-snapshot",
);
const referrals = await call("POST", "/export-ai-referrals", { domainId });
check(
  referrals.status === 200 && referrals.body.domains[0].topLandingPaths.length > 0,
  "export-ai-referrals",
);
const users = await call("POST", "/export-user-analytics", { period: "30d" });
check(
  users.status === 200 && users.body.domains[0].summary.totalCrawls > 0,
  "export-user-analytics",
);
const logs = await call("POST", "/export-crawl-logs", { domainId, period: "7d" });
check(logs.status === 200 && logs.body.rowCount > 0, "export-crawl-logs json");
const files = await call("POST", "/export-crawl-logs", { domainId, format: "parquet" });
check(files.status === 200 && files.body.fileCount > 0, "export-crawl-logs parquet");

child.kill("SIGTERM");
const code = await new Promise((resolve) => child.once("exit", resolve));
check(code === 0, "server stops cleanly on SIGTERM");
rmSync(dataDir, { recursive: true, force: true });
console.log("smoke: demo server answered every built endpoint");

function check(ok, what) {
  if (!ok) fail(what);
}

function fail(why) {
  console.error(`smoke failed: ${why}\n${stderr}`);
  child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
