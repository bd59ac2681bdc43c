import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Clock, createCrawlgate, type Resolver } from "@crawlgate/core";
import { createEdgeMiddleware } from "@crawlgate/http-express";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { domainOf } from "./commands/admin.js";
import { IMPORT_INGEST, type ImportSummary, importLogs } from "./import-logs.js";
import { main } from "./main.js";
import { openStores } from "./stores.js";
import { dumpImportTables } from "./test-support/import-tables.js";

/** Columns that name the write rather than the request (random at the edge, derived in imports). */
const WRITE_COLUMNS = new Set(["event_id", "visit_id", "stream_id"]);

const HOST = "site.example.com";
const CLIENT_IP_HEADER = "x-test-client-ip";

/** Visitors: verified, spoofed and unverifiable bots, automation clients, people. */
const VISITORS: [ip: string, userAgent: string][] = [
  ["66.249.66.1", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
  ["203.0.113.50", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
  ["20.171.206.9", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"],
  ["216.73.216.10", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"],
  ["198.51.100.20", "Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)"],
  ["203.0.113.9", "curl/8.5.0"],
  ["203.0.113.10", "python-requests/2.31.0"],
  ["198.51.100.7", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"],
  ["198.51.100.8", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"],
  ["198.51.100.9", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"],
]; // biome-ignore format: one visitor a line

/** Pages, assets (robots.txt among them), scanner probes; some with a query. */
const TARGETS = [
  "/", "/pricing", "/blog/post-1", "/blog/post-2?ref=x", "/docs/start?utm_source=chatgpt.com",
  "/index.php", "/.well-known/security.txt", "/robots.txt", "/sitemap.xml", "/static/app.css",
  "/img/logo.png", "/fonts/a.woff2", "/.env", "/.git/config", "/wp-login.php", "/cgi-bin/x",
]; // biome-ignore format: grouped
const REFERERS = [
  "-", "-", "-", "https://chatgpt.com/", "https://www.perplexity.ai/search?q=x",
  "https://claude.ai/chat/1", "https://www.google.com/", `https://${HOST}/pricing`,
]; // biome-ignore format: grouped
const STATUSES = [200, 200, 200, 200, 404, 301, 500];

interface Line {
  ts: Date;
  ip: string;
  userAgent: string;
  target: string;
  referer: string;
  status: number;
  bytes: number;
}

/** A deterministic access log of `count` lines, one second apart. */
function generateLines(count: number): Line[] {
  let seed = 25;
  const pick = <T>(list: readonly T[]): T => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return list[Math.floor((seed / 2 ** 32) * list.length)] as T;
  };
  return Array.from({ length: count }, (_, i) => {
    const [ip, userAgent] = pick(VISITORS);
    return {
      ts: new Date(Date.UTC(2026, 10, 20, 22, 0, 0) + i * 7_000),
      ip,
      userAgent,
      target: pick(TARGETS),
      referer: pick(REFERERS),
      status: pick(STATUSES),
      bytes: 100 + (i % 97) * 13,
    };
  });
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function combined(line: Line): string {
  const d = line.ts;
  const day = String(d.getUTCDate()).padStart(2, "0");
  const time = `${day}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${d.toISOString().slice(11, 19)} +0000`;
  return `${line.ip} - - [${time}] "GET ${line.target} HTTP/1.1" ${line.status} ${line.bytes} "${line.referer}" "${line.userAgent}"`;
}

const dump = (dir: string) => dumpImportTables(dir, WRITE_COLUMNS);

/** No DNS in tests: reverse-DNS checks fail the same way on both paths. */
const NO_DNS: Resolver = {
  reverse: () => Promise.reject(new Error("no DNS in this test")),
  forward: () => Promise.reject(new Error("no DNS in this test")),
  txt: () => Promise.reject(new Error("no DNS in this test")),
};

const storesAt = (dataDir: string) =>
  openStores({ dataDir, databaseUrl: undefined, databaseSchema: undefined, s3: null });

async function importInto(dir: string, log: string, includeAssets: boolean) {
  const stores = await storesAt(dir);
  try {
    const domain = await domainOf(stores.deps, HOST);
    const crawlgate = createCrawlgate(
      { ...stores.deps, resolver: NO_DNS, fetch: null, renderer: null },
      { ingest: IMPORT_INGEST },
    );
    return await importLogs({
      files: [log],
      domainId: domain.domainId,
      hostname: domain.hostname,
      includeAssets,
      ingest: crawlgate.ingest,
      inserted: { crawls: 0, referrals: 0 },
      progress: { line: () => {} },
    });
  } finally {
    await stores.close();
  }
}

/** Sends every line as a live request through the Express edge, the origin answering as logged. */
async function throughEdge(dir: string, lines: Line[]) {
  const stores = await storesAt(dir);
  let now = lines[0]?.ts.getTime() ?? 0;
  const clock: Clock = { now: () => new Date(now) };
  const crawlgate = createCrawlgate(
    { ...stores.deps, clock, resolver: NO_DNS, fetch: null, renderer: null },
    {},
  );
  const app = express();
  app.use(
    createEdgeMiddleware(crawlgate, {
      clientIp: (req) => req.get(CLIENT_IP_HEADER),
      unknownHost: "404",
    }),
  );
  // The site behind the edge answers each request as its log line says.
  app.use((req, res) => {
    const line = lines[Number(req.get("x-line"))] as Line;
    res.status(line.status).send(Buffer.alloc(line.bytes, "a"));
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { port } = server.address() as AddressInfo;
  const send = (line: Line, n: number) =>
    new Promise<number>((resolve, reject) => {
      const headers: Record<string, string> = {
        host: HOST,
        "user-agent": line.userAgent,
        [CLIENT_IP_HEADER]: line.ip,
        "x-line": String(n),
      };
      if (line.referer !== "-") headers.referer = line.referer;
      const req = httpRequest(
        { host: "127.0.0.1", port, path: line.target, headers, agent },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end();
    });
  try {
    for (const [n, line] of lines.entries()) {
      now = line.ts.getTime();
      expect(await send(line, n)).toBe(line.status);
    }
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await crawlgate.close();
    await stores.close();
  }
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "crawlgate-edge-import-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("one recording rule at the edge and in import-logs", () => {
  it("records the same crawls, referrals and skips for one log, row for row", async () => {
    const io = { out: () => {}, err: () => {}, env: {} };
    const edge = join(root, "edge");
    await main(["users", "create", "owner", "--data-dir", edge], io);
    await main(["domains", "add", HOST, "--owner", "owner", "--data-dir", edge], io);
    const [imported, pagesOnly] = [join(root, "import"), join(root, "pages-only")];
    cpSync(edge, imported, { recursive: true });
    cpSync(edge, pagesOnly, { recursive: true });

    const lines = generateLines(1_500);
    const log = join(root, "access.log");
    writeFileSync(log, lines.map(combined).join("\n"));
    await throughEdge(edge, lines);
    const summary: ImportSummary = await importInto(imported, log, true);
    const atEdge = dump(edge);
    expect(dump(imported)).toEqual(atEdge);

    // The log has every case: crawls (verified, declared, automation), referrals, and skips.
    const verdicts = new Set(atEdge.crawl_events?.map((r) => JSON.parse(r).verdict));
    expect([...verdicts].sort()).toEqual(["automation", "declared", "verified"]);
    expect(atEdge.referral_visits?.length).toBeGreaterThan(20);
    expect(summary.probes).toBeGreaterThan(50);
    expect(summary.skipped).toBeGreaterThan(300);
    expect(summary.assets).toBe(0);
    const crawls = atEdge.crawl_events?.length ?? 0;
    expect(crawls + summary.probes + summary.skipped).toBe(lines.length);

    // Without assets, the import records the same minus the crawlers' assets, and counts them.
    const pages = await importInto(pagesOnly, log, false);
    const rows = dump(pagesOnly);
    expect(pages.assets).toBeGreaterThan(50);
    expect(rows.crawl_events?.length).toBe(crawls - pages.assets);
    expect(rows.referral_visits).toEqual(atEdge.referral_visits);
    for (const row of atEdge.crawl_events ?? []) {
      const path = JSON.parse(row).path as string;
      const isAsset = /\.(css|png|woff2|xml|txt)$/.test(path);
      expect(rows.crawl_events?.includes(row), path).toBe(!isAsset);
    }
  }, 60_000);
});
