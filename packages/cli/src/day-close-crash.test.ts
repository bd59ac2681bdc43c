import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { closeArchive } from "@crawlgate/core";
import { makeCrawl, makeDomain, makeUser } from "@crawlgate/core/testing";
import { parquetReadObjects } from "hyparquet";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStores } from "./stores.js";

const CHILD = new URL("./test-support/day-close-child.ts", import.meta.url).pathname;
const ROOT = new URL("../../../", import.meta.url).pathname;
const NOW = "2026-11-20T01:00:00.000Z";
const PART_ROWS = 40;
const USER = makeUser({ userId: "00000000-0000-4000-8000-00000000c0de", name: "crash" });
const DOMAIN = makeDomain(USER.userId, {
  domainId: "00000000-0000-4000-8000-00000000d0de",
  hostname: "crash.example.com",
});
const DAYS = ["2026-11-10", "2026-11-12", "2026-11-13", "2026-11-16", "2026-11-17", "2026-11-19"];

const open = (dataDir: string) =>
  openStores({ dataDir, databaseUrl: undefined, databaseSchema: undefined, s3: null });

/** The same crawls in every data directory: 100 a day (3 parts), ties on ts included. */
async function seed(dataDir: string) {
  const stores = await open(dataDir);
  await stores.deps.accounts.createUser(USER);
  await stores.deps.accounts.createDomain(DOMAIN);
  const rows = DAYS.flatMap((day, d) =>
    Array.from({ length: 100 }, (_, i) =>
      makeCrawl(DOMAIN.domainId, {
        eventId: `ev-${d}-${String(i).padStart(3, "0")}`,
        ts: new Date(Date.parse(`${day}T00:00:00.000Z`) + Math.floor(i / 2) * 60_000),
        path: `/p/${i % 9}`,
        verdict: i % 3 ? "declared" : "verified",
      }),
    ),
  );
  await stores.deps.crawls.appendCrawls(rows, { pathCap: 1000 });
  await stores.close();
}

/** The archive as files describe it (closedAt aside), and the raw rows left. */
async function archiveOf(dataDir: string) {
  const stores = await open(dataDir);
  try {
    const files = await stores.deps.archive.listArchiveFiles(
      DOMAIN.domainId,
      "2026-01-01",
      "2026-12-31",
    );
    const readable = [];
    for (const f of files) {
      const bytes = await stores.deps.blobs.getBlob(f.key);
      const rows = bytes ? await parquetReadObjects({ file: bytes.buffer as ArrayBuffer }) : [];
      readable.push(rows.length);
    }
    return {
      files: files.map(({ closedAt: _, ...identity }) => identity),
      readable,
      hot: await stores.deps.crawls.hotCrawlDays("2026-12-31"),
    };
  } finally {
    await stores.close();
  }
}

function startChild(dataDir: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CHILD, dataDir, NOW, String(PART_ROWS)],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: string[] = [];
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (l) =>
    lines.push(l),
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, lines, exited, stderr: () => stderr };
}

describe("day close killed mid-way (child process, SQLite + local blobs)", () => {
  let dir: string;
  let running: ChildProcess | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "crawlgate-dayclose-"));
  });
  afterEach(() => {
    running?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("leaves the same archive when run again after a SIGKILL at any point", async () => {
    const reference = join(dir, "reference");
    await seed(reference);
    const stores = await open(reference);
    await closeArchive(stores.deps, new Date(NOW), { partRows: PART_ROWS });
    await stores.close();
    const expected = await archiveOf(reference);
    expect(expected.files.map((f) => [f.day, f.part, f.frozen])).toHaveLength(18);
    expect(expected.hot.map((h) => h.day)).toEqual(["2026-11-17", "2026-11-19"]);

    // Killed after 0, 2 or 4 of the 6 domain-days, or a moment after it started.
    for (const kill of [{ after: 0 }, { after: 2 }, { after: 4 }, { delayMs: 40 }]) {
      const dataDir = join(dir, `crash-${JSON.stringify(kill).replace(/\W/g, "")}`);
      await seed(dataDir);
      const run = startChild(dataDir);
      running = run.child;
      for (let i = 0; i < 2400 && !run.lines.includes("ready"); i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(run.lines, run.stderr()).toContain("ready");
      if ("after" in kill) {
        const closed = () => run.lines.filter((l) => l.startsWith("closed ")).length;
        for (let i = 0; i < 2400 && closed() < (kill.after ?? 0); i++)
          await new Promise((r) => setTimeout(r, 5));
      } else await new Promise((r) => setTimeout(r, kill.delayMs));
      run.child.kill("SIGKILL");
      await run.exited;
      expect(run.lines, JSON.stringify(kill)).not.toContain("done");
      running = null;

      // Another instance, once the dead one's lease expired, closes again.
      const again = await open(dataDir);
      const later = new Date(Date.parse(NOW) + 11 * 60_000);
      await closeArchive(again.deps, later, { partRows: PART_ROWS });
      await again.close();
      expect(await archiveOf(dataDir), JSON.stringify(kill)).toEqual(expected);
    }
  }, 120_000);
});
