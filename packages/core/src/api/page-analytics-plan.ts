import { z } from "zod";
import { encodeCursor } from "../cursor/cursor.js";
import type { User } from "../types.js";
import { type Granularity, resolveGranularity } from "../window/buckets.js";
import { clampToCutover, STANDARD_WINDOW } from "../window/window.js";
import type { ApiDeps } from "./context.js";
import { openCursor } from "./cursor-param.js";
import { CrawlgateError, invalidRequest } from "./errors.js";
import { botIdFilter, pathPrefixFilter, tierFilter } from "./export-filters.js";
import { bodyDomainId, requestWindow } from "./export-scope.js";
import { rejectUnknownFields } from "./fields.js";

export const PAGE_ANALYTICS_ENDPOINT = "export-page-analytics";
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 50;

const FIELDS = [
  "domainId",
  "period",
  "startDate",
  "endDate",
  "granularity",
  "sortBy",
  "pageSize",
  "series",
  "botId",
  "tier",
  "pathPrefix",
  "cursor",
] as const;

/**
 * Everything a cursor pins (the resolved window, granularity, sort, filters, page size) and the
 * keyset position after the last row served. Short keys keep the token small.
 */
const pinned = z.object({
  d: z.string(),
  s: z.string(),
  e: z.string(),
  r: z.string().nullable(),
  g: z.enum(["day", "week"]),
  o: z.enum(["total", "verified"]),
  n: z.number().int().min(1).max(MAX_PAGE_SIZE),
  b: z.array(z.string()).nullable(),
  t: z.array(z.enum(["verified", "declared", "unknown"])).nullable(),
  x: z.string().nullable(),
  a: z.tuple([z.number(), z.string()]).nullable(),
});

export type PinnedPlan = z.infer<typeof pinned>;

/** A page-analytics request resolved from its body or from its cursor. */
export interface PagePlan {
  /** `null` for explicit dates and for every cursor request. */
  period: string | null;
  pinned: PinnedPlan;
  series: boolean;
}

/**
 * Resolves the body of a page-analytics request. With `cursor`, every field but `series` comes
 * from the cursor: the other fields are ignored (only unknown field names are refused).
 */
export async function pagePlan(
  deps: ApiDeps,
  user: User,
  body: Record<string, unknown>,
  now: Date,
): Promise<PagePlan> {
  rejectUnknownFields(body, FIELDS);
  const series = body.series ?? true;
  if (typeof series !== "boolean") throw invalidRequest("series must be true or false");
  if (body.cursor !== undefined && body.cursor !== null) {
    const payload = await openCursor(deps.signing, body.cursor, {
      endpoint: PAGE_ANALYTICS_ENDPOINT,
      userId: user.userId,
      now,
    });
    const parsed = pinned.safeParse(payload);
    if (!parsed.success) {
      throw new CrawlgateError("invalid_cursor", { message: "cursor is malformed" });
    }
    return { period: null, pinned: parsed.data, series };
  }
  if (body.domainId === undefined || body.domainId === null) {
    throw invalidRequest("domainId is required");
  }
  const domainId = bodyDomainId(body.domainId);
  const window = requestWindow(body, now, STANDARD_WINDOW);
  const clamped = clampToCutover(window);
  if (!clamped.ok) throw invalidRequest(clamped.message);
  const granularity = resolveGranularity(body.granularity, clamped.value.days);
  if (!granularity.ok) throw invalidRequest(granularity.message);
  const sortBy = body.sortBy ?? "total";
  if (sortBy !== "total" && sortBy !== "verified") {
    throw invalidRequest("sortBy must be total or verified");
  }
  const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
  if (
    !Number.isInteger(pageSize) ||
    (pageSize as number) < 1 ||
    (pageSize as number) > MAX_PAGE_SIZE
  ) {
    throw invalidRequest(`pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  return {
    period: window.period,
    series,
    pinned: {
      d: domainId,
      s: clamped.value.startDate,
      e: clamped.value.endDate,
      r: clamped.requestedStartDate ?? null,
      g: granularity.value as Granularity,
      o: sortBy,
      n: pageSize as number,
      b: botIdFilter(body.botId),
      t: tierFilter(body.tier),
      x: pathPrefixFilter(body.pathPrefix),
      a: null,
    },
  };
}

/** A cursor continuing `plan` after the row `(value, path)`. */
export function nextPageCursor(
  deps: ApiDeps,
  user: User,
  plan: PinnedPlan,
  after: [number, string],
  now: Date,
): Promise<string> {
  return encodeCursor(deps.signing, {
    endpoint: PAGE_ANALYTICS_ENDPOINT,
    userId: user.userId,
    payload: { ...plan, a: after },
    issuedAt: now,
  });
}
