import { createReadStream, statSync } from "node:fs";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import type { CrawlEvent, IngestService, RecordHow, VisitEvent } from "@crawlgate/core";
import {
  type Classification,
  type RequestKind,
  requestKind,
  uaHash,
} from "@crawlgate/core/adapter-kit";
import { CliError } from "./commands/command.js";
import { createProgress, type ProgressSink } from "./import-progress.js";
import { lineBatches } from "./line-batches.js";
import { type LogEntry, type LogFormat, parseLogLine } from "./log-lines.js";

export interface ImportSummary {
  lines: number;
  /** Crawls newly stored by this run. */
  recorded: number;
  /** Crawls of the log that an earlier import stored already (recorded nothing again). */
  alreadyStored: number;
  /** Lines whose User-Agent is neither a known bot nor generic automation (people). */
  skipped: number;
  /** Of the people's page visits: those an AI source sent (Referer or `utm_source`), newly stored. */
  referrals: number;
  /** Requests for static assets, not recorded (unless `includeAssets`). */
  assets: number;
  /** Scanner probes (`/.env`, `/wp-login.php`, …), never recorded. */
  probes: number;
  malformed: number;
  /** Where the first malformed lines are: `<file>:<line number>` (1-based, per file). */
  malformedLines: string[];
  /** Verdicts of the log's crawls (stored now or before). */
  byVerdict: Record<string, number>;
}

/** How many malformed lines are reported one by one; the rest are counted. */
export const MALFORMED_SHOWN = 10;

/**
 * The ingest settings of an import. Batches of 25,000 crawls, one SQLite transaction each: a
 * batch's cost is mostly the aggregate rows it touches (one per distinct path, bot and day) and
 * the random event-id index pages it dirties, which a larger batch shares (writer CPU per crawl:
 * about 19 µs at 25,000, 13.5 µs at 100,000), but every row waiting for its batch is memory: at
 * 100,000 a batch (with the next one filling and 300,000 allowed to wait) took an import of a
 * million lines to about 950 MB. The interval is long: full batches are written at once, and
 * the referrals (a few per thousand lines) are then written in few large transactions, mostly
 * at the end, instead of taking SQLite's write lock every 100 ms while the writer thread holds
 * it (the main thread would wait for it). Group commit (`eagerBatch`): the writer starts as soon
 * as 10,000 crawls wait and it is idle, so batches reach 25,000 only while it is busy. The
 * buffer holds two batches: what the reader may have in flight (`MAX_CHUNKS`), so no call waits
 * for room and the reader's pause is the one backpressure.
 */
export const IMPORT_INGEST = {
  maxBatch: 25_000,
  maxBuffered: 50_000,
  intervalMs: 60_000,
  eagerBatch: 10_000,
};

/**
 * Crawls handed to ingest in one `recordCrawls` call (one promise per chunk, not per line), and
 * chunks in flight before reading pauses: two write batches' worth (reading resumes once one
 * is written, so the next fills while the other is written), the ingest buffer's size, so no
 * call waits for room: the file is not read further while the writer is behind.
 */
const CHUNK = 2_000;
const MAX_CHUNKS = IMPORT_INGEST.maxBuffered / CHUNK;
/**
 * Referral calls in flight before reading pauses: a full batch, so that many waiting calls
 * are written at once (each resolves once its batch is written; the rest at the end).
 */
const MAX_REFERRALS = IMPORT_INGEST.maxBatch;

/** What the stores inserted during the run (the command counts `appendCrawls`/`appendReferrals`). */
export interface InsertCounts {
  crawls: number;
  referrals: number;
}

/**
 * Reads an access log (combined format or NDJSON) and records every bot or automation request
 * of it for one domain, and people's visits that an AI source sent as referrals. Event ids derive
 * from the domain, line number and line text, so importing the same file again records nothing
 * twice. Lines go to ingest without waiting for acknowledgements; the ingest's buffer batches them.
 */
export async function importLogs(options: {
  /** Paths of access logs, read in order; `.gz` files are gunzipped, `-` is `stdin`. */
  files: string[];
  stdin?: Readable;
  /** `auto` (default) detects the format of every line. */
  format?: LogFormat;
  domainId: string;
  /** The site's hostname: a Referer from it is never a referral. */
  hostname: string;
  /** Record crawls of static assets too (they are never ranked as pages). */
  includeAssets?: boolean;
  /** A malformed line stops the import (exit 1) instead of being counted. */
  strict?: boolean;
  /**
   * Where crawls and referrals go (`crawlgate.ingest`): its recording rule decides per line;
   * closed (flushed) at the end.
   */
  ingest: Pick<
    IngestService,
    "recordRequest" | "classify" | "recordCrawls" | "recordReferral" | "close"
  >;
  inserted: InsertCounts;
  progress: ProgressSink;
}): Promise<ImportSummary> {
  const summary = emptySummary();
  const writes = createWrites(options, summary);
  const progress = createProgress(options.progress);
  // Sizes of the files for the ETA; unknown (no ETA) when reading standard input.
  const total = options.files.includes("-")
    ? null
    : options.files.reduce((sum, f) => sum + statSync(f).size, 0);
  let done = 0;
  const malformed = (where: string, line: string) => {
    summary.malformed++;
    const shown = line.length > 120 ? `${line.slice(0, 120)}…` : line;
    if (options.strict) throw new CliError(`malformed line ${where} (--strict): ${shown}`);
    if (summary.malformedLines.length < MALFORMED_SHOWN) {
      summary.malformedLines.push(where);
      options.progress.line(`malformed line ${where}: ${shown}`);
    }
  };
  const record = createLineRecorder(options, writes, summary);
  /** One line: parsed, then recorded by ingest's rule (a crawl, a referral or nothing). */
  const handle = (line: string, file: string, n: number) => {
    const entry = parseLogLine(line, options.format);
    if (entry) record(entry, line, n);
    else if (line.trim() !== "") malformed(`${file}:${n}`, line);
  };
  try {
    for (const file of options.files) {
      const raw =
        file === "-"
          ? (options.stdin ?? process.stdin)
          : createReadStream(file, { highWaterMark: 1 << 20 });
      const input = file.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
      const bytes = () => done + ((raw as { bytesRead?: number }).bytesRead ?? 0);
      let n = 0;
      try {
        for await (const lines of lineBatches(input)) {
          for (const line of lines) {
            n++;
            summary.lines++;
            if (writes.failure()) break;
            handle(line, file, n);
          }
          progress.tick(summary.lines, writes.acknowledged(), bytes(), total);
          if (writes.failure()) break;
          const room = writes.room();
          if (room) await room;
        }
      } finally {
        if (raw !== options.stdin && raw !== process.stdin) raw.destroy();
      }
      done = bytes();
      if (writes.failure()) break;
    }
  } finally {
    // Writes what is buffered and waits for every call in flight, also when stopping early.
    writes.flush();
    await options.ingest.close();
  }
  if (writes.failure()) throw writes.failure();
  const hidden = summary.malformed - summary.malformedLines.length;
  if (hidden > 0) options.progress.line(`… and ${hidden} more malformed lines`);
  summary.recorded = options.inserted.crawls;
  summary.alreadyStored = writes.acknowledged() - options.inserted.crawls;
  summary.referrals = options.inserted.referrals;
  progress.done(summary.lines, summary.recorded);
  return summary;
}

type ImportOptions = Parameters<typeof importLogs>[0];

function emptySummary(): ImportSummary {
  return {
    lines: 0,
    recorded: 0,
    alreadyStored: 0,
    skipped: 0,
    referrals: 0,
    assets: 0,
    probes: 0,
    malformed: 0,
    malformedLines: [],
    byVerdict: {},
  };
}

/**
 * Records a parsed line through ingest's recording rule (`recordRequest`), with the line's
 * classification and kind from the caches, and the importer's own recorders: crawls go out in
 * chunks, referrals one by one. Counts people, assets and probes in the summary.
 */
function createLineRecorder(
  options: ImportOptions,
  writes: ReturnType<typeof createWrites>,
  summary: ImportSummary,
) {
  const known = createLineCaches(options.ingest);
  const idPrefix = `${options.domainId}|`;
  // One options object for every line (the call reads it and keeps nothing of it).
  const how: RecordHow<void> = {
    options: { assets: options.includeAssets === true },
    recorders: { crawl: writes.crawl, referral: writes.referral },
  };
  return (entry: LogEntry, line: string, n: number): void => {
    const agent = known.agent(entry.userAgent);
    how.classification = agent.classified;
    const page = known.page(entry.path, entry.contentType);
    how.kind = page.kind;
    const done = options.ingest.recordRequest(
      {
        // Per file line number and text: a re-import (also of a renamed file) matches.
        id: `import-${uaHash(`${idPrefix}${n}|${line}`)}`,
        domainId: options.domainId,
        ts: entry.ts,
        path: page.path,
        query: entry.query,
        userAgent: agent.userAgent,
        ip: entry.ip,
        referer: entry.referer,
        siteHost: options.hostname,
        servedFrom: "origin",
        status: entry.status,
        bytes: entry.bytes,
        streamId: "import",
      },
      how,
    );
    if (!done.crawler) summary.skipped++;
    else if (done.recording === "skip") summary[done.kind === "probe" ? "probes" : "assets"]++;
  };
}

/**
 * Hands crawls (in chunks) and referrals to ingest without waiting for their acknowledgements;
 * `room` pauses the reader only when far ahead of the writes. The first failed call is kept
 * (`failure`).
 */
function createWrites(options: ImportOptions, summary: ImportSummary) {
  const { ingest } = options;
  let acknowledged = 0;
  let failure: unknown = null;
  // Chunks (and referrals) not answered yet: the loop pauses when far ahead (memory bound).
  let chunks = 0;
  let referrals = 0;
  let drained: (() => void) | null = null;
  const wake = () => {
    if (drained && chunks <= MAX_CHUNKS / 2 && referrals <= MAX_REFERRALS / 2) {
      drained();
      drained = null;
    }
  };
  const fail = (error: unknown) => {
    failure ??= error;
  };
  let chunk: CrawlEvent[] = [];
  const send = () => {
    if (chunk.length === 0) return;
    const events = chunk;
    chunk = [];
    chunks++;
    void ingest
      .recordCrawls(events)
      .then((results) => {
        acknowledged += results.length;
        for (const { verdict } of results)
          summary.byVerdict[verdict] = (summary.byVerdict[verdict] ?? 0) + 1;
      }, fail)
      .finally(() => {
        chunks--;
        wake();
      });
  };
  return {
    referral(visit: VisitEvent) {
      referrals++;
      void ingest
        .recordReferral(visit)
        .catch(fail)
        .finally(() => {
          referrals--;
          wake();
        });
    },
    crawl(event: CrawlEvent) {
      chunk.push(event);
      if (chunk.length >= CHUNK) send();
    },
    /** Sends the partial chunk (at the end of the input, or when stopping). */
    flush: send,
    room: (): Promise<void> | undefined =>
      chunks >= MAX_CHUNKS || referrals >= MAX_REFERRALS
        ? new Promise<void>((resume) => {
            drained = resume;
          })
        : undefined,
    acknowledged: () => acknowledged,
    failure: () => failure,
  };
}

/**
 * What the importer looks up per distinct User-Agent and path rather than per line (logs repeat
 * a few User-Agents and a site's paths): the classification of a User-Agent (ingest's
 * classifier), and the kind of a path, each with one string for all its lines (so every later
 * look-up by it hashes an already hashed string, and a row waiting for its batch keeps that
 * one string, not the line its path was cut from). Both are cleared when large.
 */
function createLineCaches(ingest: Pick<IngestService, "classify">) {
  const agents = new Map<string, { userAgent: string; classified: Classification }>();
  const pages = new Map<string, { path: string; kind: RequestKind }>();
  return {
    agent(userAgent: string) {
      let found = agents.get(userAgent);
      if (!found) {
        if (agents.size >= 10_000) agents.clear();
        found = { userAgent, classified: ingest.classify(userAgent) };
        agents.set(userAgent, found);
      }
      return found;
    },
    page(path: string, contentType: string | null): { path: string; kind: RequestKind } {
      if (contentType !== null) return { path, kind: requestKind(path, contentType) };
      let page = pages.get(path);
      if (page === undefined) {
        if (pages.size >= 100_000) pages.clear();
        page = { path, kind: requestKind(path) };
        pages.set(path, page);
      }
      return page;
    },
  };
}
