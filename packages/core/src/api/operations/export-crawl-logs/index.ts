import { z } from "zod";
import { type LogPage, readLogPage, StalePosition } from "../../../archive/log-page.js";
import type { ArchivedRow } from "../../../archive/read-rows.js";
import { ArchiveBudgetExceeded, ArchiveFileMissing } from "../../../archive/read-rows.js";
import { encodeCursor } from "../../../cursor/cursor.js";
import { CrawlgateError, invalidRequest } from "../../../errors.js";
import { utcDay } from "../../../window/dates.js";
import { CRAWL_LOG_WINDOW } from "../../../window/window.js";
import type { ApiDeps, Operation } from "../../context.js";
import type { EndpointContract } from "../../contract.js";
import {
  count,
  crawlLogRow,
  day,
  instant,
  nextCursor as nextCursorShape,
  role,
  uuid,
} from "../../responses/shapes.js";
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

const header = {
  generatedAt: instant,
  period: z.enum(CRAWL_LOG_WINDOW.periods as [string, ...string[]]).nullable(),
  startDate: day,
  endDate: day,
  userId: uuid,
  domain: z.string(),
  domainId: uuid,
  role,
};

const days = z.array(day);

const jsonPage = z.strictObject({
  ...header,
  format: z.literal("json"),
  rows: z.array(crawlLogRow).describe("Oldest to newest"),
  rowCount: count.describe("Rows on this page; 0 with empty rows is valid"),
  missingDays: days.describe("Days scanned by this page with no data yet"),
  provisionalDays: days,
  nextCursor: nextCursorShape,
});

const parquetFile = z.strictObject({
  day,
  part: z.int().min(0).describe("Very busy days are split into numbered parts"),
  url: z.string().describe("Presigned; plain GET without Authorization; a secret"),
  sizeBytes: count,
  expiresAt: instant,
  provisional: z
    .boolean()
    .describe("A provisional file may be replaced by a frozen one with upgraded verdict_tier"),
});

const parquetList = z.strictObject({
  ...header,
  format: z.literal("parquet"),
  files: z.array(parquetFile),
  fileCount: count,
  missingDays: days,
  provisionalDays: days,
  urlExpiresAt: instant,
});

/** The JSON answers: a page of rows (`json`), or the file list (`parquet`). CSV is text. */
export const output = z.union([jsonPage, parquetList]);

export const contract: EndpointContract = {
  summary: "Export the raw crawl log of one domain",
  description:
    "The archived per-request bot log of one domain; window at most 31 days (`period` 1d, 7d (default) or 30d). `json` and `csv` page oldest to newest (`pageSize` 1 to 2,000 rows, default 500); the cursor records an exact file position with an integrity check, so a cursor whose file changed (a provisional day rewritten) is 400 `invalid_cursor`. Filters (`botOperator`, `tier`, `servedFrom`, `pathPrefix`) and `pageSize` are json/csv only; with `parquet` they are 400. `tier` never matches rows with `tier: null`. `parquet` lists the day files (snake_case columns, `ts` as epoch-millisecond INT64, plus `stream_id` and `ip_asn`) with presigned links that expire in about an hour; no pagination. Days stay provisional for about 3 days (tiers may upgrade) and are then frozen. A page that would need more archive data than one request may fetch is 400 (narrow the window, add filters, or use parquet). Raw client IP addresses are never stored or exposed.",
  status: 200,
  errors: ["invalid_request", "invalid_cursor", "domain_not_found"],
  text: {
    contentType: "text/csv",
    description:
      "format csv: RFC 4180 CSV (CRLF line ends) with a header row of the row field names; paging metadata moves to headers. Safe in spreadsheets of any locale: a field holding a comma, semicolon, quote, tab or line break is quoted, and a ' is put before a formula trigger (=, +, -, @, tab, CR) at the start of a text field and after any semicolon, tab or line break inside it (where a semicolon-separator spreadsheet starts a cell), also before a quote there and at the field's end after one of those.",
    headers: [
      {
        name: "X-Next-Cursor",
        required: false,
        description: "Continuation token; absent on the last page",
      },
      {
        name: "X-Missing-Days",
        required: true,
        description: "Comma-separated days with no data yet (empty when none)",
      },
      {
        name: "X-Provisional-Days",
        required: true,
        description: "Comma-separated provisional days (empty when none)",
      },
      {
        name: "Content-Disposition",
        required: true,
        description: 'attachment; filename="crawl-logs-<domain>-<start>-<end>.csv"',
      },
    ],
  },
};

/** Archive bytes one json/csv page may fetch unless configured (`archiveReadBudgetBytes`). */
export const DEFAULT_ARCHIVE_READ_BUDGET = 64 * 1024 * 1024;

/**
 * POST /export-crawl-logs: the archived raw crawl log of one domain. `json` and `csv` page
 * through the Parquet files oldest to newest (the cursor pins the query and the exact position
 * with the file's content hash); `parquet` lists the files with presigned links.
 */
export const run: Operation<CrawlLogsInput, z.output<typeof output> | string> = async ({
  deps,
  user,
  input,
  now,
  linkBase,
}) => {
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
    return {
      status: 200,
      body: {
        ...header,
        format: "parquet",
        ...(await parquetEnvelope(deps, query, now, linkBase)),
      },
    };

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
      format: "json",
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
      today: utcDay(now),
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
export function toJsonRow(r: ArchivedRow): z.output<typeof crawlLogRow> {
  return {
    ts: new Date(Number(r.ts)).toISOString(),
    domain: r.domain,
    path: r.path,
    userAgent: r.ua_raw,
    uaHash: r.ua_hash,
    // Archive files are written from crawl rows, whose servedFrom is one of the three.
    servedFrom: r.served_from as z.output<typeof crawlLogRow>["servedFrom"],
    status: r.status,
    bytes: Number(r.bytes),
    botOperator: r.matched_operator,
    matchedRange: r.matched_range,
    tier: r.verdict_tier,
    contentHash: r.content_hash,
    // Parts written before the Web Bot Auth columns have neither: an unsigned request.
    signatureAgent: r.signature_agent ?? null,
    signature: r.signature ?? null,
  };
}
