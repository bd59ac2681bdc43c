import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
      const run = async (...args: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await main([...args, "--data-dir", dir], {
          out: (l) => out.push(l),
          err: (l) => err.push(l),
          env: { CRAWLGATE_RANGE_REFRESH: "off" },
        });
        return { code, out: out.join("\n"), err: err.join("\n") };
      };
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
