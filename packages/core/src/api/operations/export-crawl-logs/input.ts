import { z } from "zod";
import { CRAWL_LOG_WINDOW } from "../../../window/window.js";
import { cursorPagedBody } from "../../exports/cursor-paged.js";
import { intField, requiredDomainId } from "../../exports/export-fields.js";
import { listField } from "../../exports/filter-fields.js";

export const CRAWL_LOG_PAGE_SIZE = { min: 1, max: 2000, fallback: 500 };
export const CRAWL_LOG_FORMATS = ["json", "csv", "parquet"] as const;
export const CRAWL_LOG_TIERS = ["verified", "declared", "automation", "unknown"] as const;
export const SERVED_FROM = ["cache", "render", "origin"] as const;
/** Most values one filter may name. */
const MAX_VALUES = 100;
/** Longest `pathPrefix` and operator name, in characters. */
const MAX_TEXT = 2048;

function enumList(name: string, values: readonly string[]) {
  return listField({
    shape: `${name} must be one of ${values.join(", ")} or a non-empty array of them`,
    max: MAX_VALUES,
    order: "sorted",
    values,
    refuse(list) {
      const refused = list.find((v) => !values.includes(v));
      return refused === undefined ? null : `${name} has an invalid value: ${refused}`;
    },
  });
}

const botOperator = listField({
  shape: `botOperator must be an operator name or a non-empty array of at most ${MAX_VALUES} of them`,
  max: MAX_VALUES,
  order: "sorted",
  refuse(list) {
    return list.some((v) => v.length === 0 || v.length > MAX_TEXT)
      ? `botOperator names must be 1 to ${MAX_TEXT} characters`
      : null;
  },
});

const PREFIX = `pathPrefix must be a string of 1 to ${MAX_TEXT} characters`;
const pathPrefix = z
  .string({ error: PREFIX })
  .min(1, { error: PREFIX })
  .max(MAX_TEXT, { error: PREFIX })
  .nullable()
  .optional()
  .describe("Literal path prefix; json/csv only");

const format = z
  .enum(CRAWL_LOG_FORMATS, { error: `format must be one of ${CRAWL_LOG_FORMATS.join(", ")}` })
  .nullable()
  .optional()
  .describe("json (default), csv or parquet");

const { min, max } = CRAWL_LOG_PAGE_SIZE;

/**
 * The body of export-crawl-logs, fields in the order they are checked. With `cursor`, every
 * other field is ignored: the cursor pins the query (format included).
 */
export const input = cursorPagedBody(
  {},
  CRAWL_LOG_WINDOW,
  { domainId: requiredDomainId },
  {
    format,
    botOperator: botOperator.describe("Operator names, any letter case; json/csv only"),
    tier: enumList("tier", CRAWL_LOG_TIERS).describe(
      "Rows with tier null never match; json/csv only",
    ),
    servedFrom: enumList("servedFrom", SERVED_FROM).describe("json/csv only"),
    pathPrefix,
    pageSize: intField("pageSize", min, max),
  },
);

export type CrawlLogsInput = z.output<typeof input>;
