import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import {
  compileClassifier,
  getTaxonomy,
  type IngestService,
  type Taxonomy,
  uaHash,
  withCache,
} from "@crawlgate/core";
import { type LogEntry, parseLogLine } from "./log-lines.js";
import { requestKind } from "./page-filter.js";

export interface ImportSummary {
  lines: number;
  recorded: number;
  /** Lines whose User-Agent is neither a known bot nor generic automation (people). */
  skipped: number;
  /** Of the people's page visits: those an AI source sent (Referer or `utm_source`), recorded. */
  referrals: number;
  /** Requests for static assets, not recorded (unless `includeAssets`). */
  assets: number;
  /** Scanner probes (`/.env`, `/wp-login.php`, …), never recorded. */
  probes: number;
  malformed: number;
  byVerdict: Record<string, number>;
}

/**
 * Reads an access log (combined format or NDJSON) and records every bot or automation request
 * of it for one domain. Event ids derive from the domain, line number and line text, so importing
 * the same file again records nothing twice. Progress goes to `progress` about twice a second.
 */
export async function importLogs(options: {
  file: string;
  domainId: string;
  /** The site's hostname: a Referer from it is never a referral. */
  hostname: string;
  /** Record crawls of static assets too (they are never ranked as pages). */
  includeAssets?: boolean;
  /** Where crawls and referrals go (`crawlgate.ingest`); closed (flushed) at the end. */
  ingest: Pick<IngestService, "recordCrawl" | "recordReferral" | "close">;
  progress: (text: string) => void;
}): Promise<ImportSummary> {
  const { ingest } = options;
  // Decides which lines are crawls at all (ingest classifies those again, with the same taxonomy).
  const classifier = withCache(compileClassifier(getTaxonomy() as Taxonomy));
  const summary: ImportSummary = {
    lines: 0,
    recorded: 0,
    skipped: 0,
    referrals: 0,
    assets: 0,
    probes: 0,
    malformed: 0,
    byVerdict: {},
  };
  const started = Date.now();
  let lastReport = 0;
  const acks: Promise<void>[] = [];
  const referral = (entry: LogEntry, visitId: string) =>
    ingest
      .recordReferral({
        visitId,
        domainId: options.domainId,
        ts: entry.ts,
        path: `${entry.path}${entry.query}`,
        referer: entry.referer,
        siteHost: options.hostname,
      })
      .then((r) => {
        if (r.recorded) summary.referrals++;
      });
  const lines = createInterface({
    input: createReadStream(options.file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    summary.lines++;
    const entry = parseLogLine(line);
    if (!entry) {
      if (line.trim() !== "") summary.malformed++;
      continue;
    }
    const kind = requestKind(entry.path, entry.contentType);
    const { bot, automation } = classifier.classify(entry.userAgent);
    const id = `import-${uaHash(`${options.domainId}|${summary.lines}|${line}`)}`;
    if (bot.botId === "unknown" && !automation) {
      summary.skipped++;
      // A person's page visit that an AI source sent is a referral, as at the edge.
      if (kind === "page") acks.push(referral(entry, id));
      continue;
    }
    if (kind === "probe" || (kind === "asset" && !options.includeAssets)) {
      summary[kind === "probe" ? "probes" : "assets"]++;
      continue;
    }
    acks.push(
      ingest
        .recordCrawl({
          eventId: id,
          domainId: options.domainId,
          ts: entry.ts,
          path: entry.path,
          userAgent: entry.userAgent,
          ip: entry.ip,
          servedFrom: "origin",
          status: entry.status,
          bytes: entry.bytes,
          streamId: "import",
        })
        .then((r) => {
          summary.recorded++;
          summary.byVerdict[r.verdict] = (summary.byVerdict[r.verdict] ?? 0) + 1;
        }),
    );
    if (acks.length >= 5000) await Promise.all(acks.splice(0));
    if (Date.now() - lastReport > 500) {
      lastReport = Date.now();
      const rate = Math.round(summary.lines / Math.max(0.001, (Date.now() - started) / 1000));
      options.progress(
        `imported ${summary.lines} lines (${rate}/s), ${summary.recorded} crawls recorded`,
      );
    }
  }
  await Promise.all(acks);
  await ingest.close();
  options.progress(`imported ${summary.lines} lines, ${summary.recorded} crawls recorded`);
  return summary;
}
