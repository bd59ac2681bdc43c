import type { RobotsAgent } from "./match.js";
import { normalizeRobotsPath } from "./normalize.js";
import type { RobotsFile } from "./parse.js";

/** Whether `pattern` (`*` any run, final `$` = end) matches a prefix of `path`: plain recursion. */
function globPrefix(pattern: string, path: string): boolean {
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
