import { SIGNAL_KEYS, type SignalKey, type SignalValue } from "../policy/content-signals.js";
import { compileRobotsPattern, type RobotsAgent } from "./match.js";
import { normalizeRobotsPath } from "./normalize.js";
import type { RobotsSignals, SignalGroup, StatedSignals } from "./signal-lines.js";

/** The signals a robots.txt states for a crawler and a path (keys it leaves open are absent). */
export type SignalsOf = (agent: RobotsAgent, path: string) => StatedSignals;

/** The signal each crawler intent is judged by (other intents are not judged). */
export const INTENT_SIGNAL: ReadonlyMap<string, SignalKey> = new Map([
  ["training", "aiTrain"],
  ["answer-fetch", "aiInput"],
  ["search-index", "search"],
]);

interface CompiledGroups {
  pathRules: { length: number; test: (path: string) => boolean; signals: StatedSignals }[];
  siteUsage: StatedSignals[];
  contentSignals: StatedSignals[];
}

/** Where statements conflict at one level, `no` wins (aipref vocab §7.1: the stricter reading). */
function combine(into: StatedSignals, stated: StatedSignals): void {
  for (const key of SIGNAL_KEYS) {
    const value = stated[key];
    if (value !== undefined && into[key] !== "no") into[key] = value;
  }
}

function compileGroups(groups: readonly SignalGroup[]): CompiledGroups {
  const out: CompiledGroups = { pathRules: [], siteUsage: [], contentSignals: [] };
  for (const group of groups) {
    out.contentSignals.push(...group.contentSignals);
    for (const rule of group.contentUsage) {
      if (rule.path === null) out.siteUsage.push(rule.signals);
      else out.pathRules.push({ ...compileRobotsPattern(rule.path), signals: rule.signals });
    }
  }
  out.pathRules.sort((a, b) => b.length - a.length);
  return out;
}

/** What one set of groups states for a path, per key: path rule, site rule, Content-Signal. */
function statedBy(groups: CompiledGroups, path: string): StatedSignals {
  const out: StatedSignals = {};
  for (const key of SIGNAL_KEYS) {
    let length = -1;
    let value: SignalValue | undefined;
    // The longest matching path rule stating the key decides it (ties: `no` wins).
    for (const rule of groups.pathRules) {
      if (rule.length < length) break;
      const stated = rule.signals[key];
      if (stated === undefined || !rule.test(path)) continue;
      length = rule.length;
      if (value !== "no") value = stated;
    }
    if (value !== undefined) out[key] = value;
  }
  for (const level of [groups.siteUsage, groups.contentSignals]) {
    const site: StatedSignals = {};
    for (const stated of level) combine(site, stated);
    for (const key of SIGNAL_KEYS) if (out[key] === undefined && site[key]) out[key] = site[key];
  }
  return out;
}

/**
 * Compiles the preference lines of a robots.txt for the compliance judge. A crawler reads the
 * groups that name its first listed token (as `compileRobots` chooses them); a key those leave
 * open is read from the `User-agent: *` groups (the generated signals live there), unless the
 * crawler ignores them. Within a set of groups, per key: the longest matching path-scoped
 * `Content-Usage` rule stating it, else the path-less `Content-Usage` rules, else the
 * `Content-Signal` lines (conflicts at one level: `no` wins). `/robots.txt` itself states nothing.
 */
export function compileSignals(file: RobotsSignals): SignalsOf {
  // Most files state nothing: their crawls cost nothing more.
  if (!file.groups.some((g) => g.contentSignals.length > 0 || g.contentUsage.length > 0))
    return () => ({});
  const byToken = new Map<string, SignalGroup[]>();
  for (const group of file.groups) {
    for (const ua of new Set(group.userAgents.map((u) => u.toLowerCase()))) {
      const list = byToken.get(ua) ?? [];
      list.push(group);
      byToken.set(ua, list);
    }
  }
  const compiled = new Map<string, CompiledGroups>();
  for (const [token, groups] of byToken) compiled.set(token, compileGroups(groups));
  const star = compiled.get("*");
  return (agent, rawPath) => {
    const path = normalizeRobotsPath(rawPath);
    if (path === "/robots.txt") return {};
    let own: CompiledGroups | undefined;
    for (const token of agent.tokens) {
      own = compiled.get(token.toLowerCase());
      if (own) break;
    }
    const wildcard = agent.ignoresWildcardGroup ? undefined : star;
    const out = own ? statedBy(own, path) : {};
    if (wildcard && own !== wildcard) {
      const fallback = statedBy(wildcard, path);
      for (const key of SIGNAL_KEYS) out[key] ??= fallback[key];
      for (const key of SIGNAL_KEYS) if (out[key] === undefined) delete out[key];
    }
    return out;
  };
}

/**
 * Whether a request of a crawler of `intent` contradicted what the robots.txt stated for its
 * path: a `training` crawler under `ai-train=no`, an `answer-fetch` one under `ai-input=no`, a
 * `search-index` one under `search=no`.
 */
export function contradicts(stated: StatedSignals, intent: string): boolean {
  const key = INTENT_SIGNAL.get(intent);
  return key !== undefined && stated[key] === "no";
}
