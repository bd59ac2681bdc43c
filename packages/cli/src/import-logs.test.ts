import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CliIo } from "./main.js";

// The import's heap-growth flag is process-wide: observed here, never set in the test worker.
vi.mock("node:v8", async (original) => ({
  ...(await original<typeof import("node:v8")>()),
  setFlagsFromString: vi.fn(),
}));
// Test files share their worker's modules (`isolate: false` in vitest.config.ts): an earlier
// file may have loaded the CLI with the real node:v8. Load it again, under the mock.
vi.resetModules();
const { IMPORT_INGEST } = await import("./import-logs.js");
const { main } = await import("./main.js");

const GPTBOT = "Mozilla/5.0 (compatible; GPTBot/1.0; +https://openai.com/gptbot)";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0) Chrome/120 Safari/537.36";

/** One combined-format line. */
const line = (ip: string, second: number, target: string, referer: string, ua: string) =>
  `${ip} - - [20/Nov/2026:10:00:${String(second).padStart(2, "0")} +0000] "GET ${target} HTTP/1.1" 200 100 "${referer}" "${ua}"`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "crawlgate-import-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  return runWith({}, ...args);
}

async function runWith(extra: Partial<CliIo>, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, ...extra };
  const code = await main([...args, "--data-dir", dir], io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function site() {
  await run("users", "create", "owner");
  await run("domains", "add", "site.example.com", "--owner", "owner");
}

/** Writes `lines` as a log file and imports it into site.example.com. */
async function importLines(lines: string[], ...flags: string[]) {
  const log = join(dir, "access.log");
  writeFileSync(log, lines.join("\n"));
  return run("import-logs", log, "--domain", "site.example.com", ...flags);
}

async function tableRows(table: "crawl_events" | "referral_visits") {
  const { createSqliteDatabase } = await import("@crawlgate/adapter-kysely/sqlite");
  const handle = createSqliteDatabase(join(dir, "crawlgate.sqlite"));
  try {
    // biome-ignore lint/suspicious/noExplicitAny: both tables have a path column
    return (await (handle.db as any).selectFrom(table).selectAll().execute()) as {
      path: string;
      source?: string;
    }[];
  } finally {
    await handle.close();
  }
}

describe("import-logs: referrals, assets and probes", () => {
  it("records AI referrals of people, and skips assets and scanner probes of bots", async () => {
    await site();
    const lines = [
      // People: two AI referrals (Referer host, utm_source), one from the site, one from Google.
      line("198.51.100.1", 0, "/pricing", "https://chatgpt.com/", BROWSER),
      line("198.51.100.2", 1, "/docs?utm_source=perplexity", "-", BROWSER),
      line("198.51.100.3", 2, "/about", "https://site.example.com/", BROWSER),
      line("198.51.100.4", 3, "/about", "https://www.google.com/", BROWSER),
      // A person's asset with an AI Referer is not a landing page.
      line("198.51.100.5", 4, "/logo.png", "https://chatgpt.com/", BROWSER),
      // Bots: a page, an asset, two probes.
      line("203.0.113.5", 5, "/pricing", "-", GPTBOT),
      line("203.0.113.5", 6, "/app.js?v=3", "-", GPTBOT),
      line("203.0.113.9", 7, "/.env", "-", "python-requests/2.31"),
      line("203.0.113.9", 8, "/wp-login.php", "-", "python-requests/2.31"),
      // NDJSON with a content type: an image at an extensionless path is an asset.
      '{"time":"2026-11-20T10:00:09Z","remote_addr":"203.0.113.5","request":"GET /img/hero HTTP/1.1","status":200,"content_type":"image/webp","http_user_agent":"GPTBot/1.0"}',
      // A person who came from a bot's referer field is still a person, never a crawl.
      line("198.51.100.6", 10, "/contact", "https://claude.ai/chat/1", BROWSER),
    ];
    const first = await importLines(lines);
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({
      lines: 11,
      recorded: 1,
      skipped: 6,
      referrals: 3,
      assets: 2,
      probes: 2,
      malformed: 0,
      byVerdict: { declared: 1 },
    });
    expect((await tableRows("crawl_events")).map((r) => r.path)).toEqual(["/pricing"]);
    const referrals = await tableRows("referral_visits");
    expect(referrals.map((r) => [r.path, r.source]).sort()).toEqual([
      ["/contact", "claude"],
      ["/docs", "perplexity"],
      ["/pricing", "chatgpt"],
    ]);
    // Importing again stores no referral twice.
    expect((await importLines(lines)).code).toBe(0);
    expect(await tableRows("referral_visits")).toHaveLength(3);
  });

  it("records asset crawls with --include-assets, never probes", async () => {
    await site();
    const result = await importLines(
      [
        line("203.0.113.5", 0, "/app.js", "-", GPTBOT),
        line("203.0.113.5", 1, "/.git/config", "-", GPTBOT),
      ],
      "--include-assets",
    );
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ recorded: 1, assets: 0, probes: 1 });
    expect((await tableRows("crawl_events")).map((r) => r.path)).toEqual(["/app.js"]);
  });
});

describe("import-logs: reporting", () => {
  it("reports malformed lines by number (first 10, then a count), and --strict stops", async () => {
    await site();
    const lines = [line("203.0.113.5", 0, "/a", "-", GPTBOT)];
    for (let i = 0; i < 12; i++) lines.push(`garbage ${i}`);
    lines.push(line("203.0.113.5", 1, "/b", "-", GPTBOT));
    const result = await importLines(lines);
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({
      lines: 14,
      recorded: 2,
      malformed: 12,
      malformedLines: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(
        (n) => `${join(dir, "access.log")}:${n}`,
      ),
    });
    expect(result.err).toContain(`malformed line ${join(dir, "access.log")}:2: garbage 0\n`);
    expect(result.err).toContain(`malformed line ${join(dir, "access.log")}:11: garbage 9\n`);
    expect(result.err).not.toMatch(/access\.log:12:/);
    expect(result.err).toMatch(/… and 2 more malformed lines/);

    const strict = await importLines(lines, "--strict");
    expect(strict.code).toBe(1);
    expect(strict.out).toBe("");
    expect(strict.err).toContain(
      `error: malformed line ${join(dir, "access.log")}:2 (--strict): garbage 0`,
    );
  });

  it("reports a re-import as recorded: 0, alreadyStored: N", async () => {
    await site();
    const lines = [
      line("203.0.113.5", 0, "/a", "-", GPTBOT),
      line("203.0.113.5", 1, "/b", "-", GPTBOT),
      line("198.51.100.1", 2, "/c", "https://chatgpt.com/", BROWSER),
    ];
    expect(JSON.parse((await importLines(lines)).out)).toMatchObject({
      recorded: 2,
      alreadyStored: 0,
      referrals: 1,
    });
    expect(JSON.parse((await importLines(lines)).out)).toMatchObject({
      recorded: 0,
      alreadyStored: 2,
      referrals: 0,
    });
  });

  it("stores every crawl exactly once when the reader waits for the writer (several batches)", async () => {
    await site();
    // More crawls than two write batches (what the reader may have in flight): it pauses.
    const crawls = 2 * IMPORT_INGEST.maxBuffered + 1_234;
    const lines = Array.from({ length: crawls }, (_, i) =>
      line("203.0.113.5", i % 60, `/p/${i % 3_000}`, "-", GPTBOT),
    );
    expect(JSON.parse((await importLines(lines)).out)).toMatchObject({
      lines: crawls,
      recorded: crawls,
      alreadyStored: 0,
    });
    expect(JSON.parse((await importLines(lines)).out)).toMatchObject({
      recorded: 0,
      alreadyStored: crawls,
    });
    expect(await tableRows("crawl_events")).toHaveLength(crawls);
  }, 120_000);

  it("draws a bar with lines/s and an ETA on a terminal, plain lines otherwise", async () => {
    await site();
    const log = join(dir, "access.log");
    writeFileSync(log, line("203.0.113.5", 0, "/a", "-", GPTBOT));
    const status: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: () => {},
      err: (l) => err.push(l),
      status: (t) => status.push(t),
      env: {},
    };
    const args = ["import-logs", log, "--domain", "site.example.com", "--data-dir", dir];
    expect(await main(args, io)).toBe(0);
    expect(status[0]).toMatch(/^\[[#-]{24}\] +\d+% 1 lines \d+\/s ETA \d+s$/);
    expect(err.join("\n")).toMatch(/^imported 1 lines in [\d.]+s \(\d+\/s\), 1 crawls recorded$/m);
    const plain = await importLines([line("203.0.113.5", 1, "/b", "-", GPTBOT)]);
    expect(plain.err).toMatch(/^imported 1 lines \(\d+\/s\), 0 crawls recorded$/m);
  });
});

describe("import-logs: inputs and formats", () => {
  it("reads gzip, standard input and several files in one run", async () => {
    await site();
    const plain = join(dir, "a.log");
    const gz = join(dir, "b.log.gz");
    writeFileSync(plain, line("203.0.113.5", 0, "/a", "-", GPTBOT));
    writeFileSync(gz, gzipSync(`${line("203.0.113.5", 1, "/b", "-", GPTBOT)}\nbroken\n`));
    const err: string[] = [];
    const out: string[] = [];
    const io: CliIo = {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: {},
      stdin: Readable.from([`${line("203.0.113.5", 2, "/c", "-", GPTBOT)}\n`]),
    };
    const args = ["import-logs", plain, gz, "-", "--domain", "site.example.com"];
    expect(await main([...args, "--data-dir", dir], io), err.join("\n")).toBe(0);
    expect(JSON.parse(out.join(""))).toMatchObject({
      lines: 4,
      recorded: 3,
      malformed: 1,
      malformedLines: [`${gz}:2`],
    });
    expect((await tableRows("crawl_events")).map((r) => r.path).sort()).toEqual(["/a", "/b", "/c"]);
  });

  it("detects combined with $request_time, Apache vhost_combined and NDJSON; --format overrides", async () => {
    await site();
    const combined = line("203.0.113.5", 0, "/a", "-", GPTBOT);
    const lines = [
      `${combined} 0.004 site.example.com`,
      `site.example.com:443 ${line("203.0.113.5", 1, "/b", "-", GPTBOT)}`,
      '{"ts":"2026-11-20T10:00:02Z","ip":"203.0.113.5","path":"/c","status":200,"userAgent":"GPTBot/1.0"}',
    ];
    expect(JSON.parse((await importLines(lines)).out)).toMatchObject({ recorded: 3, malformed: 0 });
    // Forced to NDJSON, the two text lines are malformed (and the JSON one stored already).
    expect(JSON.parse((await importLines(lines, "--format", "ndjson")).out)).toMatchObject({
      recorded: 0,
      alreadyStored: 1,
      malformed: 2,
    });
    const bad = await importLines(lines, "--format", "w3c");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--format must be one of auto, combined, vhost_combined, ndjson/);
  });
});

describe("import-logs: process-wide settings", () => {
  it("sets V8's heap growth only when the command owns its process (the binary), not in-process", async () => {
    await site();
    const log = join(dir, "access.log");
    writeFileSync(log, line("66.249.66.1", 1, "/a", "-", GPTBOT));
    const flags = vi.mocked(setFlagsFromString);
    flags.mockClear();
    expect((await run("import-logs", log, "--domain", "site.example.com")).code).toBe(0);
    expect(flags).not.toHaveBeenCalled();
    const owned = await runWith(
      { ownsProcess: true },
      "import-logs",
      log,
      "--domain",
      "site.example.com",
    );
    expect(owned.code).toBe(0);
    expect(flags).toHaveBeenCalledWith("--heap-growing-percent=25");
  });
});
