import { z } from "zod";
import { encodeCursor } from "../../../cursor/cursor.js";
import { htmlLinks } from "../../../snapshots/links.js";
import { getTaxonomy, type Taxonomy } from "../../../taxonomy/registry.js";
import type { RenderVariant, ServedDayCount, Snapshot } from "../../../types.js";
import { addDays } from "../../../window/dates.js";
import { LEGACY_CUTOVER } from "../../../window/window.js";
import type { Operation } from "../../context.js";
import type { EndpointContract } from "../../contract.js";
import { storedSpellings } from "../../exports/page-url.js";
import { servedRows } from "../../exports/served-rows.js";
import {
  count,
  day,
  instant,
  legacyCutover,
  nextCursor as nextCursorShape,
  periodOrNull,
  role,
  servedFrom,
  snapshotMeta,
  tiers,
  uuid,
} from "../../responses/shapes.js";
import type { PageSnapshotsInput } from "./input.js";
import { PAGE_SNAPSHOTS_ENDPOINT, snapshotQuery, toCursorPayload } from "./snapshot-query.js";

export { input } from "./input.js";

const served = z.strictObject({
  servedFrom,
  snapshotId: uuid.nullable().describe("null when the crawl was served without a snapshot"),
  variant: z
    .enum(["desktop", "mobile"])
    .nullable()
    .describe(
      "The device render served (its snapshot's); null when served without a snapshot or the snapshot is not this domain's",
    ),
  tiers,
  total: count,
  lastSeenAt: instant,
});

const dayRow = z.strictObject({
  day,
  total: count,
  tiers,
  bots: z.record(z.string(), z.strictObject({ total: count, tiers, served: z.array(served) })),
});

export const output = z.strictObject({
  generatedAt: instant,
  userId: uuid,
  legacyCutover,
  definitionsVersion: z.string(),
  domain: z.string(),
  domainId: uuid,
  role,
  period: periodOrNull,
  startDate: day,
  endDate: day,
  requestedStartDate: day.optional().describe("The start sent, when it was clamped to the cutover"),
  url: z.string().describe("Exactly as sent"),
  path: z.string().describe("The normalized path"),
  rows: z.array(dayRow).describe("One row per date with crawls, ascending"),
  snapshots: z.record(uuid, snapshotMeta).describe("Metadata of the snapshots named on this page"),
  htmlUrlExpiresAt: instant.describe("When every htmlUrl stops working (about 24 hours)"),
  dayCount: count,
  nextCursor: nextCursorShape,
});

export const contract: EndpointContract = {
  summary: "Export which snapshot each bot was served, per day, for one page",
  description:
    "For one page of one domain: per date, which rendered HTML snapshot each bot was served. `url` is a full http(s) URL or a bare path; its query string, fragment and trailing slash are stripped and the result is returned as `path`. Same cutover clamping as export-page-analytics. `pageSize` counts dates (1 to 400, default 100); a date is never split across pages. A page never crawled gives 200 with empty `rows`. `htmlUrl` links are fetched with a plain GET without `Authorization`; the body is the stored gzip bytes served as `text/plain` (the client decompresses). Links are secrets and expire at `htmlUrlExpiresAt`.",
  status: 200,
  errors: ["invalid_request", "invalid_cursor", "domain_not_found"],
};

/**
 * POST /export-page-snapshots: per date, which snapshot each bot was served for one page of one
 * domain, from the served aggregates (days from the cutover on). Rows are dates with crawls
 * (after the filters), ascending; a page holds up to `pageSize` of them and the cursor pins the
 * whole query (domain, url, window, filters, page size) plus the last date returned.
 */
export const run: Operation<PageSnapshotsInput, z.output<typeof output>> = async ({
  deps,
  user,
  input,
  now,
  linkBase,
}) => {
  const { query, access } = await snapshotQuery(deps, user, input(), now);
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
          endpoint: PAGE_SNAPSHOTS_ENDPOINT,
          userId: user.userId,
          payload: toCursorPayload(query, last.day),
          issuedAt: now,
        })
      : null;

  const links = htmlLinks(deps.signing, linkBase, now);
  const ids = new Set<string>();
  for (const row of page) {
    for (const bot of Object.values(row.bots)) {
      for (const entry of bot.served) if (entry.snapshotId) ids.add(entry.snapshotId);
    }
  }
  const snapshots: Record<string, ReturnType<typeof snapshotJson>> = {};
  const variants = new Map<string, RenderVariant>();
  for (const snapshot of await deps.snapshots.getSnapshots([...ids])) {
    // Only this domain's snapshots are described, whatever a crawl row claims.
    if (snapshot.domainId !== query.domainId) continue;
    snapshots[snapshot.snapshotId] = snapshotJson(snapshot, await links.htmlUrl(snapshot));
    variants.set(snapshot.snapshotId, snapshot.variant);
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
      rows: withVariants(page, variants),
      snapshots,
      htmlUrlExpiresAt: links.expiresAt.toISOString(),
      dayCount: page.length,
      nextCursor,
    },
  };
};

/** The rows with each served entry's device render: its snapshot's (`null` without one). */
function withVariants(rows: ReturnType<typeof servedRows>, variants: Map<string, RenderVariant>) {
  return rows.map((row) => ({
    ...row,
    bots: Object.fromEntries(
      Object.entries(row.bots).map(([botId, bot]) => [
        botId,
        {
          ...bot,
          served: bot.served.map(({ servedFrom, snapshotId, tiers, total, lastSeenAt }) => ({
            servedFrom,
            snapshotId,
            variant: snapshotId === null ? null : (variants.get(snapshotId) ?? null),
            tiers,
            total,
            lastSeenAt,
          })),
        },
      ]),
    ),
  }));
}

function snapshotJson(snapshot: Snapshot, htmlUrl: string | null) {
  return {
    contentHash: snapshot.contentHash,
    renderStatus: snapshot.renderStatus,
    contentSizeBytes: snapshot.contentSizeBytes,
    htmlUrl,
  };
}
