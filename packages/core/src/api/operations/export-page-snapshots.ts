import { encodeCursor } from "../../cursor/cursor.js";
import { htmlLinks } from "../../snapshots/links.js";
import { getTaxonomy, type Taxonomy } from "../../taxonomy/registry.js";
import type { DomainAccess, ServedDayCount, Snapshot } from "../../types.js";
import { addDays, isValidDate } from "../../window/dates.js";
import { clampToCutover, LEGACY_CUTOVER, STANDARD_WINDOW } from "../../window/window.js";
import type { Operation, OperationContext } from "../context.js";
import { openCursor } from "../cursor-param.js";
import { CrawlgateError, invalidRequest } from "../errors.js";
import { readableDomain, requestWindow } from "../export-scope.js";
import { rejectUnknownFields } from "../fields.js";
import { intParam, listParam } from "../list-param.js";
import { MAX_PAGE_URL_BYTES, pagePath, storedSpellings } from "../page-url.js";
import { servedRows } from "../served-rows.js";

const ENDPOINT = "export-page-snapshots";
const FIELDS = [
  "domainId",
  "url",
  "period",
  "startDate",
  "endDate",
  "pageSize",
  "botId",
  "tier",
  "cursor",
] as const;
const TIERS: readonly string[] = ["verified", "declared", "unknown"];
export const PAGE_SNAPSHOTS_PAGE_SIZE = { min: 1, max: 400, fallback: 100 };

/** Everything a page of the export depends on; a cursor carries it whole. */
interface Query {
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

/**
 * POST /export-page-snapshots: per date, which snapshot each bot was served for one page of one
 * domain, from the served aggregates (days from the cutover on). Rows are dates with crawls
 * (after the filters), ascending; a page holds up to `pageSize` of them and the cursor pins the
 * whole query (domain, url, window, filters, page size) plus the last date returned.
 */
export const exportPageSnapshots: Operation = async (ctx) => {
  const { deps, user, now } = ctx;
  rejectUnknownFields(ctx.body, FIELDS);
  const { query, access } = await queryOf(ctx);
  const from = query.after === null ? query.startDate : addDays(query.after, 1);
  const counts: ServedDayCount[] = [];
  if (from <= query.endDate) {
    for (const path of storedSpellings(query.path)) {
      counts.push(
        ...(await deps.crawls.servedDayCounts(query.domainId, path, from, query.endDate)),
      );
    }
  }
  const bots = query.botIds ? new Set(query.botIds) : null;
  const tiers = query.tiers ? new Set(query.tiers) : null;
  const rows = servedRows(
    counts.filter((c) => (!bots || bots.has(c.botId)) && (!tiers || tiers.has(c.tier))),
  );
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > page.length && last
      ? await encodeCursor(deps.signing, {
          endpoint: ENDPOINT,
          userId: user.userId,
          payload: cursorPayload(query, last.day),
          issuedAt: now,
        })
      : null;

  const links = htmlLinks(deps.signing, deps.baseUrl, now);
  const ids = new Set<string>();
  for (const row of page) {
    for (const bot of Object.values(row.bots)) {
      for (const entry of bot.served) if (entry.snapshotId) ids.add(entry.snapshotId);
    }
  }
  const snapshots: Record<string, ReturnType<typeof snapshotJson>> = {};
  for (const snapshot of await deps.snapshots.getSnapshots([...ids])) {
    // Only this domain's snapshots are described, whatever a crawl row claims.
    if (snapshot.domainId !== query.domainId) continue;
    snapshots[snapshot.snapshotId] = snapshotJson(snapshot, await links.htmlUrl(snapshot));
  }

  return {
    status: 200,
    body: {
      generatedAt: now.toISOString(),
      userId: user.userId,
      legacyCutover: LEGACY_CUTOVER,
      definitionsVersion: (getTaxonomy() as Taxonomy).version,
      domain: access.domain.hostname,
      domainId: access.domain.domainId,
      role: access.role,
      period: query.period,
      startDate: query.startDate,
      endDate: query.endDate,
      ...(query.requestedStartDate === null
        ? {}
        : { requestedStartDate: query.requestedStartDate }),
      url: query.url,
      path: query.path,
      rows: page,
      snapshots,
      htmlUrlExpiresAt: links.expiresAt.toISOString(),
      dayCount: page.length,
      nextCursor,
    },
  };
};

function snapshotJson(snapshot: Snapshot, htmlUrl: string | null) {
  return {
    contentHash: snapshot.contentHash,
    renderStatus: snapshot.renderStatus,
    contentSizeBytes: snapshot.contentSizeBytes,
    htmlUrl,
  };
}

/** The query of a request: from its cursor when it sends one, else from its fields. */
async function queryOf(ctx: OperationContext): Promise<{ query: Query; access: DomainAccess }> {
  const { deps, user, body, now } = ctx;
  if (body.cursor !== undefined && body.cursor !== null) {
    const payload = await openCursor(deps.signing, body.cursor, {
      endpoint: ENDPOINT,
      userId: user.userId,
      now,
    });
    const query = cursorQuery(payload);
    if (!query) throw new CrawlgateError("invalid_cursor", { message: "cursor is malformed" });
    return { query, access: await readableDomain(deps, user, query.domainId) };
  }
  if (body.domainId === undefined || body.domainId === null) {
    throw invalidRequest("domainId is required");
  }
  if (body.url === undefined || body.url === null) throw invalidRequest("url is required");
  const path = typeof body.url === "string" ? pagePath(body.url) : null;
  if (path === null) {
    throw invalidRequest(
      `url must be a full http(s) URL or a path starting with /, at most ${MAX_PAGE_URL_BYTES} bytes`,
    );
  }
  const clamped = clampToCutover(requestWindow(body, now, STANDARD_WINDOW));
  if (!clamped.ok) throw invalidRequest(clamped.message);
  const pageSize = intParam(body, "pageSize", PAGE_SNAPSHOTS_PAGE_SIZE);
  const taxonomy = getTaxonomy() as Taxonomy;
  const botIds = listParam(body, "botId", (id) => !!taxonomy.botById(id), "a bot ID");
  const tiers = listParam(body, "tier", (t) => TIERS.includes(t), "a tier");
  const access = await readableDomain(deps, user, body.domainId);
  const window = clamped.value;
  return {
    access,
    query: {
      domainId: access.domain.domainId,
      url: body.url as string,
      path,
      period: window.period,
      startDate: window.startDate,
      endDate: window.endDate,
      requestedStartDate: clamped.requestedStartDate ?? null,
      pageSize,
      botIds,
      tiers,
      after: null,
    },
  };
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

/** What a cursor pins: the query without what it derives (`path`) or drops (`period`). */
function cursorPayload(query: Query, after: string): Record<string, unknown> {
  const { path: _path, period: _period, ...pinned } = query;
  return { ...pinned, after };
}

/** A signed payload read back: checked anyway, so a shape change across versions cannot crash. */
function cursorQuery(p: Record<string, unknown>): Query | null {
  const ok =
    typeof p.domainId === "string" &&
    typeof p.url === "string" &&
    isValidDate(p.startDate) &&
    isValidDate(p.endDate) &&
    (p.requestedStartDate === null || isValidDate(p.requestedStartDate)) &&
    Number.isInteger(p.pageSize) &&
    (p.botIds === null || isStringList(p.botIds)) &&
    (p.tiers === null || (isStringList(p.tiers) && p.tiers.every((t) => TIERS.includes(t)))) &&
    isValidDate(p.after);
  const path = ok ? pagePath(p.url as string) : null;
  if (path === null) return null;
  return {
    domainId: p.domainId as string,
    url: p.url as string,
    path,
    period: null,
    startDate: p.startDate as string,
    endDate: p.endDate as string,
    requestedStartDate: p.requestedStartDate as string | null,
    pageSize: p.pageSize as number,
    botIds: p.botIds as string[] | null,
    tiers: p.tiers as string[] | null,
    after: p.after as string,
  };
}
