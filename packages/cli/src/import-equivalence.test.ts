import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCrawlgate } from "@crawlgate/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { domainOf } from "./commands/admin.js";
import { importLogs } from "./import-logs.js";
import { main } from "./main.js";
import { nodeResolver } from "./node-resolver.js";
import { openStores } from "./stores.js";
import { dumpImportTables } from "./test-support/import-tables.js";

const AGENTS: [string, string][] = [
  ["66.249.66.1", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
  ["203.0.113.50", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
  ["20.171.206.9", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"],
  ["216.73.216.10", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"],
  ["203.0.113.9", "curl/8.5.0"],
  ["198.51.100.7", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"],
]; // biome-ignore format: one agent a line

/** A deterministic log over two days: bots (verified and spoofed), automation, people. */
function generatedLog(lines: number): string {
  let seed = 9;
  const next = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const [ip, ua] = AGENTS[Math.floor(next() * AGENTS.length)] as [string, string];
    const r = next();
    const target =
      r < 0.1
        ? `/static/app-${i % 7}.css`
        : r < 0.13
          ? "/wp-login.php"
          : `/p/${Math.floor(next() * 700)}?v=${i % 3}`;
    const referer = r > 0.9 ? "https://chatgpt.com/" : "-";
    const d = new Date(Date.UTC(2026, 10, 20, 0, 0, 0) + i * 60_000);
    const time = `${String(d.getUTCDate()).padStart(2, "0")}/Nov/2026:${d.toISOString().slice(11, 19)} +0000`;
    out.push(
      i % 500 === 7
        ? "garbage"
        : `${ip} - - [${time}] "GET ${target} HTTP/1.1" 200 ${i} "${referer}" "${ua}"`,
    );
  }
  return out.join("\n");
}

const dump = (dir: string) => dumpImportTables(dir);

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "crawlgate-import-eq-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("import-logs write path", () => {
  it("stores exactly what the per-line recordCrawl path with default batching stored", async () => {
    const io = { out: () => {}, err: () => {}, env: {} };
    const fast = join(root, "fast");
    const log = join(root, "access.log");
    writeFileSync(log, generatedLog(3_000));
    await main(["users", "create", "owner", "--data-dir", fast], io);
    await main(["domains", "add", "site.example.com", "--owner", "owner", "--data-dir", fast], io);
    // The same database (same domain id, so the same event ids) for the per-line path.
    const slow = join(root, "slow");
    cpSync(fast, slow, { recursive: true });

    const out: string[] = [];
    const code = await main(
      ["import-logs", log, "--domain", "site.example.com", "--data-dir", fast],
      { ...io, out: (l) => out.push(l) },
    );
    expect(code).toBe(0);

    // Before the chunked path: one recordCrawl call per crawl, the default ingest settings.
    const stores = await openStores({
      dataDir: slow,
      databaseUrl: undefined,
      databaseSchema: undefined,
      s3: null,
    });
    try {
      const domain = await domainOf(stores.deps, "site.example.com");
      const inserted = { crawls: 0, referrals: 0 };
      const { ingest } = createCrawlgate({ ...stores.deps, resolver: nodeResolver, fetch: null });
      const summary = await importLogs({
        files: [log],
        domainId: domain.domainId,
        hostname: domain.hostname,
        ingest: {
          recordRequest: ingest.recordRequest,
          classify: ingest.classify,
          recordCrawls: (events) => Promise.all(events.map((e) => ingest.recordCrawl(e))),
          recordReferral: (visit) => ingest.recordReferral(visit),
          close: () => ingest.close(),
        },
        inserted,
        progress: { line: () => {} },
      });
      const fastSummary = JSON.parse(out.join("\n"));
      expect(fastSummary.byVerdict).toEqual(summary.byVerdict);
      expect(fastSummary.byVerdict.verified).toBeGreaterThan(0);
      expect(fastSummary.byVerdict.declared).toBeGreaterThan(0);
      expect(fastSummary.referrals).toBeGreaterThan(0);
    } finally {
      await stores.close();
    }
    const [a, b] = [dump(fast), dump(slow)];
    expect(a.crawl_events?.length).toBeGreaterThan(1_000);
    expect(a).toEqual(b);
  });
});
