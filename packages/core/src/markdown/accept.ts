import { parseWeightedList, TOKEN } from "../http/weighted-list.js";

/**
 * Content negotiation between a page's HTML and its Markdown (RFC 9110 §12.5.1): which of the
 * two an `Accept` header prefers. Only the two media types the edge can send are weighed.
 */

/** One member of an `Accept` list: the media range (lower case, no parameters) and its weight. */
export interface AcceptedType {
  /** `type/subtype`, `type/*` or `*\/*`. */
  range: string;
  q: number;
}

/** A media range's name as `parseWeightedList` keeps it: `type/subtype`, `type/*` or `*\/*`. */
function mediaRange(name: string): string | null {
  const slash = name.indexOf("/");
  if (slash < 0) return null;
  const type = name.slice(0, slash);
  const subtype = name.slice(slash + 1);
  if (!TOKEN.test(type) || !TOKEN.test(subtype) || (type === "*" && subtype !== "*")) return null;
  return name;
}

/**
 * The members of an `Accept` value, in order (`parseWeightedList`): ranges lower-cased, a member
 * that is not `type/subtype` (tokens; `*` only as `*\/*` or a subtype) or whose `q` is not a
 * qvalue skipped, as are empty list elements; media-type parameters other than `q` are
 * ignored. Quoted parameter values are not parsed: a comma inside one splits the list there
 * (a client could only fool its own negotiation with it).
 */
export function parseAccept(value: string): AcceptedType[] {
  return parseWeightedList(value, mediaRange).map(({ name, q }) => ({ range: name, q }));
}

/**
 * The weight a client gives one media type: the most specific range that matches it wins
 * (`text/html` over `text/*` over `*\/*`), the highest `q` when a range is listed twice; 0 when
 * nothing matches.
 */
export function weightOfType(accepted: readonly AcceptedType[], mediaType: string): number {
  const wildcard = `${mediaType.slice(0, mediaType.indexOf("/"))}/*`;
  let exact = -1;
  let sub = -1;
  let any = -1;
  for (const { range, q } of accepted) {
    if (range === mediaType) exact = Math.max(exact, q);
    else if (range === wildcard) sub = Math.max(sub, q);
    else if (range === "*/*") any = Math.max(any, q);
  }
  if (exact >= 0) return exact;
  if (sub >= 0) return sub;
  return Math.max(any, 0);
}

/**
 * Whether an `Accept` header asks for a page's Markdown rather than its HTML: only when it
 * names `text/markdown` itself with a weight above 0 and at least the weight `text/html` gets
 * (directly or through `text/*` or `*\/*`). `text/*` and `*\/*` alone never select Markdown:
 * a browser's or a crawler's usual header keeps getting HTML. No header: HTML.
 */
export function prefersMarkdown(header: string | undefined): boolean {
  if (header === undefined || !header.toLowerCase().includes("text/markdown")) return false;
  const accepted = parseAccept(header);
  let markdown = -1;
  for (const { range, q } of accepted)
    if (range === "text/markdown") markdown = Math.max(markdown, q);
  return markdown > 0 && markdown >= weightOfType(accepted, "text/html");
}

const remembered = new Map<string, boolean>();
const REMEMBERED_MAX = 256;

/**
 * `prefersMarkdown` remembered per header value (clients send a handful of distinct values), so
 * a cache hit parses nothing.
 */
export function prefersMarkdownCached(header: string | undefined): boolean {
  if (header === undefined) return false;
  let chosen = remembered.get(header);
  if (chosen === undefined) {
    chosen = prefersMarkdown(header);
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.set(header, chosen);
  }
  return chosen;
}
