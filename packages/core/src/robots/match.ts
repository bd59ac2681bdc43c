import { normalizeRobotsPath } from "./normalize.js";
import type { RobotsFile, RobotsRule } from "./parse.js";

/** How a crawler finds its group: its product tokens, most specific first, and the `*` rule. */
export interface RobotsAgent {
  tokens: readonly string[];
  /** `true` for crawlers that ignore the `*` group (AdsBot-Google). */
  ignoresWildcardGroup?: boolean;
}

interface CompiledRule {
  allow: boolean;
  /** Octets of the normalized pattern: the longer match wins. */
  length: number;
  test: (path: string) => boolean;
}

/** A robots.txt compiled once: `isAllowed` answers per crawler and path. */
export interface RobotsMatcher {
  /** Whether `agent` may fetch `path` (path and query, starting with `/`). */
  isAllowed(agent: RobotsAgent, path: string): boolean;
  /** The rules that apply to `agent`: its most specific groups combined, `[]` for none. */
  rulesFor(agent: RobotsAgent): readonly RobotsRule[];
}

/**
 * A robots.txt path pattern compiled: its length in octets once normalized (the longer match
 * wins) and its test over a normalized request path (`*` any run, a final `$` ends the path).
 */
export function compileRobotsPattern(path: string): {
  length: number;
  test: (path: string) => boolean;
} {
  const pattern = normalizeRobotsPath(path);
  const anchored = pattern.endsWith("$");
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const length = new TextEncoder().encode(pattern).length;
  if (!body.includes("*") && !anchored) return { length, test: (p) => p.startsWith(body) };
  // Not a regular expression: `^a.*a.*a…$` backtracks in time exponential in the wildcards on a
  // path that does not match, and both the file (the origin's) and the path (the crawler's)
  // come from outside.
  return { length, test: (p) => globMatch(body, p, anchored) };
}

function compileRule(rule: RobotsRule): CompiledRule {
  return { allow: rule.allow, ...compileRobotsPattern(rule.path) };
}

/**
 * Whether `pattern` (`*`: any run of characters, everything else literal) matches `path` whole
 * (`anchored`) or a prefix of it: greedy matching that returns to the last `*` only, in
 * O(pattern × path) time at worst.
 */
function globMatch(pattern: string, path: string, anchored: boolean): boolean {
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  for (;;) {
    if (i === pattern.length && (!anchored || j === path.length)) return true;
    if (j === path.length) {
      while (i < pattern.length && pattern.charCodeAt(i) === 42) i++;
      return i === pattern.length;
    }
    const p = pattern.charCodeAt(i);
    if (p === 42) {
      star = i++;
      mark = j;
    } else if (i < pattern.length && p === path.charCodeAt(j)) {
      i++;
      j++;
    } else if (star >= 0) {
      i = star + 1;
      j = ++mark;
    } else {
      return false;
    }
  }
}

/**
 * Compiles a parsed robots.txt (RFC 9309). A crawler's group: every group naming its first
 * token that any group names (case-insensitive), combined; else the `*` groups combined, unless
 * it ignores them. The longest matching rule decides (`*` any run, a final `$` ends the path);
 * an `Allow` wins a tie; no match, no group, or `/robots.txt` itself: allowed.
 */
export function compileRobots(file: RobotsFile): RobotsMatcher {
  const byToken = new Map<string, RobotsRule[]>();
  for (const group of file.groups) {
    for (const ua of new Set(group.userAgents.map((u) => u.toLowerCase()))) {
      const rules = byToken.get(ua) ?? [];
      rules.push(...group.rules);
      byToken.set(ua, rules);
    }
  }
  const compiled = new Map<RobotsRule[], CompiledRule[]>();
  const compiledOf = (rules: RobotsRule[]): CompiledRule[] => {
    let list = compiled.get(rules);
    if (!list) {
      list = rules
        .map(compileRule)
        .sort((a, b) => b.length - a.length || Number(b.allow) - Number(a.allow));
      compiled.set(rules, list);
    }
    return list;
  };
  const rulesOf = (agent: RobotsAgent): RobotsRule[] | undefined => {
    for (const token of agent.tokens) {
      const rules = byToken.get(token.toLowerCase());
      if (rules) return rules;
    }
    return agent.ignoresWildcardGroup ? undefined : byToken.get("*");
  };
  return {
    rulesFor: (agent) => rulesOf(agent) ?? [],
    isAllowed(agent, path) {
      const rules = rulesOf(agent);
      if (!rules || rules.length === 0) return true;
      const normalized = normalizeRobotsPath(path);
      if (normalized === "/robots.txt") return true;
      for (const rule of compiledOf(rules)) if (rule.test(normalized)) return rule.allow;
      return true;
    },
  };
}
