import { SIGNAL_KEYS, type SignalKey, type SignalValue } from "../policy/content-signals.js";
import type { RobotsAgent } from "./match.js";
import { normalizeRobotsPath } from "./normalize.js";
import type { RobotsFile } from "./parse.js";
import { parseRobotsSignals, type SignalGroup, type StatedSignals } from "./signal-lines.js";

/** Whether `pattern` (`*` any run, final `$` = end) matches a prefix of `path`: plain recursion. */
export function globPrefix(pattern: string, path: string): boolean {
  if (pattern === "") return true;
  if (pattern === "$") return path === "";
  const [head] = pattern;
  if (head === "*") {
    for (let i = 0; i <= path.length; i++)
      if (globPrefix(pattern.slice(1), path.slice(i))) return true;
    return false;
  }
  return path.length > 0 && path[0] === head && globPrefix(pattern.slice(1), path.slice(1));
}

/**
 * The slow, obvious reading of RFC 9309 the compiled matcher is tested against (tests only):
 * scan every group for the agent's tokens in order, then `*`; try every rule; keep the longest.
 */
export function referenceIsAllowed(file: RobotsFile, agent: RobotsAgent, path: string): boolean {
  const named = (token: string) =>
    file.groups.filter((g) => g.userAgents.some((u) => u.toLowerCase() === token.toLowerCase()));
  let groups = agent.tokens.map(named).find((found) => found.length > 0) ?? [];
  if (groups.length === 0 && !agent.ignoresWildcardGroup) groups = named("*");
  const target = normalizeRobotsPath(path);
  if (target === "/robots.txt") return true;
  let best: { length: number; allow: boolean } | null = null;
  for (const rule of groups.flatMap((g) => g.rules)) {
    const pattern = normalizeRobotsPath(rule.path);
    if (!globPrefix(pattern, target)) continue;
    const length = new TextEncoder().encode(pattern).length;
    if (!best || length > best.length || (length === best.length && rule.allow))
      best = { length, allow: rule.allow };
  }
  return best?.allow ?? true;
}

/** What one set of groups states for `key` at `target`: longest path rule, site rule, signal. */
function referenceStated(
  groups: readonly SignalGroup[],
  key: SignalKey,
  target: string,
): SignalValue | undefined {
  let best: { length: number; value: SignalValue } | null = null;
  for (const rule of groups.flatMap((g) => g.contentUsage)) {
    const value = rule.signals[key];
    if (rule.path === null || value === undefined) continue;
    const pattern = normalizeRobotsPath(rule.path);
    if (!globPrefix(pattern, target)) continue;
    const length = new TextEncoder().encode(pattern).length;
    if (!best || length > best.length || (length === best.length && value === "no"))
      best = { length, value };
  }
  if (best) return best.value;
  const siteRules = groups.flatMap((g) => g.contentUsage.filter((r) => r.path === null));
  for (const stated of [siteRules.map((r) => r.signals), groups.flatMap((g) => g.contentSignals)]) {
    const values = stated.map((s) => s[key]).filter((v) => v !== undefined);
    if (values.length > 0) return values.includes("no") ? "no" : "yes";
  }
  return undefined;
}

/**
 * The slow reading of a robots.txt's preference lines the compiled judge is tested against:
 * the agent's groups (as `referenceIsAllowed` finds them), then the `*` groups for keys they
 * leave open.
 */
export function referenceSignals(text: string, agent: RobotsAgent, path: string): StatedSignals {
  const file = parseRobotsSignals(text);
  const named = (token: string) =>
    file.groups.filter((g) => g.userAgents.some((u) => u.toLowerCase() === token.toLowerCase()));
  const own = agent.tokens.map(named).find((found) => found.length > 0) ?? [];
  const star = agent.ignoresWildcardGroup ? [] : named("*");
  const target = normalizeRobotsPath(path);
  const out: StatedSignals = {};
  if (target === "/robots.txt") return out;
  for (const key of SIGNAL_KEYS) {
    const value = referenceStated(own, key, target) ?? referenceStated(star, key, target);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
