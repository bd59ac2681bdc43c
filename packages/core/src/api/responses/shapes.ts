import { z } from "zod";
import { SIGNATURE_VERDICTS } from "../../types.js";

/**
 * The response shapes several endpoints share, as zod schemas: what the operations return (their
 * result types come from these), what the OpenAPI document publishes (as named components) and
 * what the contract tests check every answer against. Objects are strict, so a field added,
 * renamed or left out is a contract change; fields are in the order the responses send them.
 */

/** Named shapes, published under `#/components/schemas/<name>` in the order listed. */
export const NAMED_SHAPES = new Map<z.ZodType, string>();

export function named<S extends z.ZodType>(name: string, schema: S): S {
  NAMED_SHAPES.set(schema, name);
  return schema;
}

/** An instant: ISO 8601 in UTC with millisecond precision. */
export const instant = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  .meta({ format: "date-time", description: "ISO 8601, UTC, millisecond precision" });

/** A UTC date `YYYY-MM-DD`. */
export const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/)
  .meta({ format: "date" });

/** A lowercase UUID-style ID. */
export const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  .meta({ format: "uuid" });

/** A count of crawls, visits or rows. */
export const count = z.int().min(0);

export const role = named(
  "Role",
  z.enum(["owner", "manager", "viewer"]).describe("The caller's role on the domain"),
);

/** `period` of a windowed response: the period sent, or `null` for dates or a cursor request. */
export const periodOrNull = z
  .string()
  .nullable()
  .describe("The rolling period used; null for an explicit date range or a cursor request");

/** A continuation token, `null` on the last page. */
export const nextCursor = z
  .string()
  .nullable()
  .describe("Send as `cursor` for the next page; null on the last page");

/** The spec's `T`: crawls per attribution tier. */
export const tiers = named(
  "Tiers",
  z
    .strictObject({ verified: count, declared: count, unknown: count })
    .describe("T: crawls per tier"),
);

/** `T` plus `total`. */
export const tierTotals = named(
  "TierTotals",
  z
    .strictObject({ verified: count, declared: count, unknown: count, total: count })
    .describe("T plus total"),
);

export const domain = named(
  "Domain",
  z.strictObject({
    domainId: uuid,
    domain: z.string().describe("Hostname"),
    originUrl: z.string().nullable(),
    role,
    verificationStage: z
      .string()
      .nullable()
      .describe(
        "`pending` until the owner proves control of the host (POST /domains/{domainId}/verify), then `verified`; null: never recorded",
      ),
    createdAt: instant.nullable(),
  }),
);

export const routingRule = named(
  "RoutingRule",
  z.strictObject({
    ruleId: uuid,
    domainId: uuid,
    sourcePath: z.string().max(2048),
    targetUrl: z.string().max(2048),
    ruleType: z.enum(["redirect", "proxy"]),
    redirectCode: z.union([z.literal(301), z.literal(302)]).nullable(),
    priority: z.int(),
    isActive: z.boolean(),
    notes: z.string().max(2000).nullable(),
    createdAt: instant,
    updatedAt: instant,
  }),
);

export const cacheInvalidated = z
  .boolean()
  .describe(
    "false: saved, but the domain's cached settings could not be refreshed at once; the change may take a few minutes to apply (no retry needed)",
  );

export const servedFrom = z.enum(["cache", "render", "origin"]);

/** Crawl-log verdicts (the aggregates' tiers plus `automation`). */
export const crawlLogTier = z.enum(["verified", "declared", "automation", "unknown"]);
/** A request's Web Bot Auth outcome. */
export const signatureVerdict = z.enum(SIGNATURE_VERDICTS);

export const snapshotMeta = named(
  "Snapshot",
  z.strictObject({
    contentHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("SHA-256 of the served HTML"),
    renderStatus: z.int().nullable(),
    contentSizeBytes: count.nullable(),
    htmlUrl: z
      .string()
      .nullable()
      .describe(
        "Presigned download link (plain GET, no Authorization; a secret); null once the stored copy is gone",
      ),
  }),
);

export const crawlLogRow = named(
  "CrawlLogRow",
  z.strictObject({
    ts: instant,
    domain: z.string(),
    path: z.string(),
    userAgent: z.string(),
    uaHash: z.string(),
    servedFrom,
    status: z.int(),
    bytes: count,
    botOperator: z.string().nullable(),
    matchedRange: z.string().nullable(),
    tier: crawlLogTier.nullable(),
    contentHash: z.string().nullable(),
    signatureAgent: z
      .string()
      .nullable()
      .describe(
        "Web Bot Auth agent origin the signature verified against, or claimed when it did not (see signature); null when unsigned",
      ),
    signature: signatureVerdict
      .nullable()
      .describe("Web Bot Auth outcome: verified, invalid or unverified; null when unsigned"),
  }),
);

/** The fields every windowed export starts with (`windowedExportHeader`), in its order. */
export function windowedHeader(periods: readonly [string, ...string[]]) {
  return {
    generatedAt: instant,
    period: z.enum(periods).nullable().describe("null for an explicit date range"),
    startDate: day,
    endDate: day,
    userId: uuid,
  };
}

/** The cutover date (`2026-07-09`). */
export const legacyCutover = day.describe(
  "Verified crawl tracking and page-level data start on this date",
);
