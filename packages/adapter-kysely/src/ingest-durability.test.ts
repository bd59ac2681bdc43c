import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteDatabase } from "./sqlite/index.js";

const CHILD = new URL("./test-support/ingest-child.ts", import.meta.url).pathname;
const ROOT = new URL("../../../", import.meta.url).pathname;
const TOTAL = 3000;
/** The child's crawl writer: the SQLite writer thread (default) or the handle's connection. */
type Writer = "thread" | "inline";

function start(file: string, writer: Writer, from = 0, to = TOTAL) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CHILD, file, String(from), String(to), writer],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const acked = new Set<string>();
  const lines: string[] = [];
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    lines.push(line);
    if (line.startsWith("acked ")) acked.add(line.slice(6));
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, acked, lines, exited, stderr: () => stderr };
}

async function until(check: () => boolean, what: string, stderr: () => string) {
  for (let i = 0; i < 1200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}: ${stderr()}`);
}

async function storedIds(file: string): Promise<string[]> {
  const handle = createSqliteDatabase(file);
  try {
    const rows = await handle.db.selectFrom("crawl_events").select("event_id").execute();
    return rows.map((r) => r.event_id);
  } finally {
    await handle.close();
  }
}

async function totalCount(file: string): Promise<number> {
  const handle = createSqliteDatabase(file);
  try {
    const rows = await handle.db.selectFrom("crawl_bot_day").select("count").execute();
    return rows.reduce((n, r) => n + Number(r.count), 0);
  } finally {
    await handle.close();
  }
}

describe.each<Writer>(["thread", "inline"])(
  "ingest durability across processes (SQLite, %s writer)",
  (writer) => {
    let dir: string;
    let running: ChildProcess | null = null;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), "crawlgate-durability-"));
    });
    afterEach(() => {
      running?.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    });

    it("keeps every acknowledged event through SIGKILL, and a replay leaves one row per event", async () => {
      const file = join(dir, "ingest.sqlite");
      const first = start(file, writer);
      running = first.child;
      await until(() => first.acked.size >= 300, "acknowledgements", first.stderr);
      first.child.kill("SIGKILL");
      await first.exited;
      const ackedBeforeKill = [...first.acked];
      const afterKill = new Set(await storedIds(file));
      for (const id of ackedBeforeKill) expect(afterKill.has(id), id).toBe(true);
      expect(afterKill.size).toBeLessThan(TOTAL);

      // Replay the whole stream: already stored events are no-ops.
      const replay = start(file, writer);
      running = replay.child;
      await until(() => replay.acked.size === TOTAL, "the replay", replay.stderr);
      replay.child.kill("SIGTERM");
      await replay.exited;
      const ids = await storedIds(file);
      expect(ids).toHaveLength(TOTAL);
      expect(new Set(ids).size).toBe(TOTAL);
      expect(await totalCount(file)).toBe(TOTAL);
    });

    it("flushes everything submitted on SIGTERM", async () => {
      const file = join(dir, "ingest.sqlite");
      const run = start(file, writer);
      running = run.child;
      await until(() => run.acked.size >= 200, "acknowledgements", run.stderr);
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      const closed = run.lines.find((l) => l.startsWith("closed "));
      expect(closed).toBeDefined();
      const submitted = Number(closed?.slice(7));
      expect(submitted).toBeGreaterThanOrEqual(run.acked.size);
      expect(await storedIds(file)).toHaveLength(submitted);
    });
  },
);
