import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { extname } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CrawlWriter } from "../handle.js";
import { encodeCrawlBatch, transferablesOf } from "./batch-codec.js";
import type { WriterReply, WriterRequest } from "./writer-protocol.js";

/** A crawl writer on its own thread; `close` waits for the calls sent before it. */
export interface SqliteWriterThread extends CrawlWriter {
  close(): Promise<void>;
}

/** This module's URL: `import.meta.url` in ESM (source or dist), `__filename` in the CJS build. */
const here: string = import.meta.url ?? pathToFileURL(__filename).href;

/**
 * Where `writer-worker` is: next to this module, `.js`/`.cjs` in a build, `.ts` in the
 * sources (vitest, tsx), which the thread loads through tsx. `null` when it cannot be loaded
 * (e.g. an application bundle that left the file out).
 */
function workerEntry(): { entry: URL; tsx: URL | null } | null {
  try {
    const ext = extname(new URL(here).pathname);
    const entry = new URL(`./writer-worker${ext}`, here);
    if (!existsSync(entry)) return null;
    if (ext !== ".ts") return { entry, tsx: null };
    const loader = pathToFileURL(createRequire(here).resolve("tsx"));
    return { entry, tsx: new URL("./esm/api/index.mjs", loader) };
  } catch {
    return null;
  }
}

/** Whether the writer thread can start here; else the crawl store writes in the thread. */
export const writerThreadAvailable = (): boolean => workerEntry() !== null;

function spawnWorker(filename: string): Worker {
  const found = workerEntry();
  if (!found) throw new Error("the SQLite writer thread's entry file is missing");
  const { entry, tsx } = found;
  const options = { workerData: { filename } };
  if (!tsx) return new Worker(entry, options);
  const boot = `import(${JSON.stringify(tsx.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

type Call = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Body =
  Exclude<WriterRequest, { op: "close" }> extends infer R
    ? R extends { id: number }
      ? Omit<R, "id">
      : never
    : never;

/** One running thread and the calls it has not answered yet. */
function startThread(filename: string) {
  const worker = spawnWorker(filename);
  const calls = new Map<number, Call>();
  let nextId = 0;
  let alive = true;
  // Only unanswered calls keep the process alive: an idle writer never delays its exit.
  worker.unref();
  worker.on("message", (reply: WriterReply) => {
    const call = calls.get(reply.id);
    if (!call) return;
    calls.delete(reply.id);
    if (calls.size === 0) worker.unref();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(Object.assign(new Error(reply.message), { code: reply.code }));
  });
  const fail = (error: unknown) => {
    alive = false;
    for (const call of calls.values()) call.reject(error);
    calls.clear();
  };
  const exited = new Promise<void>((resolve) => {
    worker.once("exit", (code) => {
      fail(new Error(`the SQLite writer thread exited (code ${code})`));
      resolve();
    });
  });
  worker.on("error", fail);
  return {
    alive: () => alive,
    /** Sends one request (its typed arrays transferred, not copied); resolves with the reply. */
    call(body: Body, transfer: ArrayBuffer[] = []): Promise<unknown> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        calls.set(id, { resolve, reject });
        if (calls.size === 1) worker.ref();
        worker.postMessage({ ...body, id } as WriterRequest, transfer);
      });
    },
    /** Lets the thread answer what was sent, close its connection and end. */
    async close(): Promise<void> {
      if (alive) worker.postMessage({ op: "close" } satisfies WriterRequest);
      worker.ref();
      await exited;
    },
  };
}

/**
 * Crawl writes on a `worker_threads` thread holding its own better-sqlite3 connection on the
 * same file (WAL), so the store's transactions run beside classification and verification on
 * the main thread. Each call resolves once its transaction committed (a batch is acknowledged
 * only then) and rejects when it rolled back or the thread died (the next call starts a new
 * thread; the write buffer retries, idempotent by event id). The thread starts on the first write.
 */
export function createSqliteWriterThread(filename: string): SqliteWriterThread {
  let thread: ReturnType<typeof startThread> | null = null;
  let closed = false;
  const call = (body: Body, transfer?: ArrayBuffer[]): Promise<unknown> => {
    if (closed) return Promise.reject(new Error("the SQLite writer thread is closed"));
    if (!thread?.alive()) thread = startThread(filename);
    return thread.call(body, transfer);
  };
  return {
    async append(records, pathCap) {
      // Encoded per call: a retried batch is encoded again (transferred buffers are gone).
      const batch = encodeCrawlBatch(records);
      return (await call({ op: "append", batch, pathCap }, transferablesOf(batch))) as number;
    },
    upgrade: async (eventId, botOperator, matchedRange) =>
      (await call({ op: "upgrade", eventId, botOperator, matchedRange })) as boolean,
    addLegacy: async (rows) => {
      await call({ op: "addLegacy", rows });
    },
    async close() {
      closed = true;
      await thread?.close();
      thread = null;
    },
  };
}
