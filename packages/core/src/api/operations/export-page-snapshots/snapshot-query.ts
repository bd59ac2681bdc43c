import { z } from "zod";
import type { CursorPayload } from "../../../cursor/cursor.js";
import { invalidRequest } from "../../../errors.js";
import type { DomainAccess, User } from "../../../types.js";
import { AGGREGATE_TIERS } from "../../../types.js";
import { isValidDate } from "../../../window/dates.js";
import { clampToCutover, STANDARD_WINDOW } from "../../../window/window.js";
import type { ApiDeps } from "../../context.js";
import { openCursorQuery } from "../../exports/cursor-param.js";
import { readableDomain, requestWindow } from "../../exports/export-scope.js";
import { pagePath } from "../../exports/page-url.js";
import { isUuid } from "../../params.js";
import { PAGE_SNAPSHOTS_PAGE_SIZE, type PageSnapshotsInput } from "./input.js";

export const PAGE_SNAPSHOTS_ENDPOINT = "export-page-snapshots";

/** Everything a page of the export depends on; a cursor carries it whole. */
export interface SnapshotQuery {
  domainId: string;
  url: string;
  path: string;
  period: string | null;
  startDate: string;
  endDate: string;
  requestedStartDate: string | null;
  pageSize: number;
  botIds: string[] | null;
  tiers: string[] | null;
  /** The last date of the previous page; `null` on the first page. */
  after: string | null;
}

const date = z.string().refine(isValidDate);

/** A signed payload read back: checked anyway, so a shape change across versions cannot crash. */
const payload = z.object({
  domainId: z.string().refine(isUuid),
  url: z.string(),
  startDate: date,
  endDate: date,
  requestedStartDate: date.nullable(),
  pageSize: z.number().refine(Number.isInteger),
  botIds: z.array(z.string()).nullable(),
  tiers: z.array(z.enum(AGGREGATE_TIERS)).nullable(),
  after: date,
});

/** What a cursor pins: the query without what it derives (`path`) or drops (`period`). */
export function toCursorPayload(query: SnapshotQuery, after: string): CursorPayload {
  const { path: _path, period: _period, ...pinned } = query;
  return { ...pinned, after };
}

/** The query a cursor payload pins, or `null` when it is not one. */
export function fromCursorPayload(value: CursorPayload): SnapshotQuery | null {
  const parsed = payload.safeParse(value);
  const path = parsed.success ? pagePath(parsed.data.url) : null;
  if (!parsed.success || path === null) return null;
  const p = parsed.data;
  return {
    domainId: p.domainId,
    url: p.url,
    path,
    period: null,
    startDate: p.startDate,
    endDate: p.endDate,
    requestedStartDate: p.requestedStartDate,
    pageSize: p.pageSize,
    botIds: p.botIds,
    tiers: p.tiers,
    after: p.after,
  };
}

/**
 * The query of a request, from its cursor when it sends one, else from its fields and the
 * window rules; then the domain, which the caller must still be able to read.
 */
export async function snapshotQuery(
  deps: ApiDeps,
  user: User,
  input: PageSnapshotsInput,
  now: Date,
): Promise<{ query: SnapshotQuery; access: DomainAccess }> {
  if (typeof input.cursor === "string") {
    const context = { endpoint: PAGE_SNAPSHOTS_ENDPOINT, userId: user.userId, now };
    const query = await openCursorQuery(deps.signing, input.cursor, context, fromCursorPayload);
    return { query, access: await readableDomain(deps, user, query.domainId) };
  }
  const clamped = clampToCutover(requestWindow(input, now, STANDARD_WINDOW));
  if (!clamped.ok) throw invalidRequest(clamped.message);
  const access = await readableDomain(deps, user, input.domainId);
  const window = clamped.value;
  return {
    access,
    query: {
      domainId: access.domain.domainId,
      url: input.url,
      path: pagePath(input.url) as string,
      period: window.period,
      startDate: window.startDate,
      endDate: window.endDate,
      requestedStartDate: clamped.requestedStartDate ?? null,
      pageSize: input.pageSize ?? PAGE_SNAPSHOTS_PAGE_SIZE.fallback,
      botIds: input.botId,
      tiers: input.tier,
      after: null,
    },
  };
}
