import { type LogPage, readLogPage, StalePosition } from "../../../archive/log-page.js";
import type { ArchivedRow } from "../../../archive/read-rows.js";
import { ArchiveBudgetExceeded, ArchiveFileMissing } from "../../../archive/read-rows.js";
import { encodeCursor } from "../../../cursor/cursor.js";
import { CrawlgateError, invalidRequest } from "../../../errors.js";
import { utcDateOf } from "../../../window/dates.js";
import type { ApiDeps, Operation } from "../../context.js";
import { csvDisposition, toCsv } from "./csv.js";
import type { CrawlLogsInput } from "./input.js";
import {
  CRAWL_LOGS_ENDPOINT,
  type CrawlLogQuery,
  crawlLogQuery,
  toCursorPayload,
} from "./log-query.js";
import { parquetEnvelope } from "./parquet-envelope.js";

export { input } from "./input.js";

/** Archive bytes one json/csv page may fetch unless configured (`archiveReadBudgetBytes`). */
export const DEFAULT_ARCHIVE_READ_BUDGET = 64 * 1024 * 1024;

/**
 * POST /export-crawl-logs: the archived raw crawl log of one domain. `json` and `csv` page
 * through the Parquet files oldest to newest (the cursor pins the query and the exact position
 * with the file's content hash); `parquet` lists the files with presigned links.
 */
export const run: Operation<CrawlLogsInput> = async ({ deps, user, input, now }) => {
  const { query, access } = await crawlLogQuery(deps, user, input(), now);
  const header = {
    generatedAt: now.toISOString(),
    period: query.period,
    startDate: query.startDate,
    endDate: query.endDate,
    userId: user.userId,
    domain: access.domain.hostname,
    domainId: access.domain.domainId,
    role: access.role,
    format: query.format,
  };
  if (query.format === "parquet")
    return { status: 200, body: { ...header, ...(await parquetEnvelope(deps, query, now)) } };

  const page = await logPage(deps, query, now);
  const rows = page.rows.map(toJsonRow);
  const nextCursor = page.next
    ? await encodeCursor(deps.signing, {
        endpoint: CRAWL_LOGS_ENDPOINT,
        userId: user.userId,
        payload: toCursorPayload(query, page.next),
        issuedAt: now,
      })
    : null;
  if (query.format === "csv") {
    return {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": csvDisposition(
          access.domain.hostname,
          query.startDate,
          query.endDate,
        ),
        "x-missing-days": page.missingDays.join(","),
        "x-provisional-days": page.provisionalDays.join(","),
        ...(nextCursor ? { "x-next-cursor": nextCursor } : {}),
      },
      body: toCsv(rows),
    };
  }
  return {
    status: 200,
    body: {
      ...header,
      rows,
      rowCount: rows.length,
      missingDays: page.missingDays,
      provisionalDays: page.provisionalDays,
      nextCursor,
    },
  };
};

/** A page, with the archive's failures turned into the spec's errors. */
async function logPage(deps: ApiDeps, query: CrawlLogQuery, now: Date): Promise<LogPage> {
  const budgetBytes = deps.archiveReadBudgetBytes ?? DEFAULT_ARCHIVE_READ_BUDGET;
  const read = () =>
    readLogPage(deps, {
      domainId: query.domainId,
      startDate: query.startDate,
      endDate: query.endDate,
      today: utcDateOf(now),
      pageSize: query.pageSize,
      filter: query.filter,
      after: query.after,
      budgetBytes,
    });
  try {
    try {
      return await read();
    } catch (error) {
      // A provisional day rewritten between the index read and the file read: read again.
      if (!(error instanceof ArchiveFileMissing)) throw error;
      return await read();
    }
  } catch (error) {
    if (error instanceof StalePosition)
      throw new CrawlgateError("invalid_cursor", { message: error.message });
    if (error instanceof ArchiveBudgetExceeded)
      throw invalidRequest(
        "this page needs more archive data than one request may fetch: narrow the window, add filters, or use format parquet",
      );
    if (error instanceof ArchiveFileMissing && query.after)
      throw new CrawlgateError("invalid_cursor", {
        message: "the archive changed; restart from the first page",
      });
    throw error;
  }
}

/** The spec's crawl-log row (no IP, no stream or ASN: those stay in the Parquet files). */
export function toJsonRow(r: ArchivedRow) {
  return {
    ts: new Date(Number(r.ts)).toISOString(),
    domain: r.domain,
    path: r.path,
    userAgent: r.ua_raw,
    uaHash: r.ua_hash,
    servedFrom: r.served_from,
    status: r.status,
    bytes: Number(r.bytes),
    botOperator: r.matched_operator,
    matchedRange: r.matched_range,
    tier: r.verdict_tier,
    contentHash: r.content_hash,
  };
}
