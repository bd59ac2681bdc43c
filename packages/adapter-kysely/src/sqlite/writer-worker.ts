/**
 * The SQLite writer thread (started by `writer-thread.ts`): its own connection on the
 * handle's file, running the crawl store's transactions one message at a time and replying to
 * each once it committed (or failed). A `close` message closes the connection; the thread ends.
 */

import { parentPort, workerData } from "node:worker_threads";
import Sqlite from "better-sqlite3";
import { decodeCrawlBatch } from "./batch-codec.js";
import { createSqliteWrites } from "./crawl-writer.js";
import { configureSqlite } from "./pragmas.js";
import type { WriterReply, WriterRequest } from "./writer-protocol.js";

const port = parentPort;
if (!port) throw new Error("the SQLite writer-worker runs as a worker thread");
const database = new Sqlite((workerData as { filename: string }).filename);
configureSqlite(database);
const writes = createSqliteWrites(database);

function run(request: Exclude<WriterRequest, { op: "close" }>): unknown {
  switch (request.op) {
    case "append":
      return writes.append(decodeCrawlBatch(request.batch), request.pathCap);
    case "upgrade":
      return writes.upgrade(request.eventId, request.botOperator, request.matchedRange);
    case "addLegacy":
      return writes.addLegacy(request.rows);
  }
}

port.on("message", (request: WriterRequest) => {
  if (request.op === "close") {
    database.close();
    port.close();
    return;
  }
  let reply: WriterReply;
  try {
    reply = { id: request.id, ok: true, value: run(request) };
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    reply = {
      id: request.id,
      ok: false,
      message: String(message ?? error),
      code: typeof code === "string" ? code : null,
    };
  }
  port.postMessage(reply);
});
