import type { RoutingRule } from "../../types.js";
import type { ParsedSource } from "../rules/pattern.js";
import { collapseLeadingSlashes } from "../targets/safe-target.js";
import { compileTarget, renderTarget, type TargetTemplate } from "../targets/target.js";

/** A rule compiled for matching: what a match reads is kept on the entry itself. */
export interface Entry {
  rule: RoutingRule;
  /** Exact entries: the lowercase path they match (without the query); "" for patterns. */
  key: string;
  /**
   * Exact entries without a query: every such entry with the same key, in rank order (the
   * exact map holds the first).
   */
  sameKey: Entry[];
  parsed: ParsedSource;
  target: TargetTemplate;
  /** The target when the visitor sent no query and it needs no capture, else `null`. */
  constTarget: string | null;
  constLength: number;
  /**
   * When the target's only capture is the rest it appends (`/old/*` → `/new`): its path with
   * the "/" that goes before a non-empty rest, else `null`. `restTail` is its own query.
   */
  restLead: string | null;
  restPath: string;
  restTail: string;
  /** `restTail` and the fragment; `restPath` followed by them (when no query is passed on). */
  restEnd: string;
  restPathEnd: string;
  /** Capture names (`parsed.captureNames`). */
  names: string[];
  /** `names.length`, kept on the entry (the names array is one more object to load). */
  captureCount: number;
  /** The source ends in `:name*`, `:name+` or a trailing `*`. */
  endsWithRest: boolean;
  /** How many segments that rest needs (1 for `:name+`). */
  restMin: 0 | 1;
  slashSignificant: boolean;
  query: string | null;
  isRedirect: boolean;
  /** The target starts with "/" (a path on the domain, never an absolute URL). */
  relativeTarget: boolean;
  /** Position in the total match order (smaller wins). */
  rank: number;
  /**
   * Exact entries only: no pattern that outranks this rule can match its path, with or without
   * a trailing slash, whatever the query. Then an exact hit needs no trie walk at all.
   */
  unbeatable: boolean;
}

export function newEntry(rule: RoutingRule, parsed: ParsedSource): Entry {
  const target = compileTarget(rule.targetUrl, parsed, parsed.query !== null);
  const usesCaptures =
    target.appendRest >= 0 ||
    target.pathParts.some(isCaptureRef) ||
    target.queryParts.some(isCaptureRef);
  const last = parsed.segments[parsed.segments.length - 1];
  // Fields a match reads come first, so that they share the object's first cache line.
  const entry: Entry = {
    rank: 0,
    slashSignificant: parsed.slashSignificant,
    query: parsed.query,
    restMin: last?.kind === "rest" ? last.min : 0,
    unbeatable: false,
    isRedirect: rule.ruleType === "redirect",
    relativeTarget: rule.targetUrl.startsWith("/"),
    constTarget: usesCaptures ? null : constantTarget(rule, target),
    constLength: 0,
    captureCount: parsed.captureNames.length,
    endsWithRest: last?.kind === "rest",
    rule,
    names: parsed.captureNames,
    restLead: null,
    restEnd: "",
    key: parsed.isExact ? exactPath(parsed) : "",
    sameKey: NO_ENTRIES,
    parsed,
    target,
    restPath: "",
    restTail: "",
    restPathEnd: "",
  };
  // (A one-element literal: `push` onto an empty array would reserve 17 slots per entry.)
  entry.sameKey = [entry];
  entry.constLength = entry.constTarget?.length ?? -1;
  if (
    target.appendRest >= 0 &&
    target.pathParts.every((p) => !isCaptureRef(p)) &&
    target.queryParts.every((p) => !isCaptureRef(p))
  ) {
    const path = target.pathParts.join("");
    entry.restLead = path.endsWith("/") ? path : `${path}/`;
    entry.restPath = path;
    entry.restTail = target.queryParts.join("");
    entry.restEnd = entry.restTail + target.fragment;
    entry.restPathEnd = path + entry.restEnd;
  }
  return entry;
}

/**
 * An entry for `rule` built from `compiled`, another rule's entry with the same source and target
 * (from an earlier compile): its parsed source and target are shared, the per-index fields fresh.
 */
export function entryFor(rule: RoutingRule, compiled: Entry): Entry {
  const c = compiled;
  // (The same fields in the same order as `newEntry`'s: every entry has one shape.)
  const entry: Entry = {
    rank: 0,
    slashSignificant: c.slashSignificant,
    query: c.query,
    restMin: c.restMin,
    unbeatable: false,
    isRedirect: rule.ruleType === "redirect",
    relativeTarget: c.relativeTarget,
    constTarget: c.constTarget,
    constLength: c.constLength,
    captureCount: c.captureCount,
    endsWithRest: c.endsWithRest,
    rule,
    names: c.names,
    restLead: c.restLead,
    restEnd: c.restEnd,
    key: c.key,
    sameKey: NO_ENTRIES,
    parsed: c.parsed,
    target: c.target,
    restPath: c.restPath,
    restTail: c.restTail,
    restPathEnd: c.restPathEnd,
  };
  // (A one-element literal: `push` onto an empty array would reserve 17 slots per entry.)
  entry.sameKey = [entry];
  return entry;
}

/** Placeholder until an entry's `sameKey` holds the entry itself. */
const NO_ENTRIES: Entry[] = [];

/** A target that needs no capture; a relative one never starts with `//` (safe-target.ts). */
function constantTarget(rule: RoutingRule, target: TargetTemplate): string {
  const text = renderTarget(target, [], "");
  return rule.targetUrl.startsWith("/") ? collapseLeadingSlashes(text) : text;
}

const isCaptureRef = (part: string | number): boolean => typeof part === "number";

/** The lowercase path an exact source matches (without its query). */
function exactPath(parsed: ParsedSource): string {
  return `/${parsed.segments.map((s) => (s.kind === "literal" ? s.text : "")).join("/")}`;
}

/** Stands for "any query string" when deciding at compile time which patterns could match. */
export const ANY_QUERY = "\u0000any";

/** Whether the entry takes a request with this trailing slash and query. */
export function accepts(entry: Entry, endsWithSlash: boolean, query: string): boolean {
  if (entry.slashSignificant && !endsWithSlash) return false;
  return entry.query === null || entry.query === query || query === ANY_QUERY;
}
