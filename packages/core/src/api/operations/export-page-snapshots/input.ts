import { z } from "zod";
import { getTaxonomy, type Taxonomy } from "../../../taxonomy/registry.js";
import { AGGREGATE_TIERS } from "../../../types.js";
import { STANDARD_WINDOW } from "../../../window/window.js";
import { cursorPagedBody } from "../../exports/cursor-paged.js";
import { intField, requiredDomainId } from "../../exports/export-fields.js";
import { isTier, listField } from "../../exports/filter-fields.js";
import { MAX_PAGE_URL_BYTES, pagePath } from "../../exports/page-url.js";

export const PAGE_SNAPSHOTS_PAGE_SIZE = { min: 1, max: 400, fallback: 100 };
/** Most values a `botId` or `tier` filter may name: room for every bot of the taxonomy. */
export const MAX_FILTER_VALUES = 200;

const URL_FORM = `url must be a full http(s) URL or a path starting with /, at most ${MAX_PAGE_URL_BYTES} bytes`;

/** The page: a full http(s) URL or a path (see `pagePath`). */
const url = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? "url is required" : URL_FORM,
  })
  .refine((value) => pagePath(value) !== null, { error: URL_FORM })
  .describe("Full http(s) URL or bare path; query, fragment and trailing slash are stripped");

/** A `botId`/`tier` filter: distinct values in the order sent, the first refused one named. */
function filter(
  name: string,
  expected: string,
  valid: (value: string) => boolean,
  values?: readonly string[],
) {
  return listField({
    shape: `${name} must be ${expected} or a non-empty array of at most ${MAX_FILTER_VALUES} of them`,
    max: MAX_FILTER_VALUES,
    order: "sent",
    ...(values ? { values } : {}),
    refuse(list) {
      const refused = list.find((value) => !valid(value));
      return refused === undefined ? null : `${name} has an invalid value: ${refused}`;
    },
  });
}

const { min, max } = PAGE_SNAPSHOTS_PAGE_SIZE;

/**
 * The body of export-page-snapshots, fields in the order they are checked. With `cursor`, every
 * other field is ignored: the cursor pins the query.
 */
export const input = cursorPagedBody(
  {},
  STANDARD_WINDOW,
  { domainId: requiredDomainId, url },
  {
    pageSize: intField("pageSize", min, max),
    botId: filter("botId", "a bot ID", (id) => !!(getTaxonomy() as Taxonomy).botById(id)),
    tier: filter("tier", "a tier", isTier, AGGREGATE_TIERS),
  },
);

export type PageSnapshotsInput = z.output<typeof input>;
