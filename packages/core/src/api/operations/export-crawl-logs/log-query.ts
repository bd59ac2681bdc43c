import { z } from "zod";
import type { LogFilter, LogPosition } from "../../../archive/log-page.js";
import type { CursorPayload } from "../../../cursor/cursor.js";
import { invalidRequest } from "../../../errors.js";
import type { DomainAccess, User } from "../../../types.js";
import { isValidDate } from "../../../window/dates.js";
import { CRAWL_LOG_WINDOW } from "../../../window/window.js";
import type { ApiDeps } from "../../context.js";
import { openCursorQuery } from "../../exports/cursor-param.js";
import { readableDomain, requestWindow } from "../../exports/export-scope.js";
import { isUuid } from "../../params.js";
import {
  type CRAWL_LOG_FORMATS,
  CRAWL_LOG_PAGE_SIZE,
  CRAWL_LOG_TIERS,
  type CrawlLogsInput,
  SERVED_FROM,
} from "./input.js";

export const CRAWL_LOGS_ENDPOINT = "export-crawl-logs";

export type CrawlLogFormat = (typeof CRAWL_LOG_FORMATS)[number];

/** Everything a page depends on; a cursor carries it whole, with the position. */
export interface CrawlLogQuery {
  domainId: string;
  format: CrawlLogFormat;
  period: string | null;
  startDate: string;
  endDate: string;
  pageSize: number;
  filter: LogFilter;
  after: LogPosition | null;
}

const date = z.string().refine(isValidDate);
const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values)).nullable();

/** A signed payload read back: checked anyway, so a shape change across versions cannot crash. */
const payload = z.object({
  domainId: z.string().refine(isUuid),
  format: z.enum(["json", "csv"]),
  startDate: date,
  endDate: date,
  pageSize: z.number().int().min(CRAWL_LOG_PAGE_SIZE.min).max(CRAWL_LOG_PAGE_SIZE.max),
  operators: z.array(z.string()).nullable(),
  tiers: list(CRAWL_LOG_TIERS),
  servedFrom: list(SERVED_FROM),
  pathPrefix: z.string().nullable(),
  at: z.object({
    day: date,
    part: z.number().int().min(0),
    row: z.number().int().min(0),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

/** What a cursor pins: the query and the position the next page starts at. */
export function toCursorPayload(query: CrawlLogQuery, at: LogPosition): CursorPayload {
  return {
    domainId: query.domainId,
    format: query.format,
    startDate: query.startDate,
    endDate: query.endDate,
    pageSize: query.pageSize,
    ...query.filter,
    at,
  };
}

function fromCursorPayload(value: CursorPayload): CrawlLogQuery | null {
  const parsed = payload.safeParse(value);
  if (!parsed.success) return null;
  const p = parsed.data;
  return {
    domainId: p.domainId,
    format: p.format,
    period: null,
    startDate: p.startDate,
    endDate: p.endDate,
    pageSize: p.pageSize,
    filter: {
      operators: p.operators,
      tiers: p.tiers,
      servedFrom: p.servedFrom,
      pathPrefix: p.pathPrefix,
    },
    after: p.at,
  };
}

/**
 * The query of a request, from its cursor when it sends one, else from its fields and the crawl
 * log's window rules (31 days at most; `7d` by default); then the domain, which the caller must
 * still be able to read. Filters and `pageSize` with `parquet` are `400 invalid_request`.
 */
export async function crawlLogQuery(
  deps: ApiDeps,
  user: User,
  input: CrawlLogsInput,
  now: Date,
): Promise<{ query: CrawlLogQuery; access: DomainAccess }> {
  if (typeof input.cursor === "string") {
    const context = { endpoint: CRAWL_LOGS_ENDPOINT, userId: user.userId, now };
    const query = await openCursorQuery(deps.signing, input.cursor, context, fromCursorPayload);
    return { query, access: await readableDomain(deps, user, query.domainId) };
  }
  const format = input.format ?? "json";
  const filter: LogFilter = {
    operators: input.botOperator ?? null,
    tiers: input.tier ?? null,
    servedFrom: input.servedFrom ?? null,
    pathPrefix: input.pathPrefix ?? null,
  };
  if (format === "parquet") {
    const sent = Object.entries({ ...filter, pageSize: input.pageSize ?? null })
      .filter(([, v]) => v !== null)
      .map(([k]) => (k === "operators" ? "botOperator" : k === "tiers" ? "tier" : k));
    if (sent.length > 0)
      throw invalidRequest(`${sent.join(", ")} cannot be combined with format parquet`);
  }
  const window = requestWindow(input, now, CRAWL_LOG_WINDOW);
  const access = await readableDomain(deps, user, input.domainId as string);
  return {
    query: {
      domainId: access.domain.domainId,
      format,
      period: window.period,
      startDate: window.startDate,
      endDate: window.endDate,
      pageSize: input.pageSize ?? CRAWL_LOG_PAGE_SIZE.fallback,
      filter,
      after: null,
    },
    access,
  };
}
