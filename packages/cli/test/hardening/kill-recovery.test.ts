import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliIo, main } from "../../src/main.js";

/**
 * SIGKILL, then exact recovery: `serve` killed while rule writes are in flight keeps every write
 * it acknowledged (and nothing twice); `import-logs` killed in the middle of a file, then run
 * again, leaves exactly the rows and counts of one clean import.
 */

const ROOT = new URL("../../../../", import.meta.url).pathname;
const BIN = join(ROOT, "packages/cli/src/bin.ts");
const ENV = { ...process.env, CRAWLGATE_RANGE_REFRESH: "off" };
const children: ChildProcess[] = [];

function cli(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", BIN, ...args], {
    cwd: ROOT,
    env: ENV,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const out: string[] = [];
  const err: string[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (l) => out.push(l));
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (l) => err.push(l));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, out, err, exited };
}

async function until(check: () => boolean, what: string, detail: () => string) {
  for (let i = 0; i < 2400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}: ${detail()}`);
}

async function run(dir: string, ...args: string[]): Promise<string> {
  const lines: string[] = [];
  const errors: string[] = [];
  const io: CliIo = { out: (l) => lines.push(l), err: (l) => errors.push(l), env: {} };
  const code = await main([...args, "--data-dir", dir], io);
  if (code !== 0) throw new Error(`${args.join(" ")}: ${errors.join("\n")}`);
  return lines.join("\n");
}

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "crawlgate-kill-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("SIGKILL and recovery", () => {
  it("serve keeps every rule write it acknowledged", async () => {
    await run(dir, "users", "create", "owner", "--plan", "enterprise");
    const { key } = JSON.parse(await run(dir, "keys", "create", "owner"));
    const { domainId } = JSON.parse(
      await run(dir, "domains", "add", "site.example.com", "--owner", "owner"),
    );

    const serve = cli(["serve", "--port", "0", "--data-dir", dir]);
    await until(
      () => serve.out.length > 0,
      "serve to start",
      () => serve.err.join("\n"),
    );
    const base = JSON.parse(serve.out[0] as string).baseUrl as string;
    const rules = `${base}/functions/v1/domains/${domainId}/routing-rules`;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

    const acked = new Set<string>();
    let attempted = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const sourcePath = `/k/${w}/${i}`;
        attempted++;
        try {
          const res = await fetch(rules, {
            method: "POST",
            headers,
            body: JSON.stringify({ sourcePath, targetUrl: `/t/${w}/${i}` }),
          });
          if (res.status === 201) acked.add(sourcePath);
          else throw new Error(`unexpected ${res.status}`);
        } catch {
          return; // the server is gone: this write's outcome is unknown
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await until(
      () => acked.size >= 40,
      "40 acknowledged writes",
      () => serve.err.join("\n"),
    );
    serve.child.kill("SIGKILL"); // writes are in flight on 8 connections
    stop = true;
    await Promise.all(writers);
    await serve.exited;

    // Restarted on the same data: every acknowledged rule is there, once, and writes go on.
    const again = cli(["serve", "--port", "0", "--data-dir", dir]);
    await until(
      () => again.out.length > 0,
      "serve to restart",
      () => again.err.join("\n"),
    );
    const base2 = JSON.parse(again.out[0] as string).baseUrl as string;
    const rules2 = `${base2}/functions/v1/domains/${domainId}/routing-rules`;
    const listed = (await (await fetch(rules2, { headers })).json()) as {
      rules: { sourcePath: string }[];
    };
    const stored = listed.rules.map((r) => r.sourcePath);
    expect(new Set(stored).size).toBe(stored.length);
    for (const path of acked) expect(stored).toContain(path);
    expect(stored.length).toBeLessThanOrEqual(attempted);
    const next = await fetch(rules2, {
      method: "POST",
      headers,
      body: JSON.stringify({ sourcePath: "/after", targetUrl: "/restart" }),
    });
    expect(next.status).toBe(201);
    again.child.kill("SIGTERM");
    await again.exited;
  }, 120_000);

  it("import-logs killed mid-file, then run again, imports each line exactly once", async () => {
    await run(dir, "users", "create", "owner");
    await run(dir, "domains", "add", "site.example.com", "--owner", "owner");
    // Large enough that the first progress line comes well before the end (imports run at tens
    // of thousands of lines per second).
    const LINES = 200_000;
    const log = join(dir, "access.log");
    const lines: string[] = [];
    for (let i = 0; i < LINES; i++) {
      const s = String(i % 60).padStart(2, "0");
      const m = String(Math.floor(i / 60) % 60).padStart(2, "0");
      const h = String(Math.floor(i / 3600) % 24).padStart(2, "0");
      lines.push(
        `203.0.113.${i % 250} - - [20/Nov/2026:${h}:${m}:${s} +0000] "GET /p/${i} HTTP/1.1" 200 ${i} "-" "Mozilla/5.0 (compatible; GPTBot/1.0; +https://openai.com/gptbot)"`,
      );
    }
    writeFileSync(log, `${lines.join("\n")}\n`);

    const first = cli(["import-logs", log, "--domain", "site.example.com", "--data-dir", dir]);
    // Progress lines come about twice a second; the first one is into the file, not at its end.
    const progress = () => first.err.filter((l) => l.startsWith("imported ") && l.includes("/s"));
    await until(
      () => progress().length >= 1,
      "import progress",
      () => first.err.join("\n"),
    );
    first.child.kill("SIGKILL");
    await first.exited;
    const killedAt = Number(/imported (\d+) lines/.exec(progress().at(-1) ?? "")?.[1]);
    expect(killedAt).toBeLessThan(LINES);
    const partial = await countRows(join(dir, "crawlgate.sqlite"));
    expect(partial.events).toBeLessThan(LINES);

    const summary = JSON.parse(
      await run(dir, "import-logs", log, "--domain", "site.example.com"),
    ) as { lines: number; recorded: number };
    expect(summary.lines).toBe(LINES);
    const after = await countRows(join(dir, "crawlgate.sqlite"));
    expect(after).toEqual({ events: LINES, counted: LINES });
  }, 180_000);
});

/** Stored crawl events, and the crawls the daily per-bot aggregates count. */
async function countRows(file: string): Promise<{ events: number; counted: number }> {
  const handle = createSqliteDatabase(file);
  try {
    const events = await handle.db
      .selectFrom("crawl_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const days = await handle.db.selectFrom("crawl_bot_day").select("count").execute();
    return {
      events: Number(events.n),
      counted: days.reduce((n, r) => n + Number(r.count), 0),
    };
  } finally {
    await handle.close();
  }
}
