import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getTaxonomy, type Taxonomy } from "@crawlgate/core";
import { describe, expect, it } from "vitest";
import { main } from "./main.js";

const RANGES = new URL("../../core/src/verify/data/ranges/", import.meta.url);
interface ManifestEntry {
  file: string;
  url: string;
}
interface RangeFile {
  prefixes: ({ ipv4Prefix: string } | { ipv6Prefix: string })[];
}
const readJson = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, RANGES), "utf8"));

/** An IPv4 address inside the file's first IPv4 prefix (the network address + 1 below /32). */
function addressInside(file: RangeFile): string {
  const prefix = file.prefixes.flatMap((p) => ("ipv4Prefix" in p ? [p.ipv4Prefix] : []))[0];
  if (!prefix) throw new Error("no IPv4 prefix");
  const [network, bits] = prefix.split("/") as [string, string];
  const octets = network.split(".").map(Number);
  if (Number(bits) < 32) octets[3] = (octets[3] as number) + 1;
  return octets.join(".");
}

const logLine = (ip: string, second: number, ua: string) =>
  `${ip} - - [20/Nov/2026:10:${String(Math.floor(second / 60)).padStart(2, "0")}:${String(second % 60).padStart(2, "0")} +0000] "GET /page-${second} HTTP/1.1" 200 512 "-" "${ua}"`;

/** Runs the CLI on `dir` with `env` (read at each run), capturing its output. */
const cli =
  (dir: string, env: NodeJS.ProcessEnv) =>
  async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main([...args, "--data-dir", dir], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };

describe("shipped published ranges, through crawlgate import-logs", () => {
  it("verifies every bot whose operator publishes ranges, from an address in its own file", async () => {
    const taxonomy = getTaxonomy("1.0") as Taxonomy;
    const manifest = readJson<{ files: ManifestEntry[] }>("manifest.json").files;
    const rangeBots = taxonomy.bots.filter((b) => b.verificationMethod === "published_ip_ranges");
    expect(rangeBots.length).toBeGreaterThan(30);
    const lines: string[] = [];
    const expected = new Map<string, string>();
    for (const bot of rangeBots) {
      const entry = manifest.find((e) => e.url === bot.verification.ipRangesUrl);
      if (!entry)
        throw new Error(`${bot.botId}: no shipped file for ${bot.verification.ipRangesUrl}`);
      const ua = `Mozilla/5.0 (compatible; ${bot.uaPatterns[0]}/1.0; +https://example.com/bot)`;
      lines.push(logLine(addressInside(readJson<RangeFile>(entry.file)), lines.length, ua));
      expected.set(bot.botId, "verified");
    }
    // The same bots that publish ranges but no reverse DNS stay declared from elsewhere.
    for (const id of ["gptbot", "perplexitybot", "ahrefsbot", "claudebot"]) {
      lines.push(logLine("203.0.113.9", lines.length, `Mozilla/5.0 (compatible; ${id}/1.0)`));
    }
    const dir = mkdtempSync(join(tmpdir(), "crawlgate-ranges-"));
    try {
      const log = join(dir, "access.log");
      writeFileSync(log, `${lines.join("\n")}\n`);
      const run = cli(dir, { CRAWLGATE_RANGE_REFRESH: "off" });
      expect((await run("users", "create", "owner")).code).toBe(0);
      expect((await run("domains", "add", "site.example.com", "--owner", "owner")).code).toBe(0);
      const imported = await run("import-logs", log, "--domain", "site.example.com");
      expect(imported.code, imported.err).toBe(0);
      expect(JSON.parse(imported.out)).toMatchObject({
        recorded: lines.length,
        byVerdict: { verified: rangeBots.length, declared: 4 },
      });
      const { createSqliteDatabase } = await import("@crawlgate/adapter-kysely/sqlite");
      const handle = createSqliteDatabase(join(dir, "crawlgate.sqlite"));
      try {
        const rows = await handle.db
          .selectFrom("crawl_events")
          .select(["bot_id", "verdict", "matched_range"])
          .where("verdict", "=", "verified")
          .execute();
        const verified = new Map(rows.map((r) => [r.bot_id, r.verdict]));
        expect(verified).toEqual(expected);
        expect(rows.every((r) => r.matched_range !== null)).toBe(true);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("crawlgate ranges refresh and status", () => {
  it("a refresh from a newer file changes later verdicts; a failing refresh keeps the data", async () => {
    let body: string | null = JSON.stringify({
      creationTime: "2026-11-20T00:00:00.000000",
      prefixes: [{ ipv4Prefix: "198.51.100.0/24" }],
    });
    const server = createServer((req, res) => {
      if (body !== null && req.url === "/openai/gptbot.json") res.end(body);
      else res.writeHead(503).end("down");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const dir = mkdtempSync(join(tmpdir(), "crawlgate-refresh-"));
    const env = {
      CRAWLGATE_RANGE_URLS: JSON.stringify({
        "https://": `http://127.0.0.1:${port}/other/`,
        "https://openai.com/": `http://127.0.0.1:${port}/openai/`,
      }),
    };
    const run = cli(dir, env);
    let line = 0;
    const importGptbot = async () => {
      const log = join(dir, `access-${++line}.log`);
      writeFileSync(
        log,
        `${logLine("198.51.100.20", line, "Mozilla/5.0 (compatible; GPTBot/1.2)")}\n`,
      );
      const result = await run("import-logs", log, "--domain", "site.example.com");
      expect(result.code, result.err).toBe(0);
      return JSON.parse(result.out).byVerdict;
    };
    try {
      await run("users", "create", "owner");
      await run("domains", "add", "site.example.com", "--owner", "owner");
      expect(await importGptbot()).toEqual({ declared: 1 });

      const refreshed = await run("ranges", "refresh");
      // Only OpenAI's GPTBot file is served: every other file fails and keeps its shipped copy.
      expect(refreshed.code, refreshed.err).toBe(1);
      expect(refreshed.out, refreshed.err).not.toBe("");
      const summary = JSON.parse(refreshed.out);
      expect(summary.ok).toBe(1);
      expect(summary.failed).toContainEqual({
        url: "https://openai.com/searchbot.json",
        error: "HTTP 503",
      });
      expect(refreshed.err).toMatch(/\[\d+\/\d+\] https:\/\/openai\.com\/gptbot\.json: 1 prefixes/);
      expect(refreshed.err).toMatch(/"event":"range_refresh_failed"/);
      expect(await importGptbot()).toEqual({ verified: 1 });

      body = null;
      const failing = await run("ranges", "refresh");
      expect(failing.code).toBe(1);
      expect(JSON.parse(failing.out).ok).toBe(0);
      expect(await importGptbot()).toEqual({ verified: 1 });

      const status = await run("ranges", "status");
      expect(status.code).toBe(0);
      expect(status.out).toMatch(
        /^https:\/\/openai\.com\/gptbot\.json {2}refreshed {2}age \d+s {2}1 prefixes {2}last error: HTTP 503$/m,
      );
      expect(status.out).toMatch(
        /^https:\/\/www\.bing\.com\/toolbox\/bingbot\.json {2}shipped {2}age \d+d {2}28 prefixes {2}last error: HTTP 503$/m,
      );
      const json = JSON.parse((await run("ranges", "status", "--json")).out);
      expect(json.find((s: { url: string }) => s.url.endsWith("gptbot.json"))).toMatchObject({
        source: "refreshed",
        prefixes: 1,
        lastError: "HTTP 503",
      });

      env.CRAWLGATE_RANGE_URLS = "not json";
      const bad = await run("ranges", "refresh");
      expect([bad.code, bad.err]).toEqual([1, "error: CRAWLGATE_RANGE_URLS is not JSON"]);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
