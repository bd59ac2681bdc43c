import { z } from "zod";
import { type CursorPayload, encodeCursor } from "../../../cursor/cursor.js";
import { invalidRequest } from "../../../errors.js";
import type { PathQuery, PathSort, User } from "../../../types.js";
import { AGGREGATE_TIERS } from "../../../types.js";
import { type Granularity, resolveGranularity } from "../../../window/buckets.js";
import { clampToCutover, STANDARD_WINDOW } from "../../../window/window.js";
import type { ApiDeps } from "../../context.js";
import { openCursorQuery } from "../../exports/cursor-param.js";
import { requestWindow } from "../../exports/export-scope.js";
import { isUuid } from "../../params.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageAnalyticsInput } from "./input.js";

export const PAGE_ANALYTICS_ENDPOINT = "export-page-analytics";

/**
 * Everything one page of export-page-analytics depends on: the domain, the resolved window
 * (clamped to the cutover), the filters, sort, granularity and page size, and the keyset position
 * after the last row served. A cursor carries it whole.
 */
export interface PageQuery extends PathQuery {
  granularity: Granularity;
  sortBy: PathSort;
  pageSize: number;
  /** The start the request asked for when the window was clamped to the cutover; else `null`. */
  requestedStart: string | null;
  /** The (sort value, path) of the previous page's last row; `null` on the first page. */
  after: { value: number; path: string } | null;
}

/**
 * The cursor payload. Short keys keep the token small; they and their order are the wire
 * format (cursors handed out before stay readable), and live only here.
 */
const payload = z.object({
  d: z.string().refine(isUuid),
  s: z.string(),
  e: z.string(),
  r: z.string().nullable(),
  g: z.enum(["day", "week"]),
  o: z.enum(["total", "verified"]),
  n: z.number().int().min(1).max(MAX_PAGE_SIZE),
  b: z.array(z.string()).nullable(),
  t: z.array(z.enum(AGGREGATE_TIERS)).nullable(),
  x: z.string().nullable(),
  a: z.tuple([z.number(), z.string()]).nullable(),
});

export function toCursorPayload(query: PageQuery): CursorPayload {
  return {
    d: query.domainId,
    s: query.startDay,
    e: query.endDay,
    r: query.requestedStart,
    g: query.granularity,
    o: query.sortBy,
    n: query.pageSize,
    b: query.botIds,
    t: query.tiers,
    x: query.pathPrefix,
    a: query.after ? [query.after.value, query.after.path] : null,
  };
}

/** The query a cursor payload pins, or `null` when it is not one. */
export function fromCursorPayload(value: CursorPayload): PageQuery | null {
  const parsed = payload.safeParse(value);
  if (!parsed.success) return null;
  const p = parsed.data;
  return {
    domainId: p.d,
    startDay: p.s,
    endDay: p.e,
    requestedStart: p.r,
    granularity: p.g,
    sortBy: p.o,
    pageSize: p.n,
    botIds: p.b,
    tiers: p.t,
    pathPrefix: p.x,
    after: p.a ? { value: p.a[0], path: p.a[1] } : null,
  };
}

/** A page-analytics request resolved from its body or from its cursor. */
export interface PagePlan {
  query: PageQuery;
  /** `null` for explicit dates and for every cursor request. */
  period: string | null;
  series: boolean;
  /**
   * Exactly this path (`null`: every path the query ranks). Such a query lists at most one row,
   * so it never pages and no cursor carries it.
   */
  path: string | null;
}

/**
 * Resolves a page-analytics body: from its cursor when it sends one (every field but `series`
 * comes from the cursor), else from its fields and the rules that combine them.
 */
export async function pagePlan(
  deps: ApiDeps,
  user: User,
  input: PageAnalyticsInput,
  now: Date,
): Promise<PagePlan> {
  const series = input.series ?? true;
  if (typeof input.cursor === "string") {
    const context = { endpoint: PAGE_ANALYTICS_ENDPOINT, userId: user.userId, now };
    const query = await openCursorQuery(deps.signing, input.cursor, context, fromCursorPayload);
    return { query, period: null, series, path: null };
  }
  const window = requestWindow(input, now, STANDARD_WINDOW);
  const clamped = clampToCutover(window);
  if (!clamped.ok) throw invalidRequest(clamped.message);
  const granularity = resolveGranularity(input.granularity, clamped.value.days);
  if (!granularity.ok) throw invalidRequest(granularity.message);
  const query: PageQuery = {
    domainId: input.domainId,
    startDay: clamped.value.startDate,
    endDay: clamped.value.endDate,
    requestedStart: clamped.requestedStartDate ?? null,
    granularity: granularity.value,
    sortBy: input.sortBy ?? "total",
    pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
    botIds: input.botId,
    tiers: input.tier,
    pathPrefix: input.pathPrefix ?? null,
    after: null,
  };
  return { query, period: window.period, series, path: input.path ?? null };
}

/** A cursor continuing `query` after the row `after`. */
export function nextPageCursor(
  deps: ApiDeps,
  user: User,
  query: PageQuery,
  after: PageQuery["after"],
  now: Date,
): Promise<string> {
  return encodeCursor(deps.signing, {
    endpoint: PAGE_ANALYTICS_ENDPOINT,
    userId: user.userId,
    payload: toCursorPayload({ ...query, after }),
    issuedAt: now,
  });
}
