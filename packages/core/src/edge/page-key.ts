import { compareUtf8 } from "../text/index.js";
import { RENDER_VARIANTS, type RenderVariant } from "../types.js";

// The key a page is cached under. What is a page at all is `requestKind` (ingest/request-kind.ts).

/** Query parameters that only track the visit: they never change a page, so they are dropped. */
const TRACKING =
  /^(utm_[a-z0-9_]*|gclid|dclid|gbraid|wbraid|fbclid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl)$/i;

/** Longest page key that is cached; longer requests go to the origin. */
export const MAX_PAGE_KEY = 2048;

export interface PageKey {
  /** The path as requested (no query): what crawl rows and snapshots record. */
  path: string;
  /** Cache key: path, then the query's parameters without tracking ones, sorted by name. */
  key: string;
}

/**
 * The page key of a request target (`/a/b?x=1#f`), or `null` when it is not cacheable (not
 * origin-form, or longer than `MAX_PAGE_KEY`). The fragment is dropped; the path is kept byte
 * for byte (case and percent-encoding matter to origins); empty parameters and tracking
 * parameters are dropped and the rest sorted by name (stable, so repeated names keep their
 * order); a query left empty is dropped with its `?`.
 */
export function pageKey(target: string): PageKey | null {
  if (!target.startsWith("/") || target.startsWith("//")) return null;
  const hash = target.indexOf("#");
  const url = hash >= 0 ? target.slice(0, hash) : target;
  const q = url.indexOf("?");
  return q >= 0 ? pageKeyOf(url.slice(0, q), url.slice(q + 1)) : pageKeyOf(url, "");
}

/** `pageKey` of a target already split into its path and query (without `?`). */
export function pageKeyOf(path: string, query: string): PageKey | null {
  let key = path;
  if (query !== "") {
    const params = query
      .split("&")
      .filter((p) => p !== "" && p !== "=" && !TRACKING.test(nameOf(p)));
    params.sort((a, b) => compareUtf8(nameOf(a), nameOf(b)));
    if (params.length > 0) key = `${path}?${params.join("&")}`;
  }
  return key.length > MAX_PAGE_KEY ? null : { path, key };
}

function nameOf(param: string): string {
  const eq = param.indexOf("=");
  return eq >= 0 ? param.slice(0, eq) : param;
}

/**
 * The key a page's device render is cached and queued under: the page key itself for the
 * desktop render (so a domain's keys are the same with or without variants), `key#mobile` for
 * the mobile one. A page key never holds `#` (`pageKey` drops the fragment, purge-cache refuses
 * it), so the two never collide and `variantOfKey` reads the variant back.
 */
export function variantKey(key: string, variant: RenderVariant): string {
  return variant === "desktop" ? key : `${key}${VARIANT_MARK}${variant}`;
}

/** The page key (or purge target) and variant a `variantKey` names. */
export function variantOfKey(cacheKey: string): { key: string; variant: RenderVariant } {
  const mark = cacheKey.lastIndexOf(VARIANT_MARK);
  if (mark >= 0) {
    const variant = cacheKey.slice(mark + 1);
    if ((RENDER_VARIANTS as readonly string[]).includes(variant) && variant !== "desktop") {
      return { key: cacheKey.slice(0, mark), variant: variant as RenderVariant };
    }
  }
  return { key: cacheKey, variant: "desktop" };
}

const VARIANT_MARK = "#";
