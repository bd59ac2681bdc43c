import { z } from "zod";
import { getTaxonomy, type Taxonomy } from "../../../taxonomy/registry.js";
import { AGGREGATE_TIERS } from "../../../types.js";
import { STANDARD_WINDOW } from "../../../window/window.js";
import { cursorPagedBody } from "../../exports/cursor-paged.js";
import { booleanField, intField, requiredDomainId } from "../../exports/export-fields.js";
import { isTier, listField } from "../../exports/filter-fields.js";

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 50;
/** Longest `pathPrefix` (the spec's longest path, `sourcePath`, is 2,048 characters). */
export const MAX_PATH_PREFIX_LENGTH = 2048;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
const CONTROL_OR_LONE_SURROGATE = /[\u0000-\u001f\u007f]|\p{Cs}/u;

/**
 * A literal path or path start, beginning with `/`, without control characters or unpaired
 * surrogates (stored paths never contain them).
 */
const literalPath = (field: string) => {
  const message = `${field} must be a path starting with "/", at most ${MAX_PATH_PREFIX_LENGTH} characters, without control characters`;
  return z
    .string({ error: message })
    .startsWith("/", { error: message })
    .max(MAX_PATH_PREFIX_LENGTH, { error: message })
    .refine((value) => !CONTROL_OR_LONE_SURROGATE.test(value), { error: message })
    .nullable()
    .optional();
};

const pathPrefix = literalPath("pathPrefix").describe(
  "Literal path prefix (% and _ are ordinary characters)",
);

const path = literalPath("path").describe(
  "Exactly this path (as stored: no query, compared byte for byte): at most one page, whatever its rank",
);

/** Bot IDs of the current taxonomy (retired ones included), sorted. */
const botId = listField({
  shape: "botId must be a string or a non-empty array of strings",
  order: "sorted",
  refuse(ids) {
    const taxonomy = getTaxonomy() as Taxonomy;
    const unknown = ids.find((id) => !taxonomy.botById(id));
    return unknown === undefined ? null : `botId: unknown bot ID ${JSON.stringify(unknown)}`;
  },
});

const tier = listField({
  shape: "tier must be a string or a non-empty array of strings",
  order: "sorted",
  values: AGGREGATE_TIERS,
  refuse: (tiers) =>
    tiers.every(isTier) ? null : `tier must be one or more of ${AGGREGATE_TIERS.join(", ")}`,
});

const series = booleanField("series").describe(
  "Per-page series over the window's buckets; default true. Read with a cursor too",
);

/**
 * The body of export-page-analytics, fields in the order they are checked. With `cursor`, only
 * `series` is read: the cursor pins everything else.
 */
export const input = cursorPagedBody(
  { series },
  STANDARD_WINDOW,
  { series, domainId: requiredDomainId },
  {
    granularity: z
      .enum(["auto", "day", "week"], { error: "granularity must be auto, day or week" })
      .nullable()
      .optional()
      .describe("auto (default): day up to 90 days, else week; day over 90 days is 400"),
    sortBy: z
      .enum(["total", "verified"], { error: "sortBy must be total or verified" })
      .nullable()
      .optional()
      .describe("Rank by total (default) or verified crawls; ties by path"),
    pageSize: intField("pageSize", 1, MAX_PAGE_SIZE),
    botId: botId.describe("Only these bots (current taxonomy); series then per bot"),
    tier: tier.describe("Only these tiers"),
    pathPrefix,
    path,
  },
);

export type PageAnalyticsInput = z.output<typeof input>;
