import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import type { AggregateTier } from "../types.js";
import { invalidRequest } from "./errors.js";

const TIERS: readonly AggregateTier[] = ["verified", "declared", "unknown"];
/** Longest `pathPrefix` (the spec's longest path, `sourcePath`, is 2,048 characters). */
export const MAX_PATH_PREFIX_LENGTH = 2048;

/** A string or a non-empty array of strings, as a list; `undefined`/`null`: no filter. */
function stringList(value: unknown, field: string): string[] | null {
  if (value === undefined || value === null) return null;
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.some((v) => typeof v !== "string")) {
    throw invalidRequest(`${field} must be a string or a non-empty array of strings`);
  }
  return [...new Set(list as string[])].sort();
}

/** `botId` of an export: bot IDs of the current taxonomy (retired ones included), sorted. */
export function botIdFilter(value: unknown): string[] | null {
  const ids = stringList(value, "botId");
  const taxonomy = getTaxonomy() as Taxonomy;
  const unknown = ids?.find((id) => !taxonomy.botById(id));
  if (unknown !== undefined)
    throw invalidRequest(`botId: unknown bot ID ${JSON.stringify(unknown)}`);
  return ids;
}

/** `tier` of an export: `verified`, `declared`, `unknown`, sorted. */
export function tierFilter(value: unknown): AggregateTier[] | null {
  const tiers = stringList(value, "tier");
  if (tiers?.some((t) => !TIERS.includes(t as AggregateTier))) {
    throw invalidRequest(`tier must be one or more of ${TIERS.join(", ")}`);
  }
  return tiers as AggregateTier[] | null;
}

/**
 * `pathPrefix`: a literal path start, beginning with `/`, at most 2,048 characters, without
 * control characters or unpaired surrogates (stored paths never contain them).
 */
export function pathPrefixFilter(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.length > MAX_PATH_PREFIX_LENGTH ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
    /[\u0000-\u001f\u007f]|\p{Cs}/u.test(value)
  ) {
    throw invalidRequest(
      `pathPrefix must be a path starting with "/", at most ${MAX_PATH_PREFIX_LENGTH} characters, without control characters`,
    );
  }
  return value;
}
