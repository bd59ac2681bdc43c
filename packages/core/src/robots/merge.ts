import type { RobotsAgent } from "./match.js";
import {
  ROBOTS_SIZE_LIMIT,
  recordOf,
  robotsLines,
  userAgentToken,
  withinSizeLimit,
} from "./parse.js";

/** A bot as the merge sees it: its id and how robots.txt addresses it. */
export interface RobotsBot {
  botId: string;
  robots: RobotsAgent & { usageTokens?: readonly string[] };
}

export const GENERATED_HEADER = "# crawlgate: generated from the crawler policy (blocked crawlers)";
export const ORIGIN_HEADER = "# crawlgate: the origin's robots.txt follows";
export const BLOCKED_PREFIX = "# crawlgate (blocked by policy): ";
export const ORPHAN_PREFIX = "# crawlgate (rule outside any group): ";

/**
 * The product tokens written for the blocked bots, in their order, each once: a bot's crawl
 * tokens that no allowed bot lists (writing `Googlebot` for a blocked Googlebot-Image would
 * also stop Googlebot), then its usage tokens.
 */
export function blockedTokens(
  blocked: readonly RobotsBot[],
  allBots: readonly RobotsBot[],
): string[] {
  const blockedIds = new Set(blocked.map((b) => b.botId));
  const allowedTokens = new Set(
    allBots
      .filter((b) => !blockedIds.has(b.botId))
      .flatMap((b) => b.robots.tokens.map((t) => t.toLowerCase())),
  );
  const written = new Map<string, string>();
  for (const bot of blocked) {
    for (const token of [...bot.robots.tokens, ...(bot.robots.usageTokens ?? [])]) {
      const key = token.toLowerCase();
      if (!allowedTokens.has(key) && !written.has(key)) written.set(key, token);
    }
  }
  return [...written.values()];
}

/**
 * The origin's lines with every `User-agent` line naming a written token commented out. A group
 * left with no `User-agent` line has its rule lines commented too (else they would join the
 * group before it), and so do rule lines before the first group (they would join the generated
 * group placed first). Sitemap, comment and blank lines stay.
 */
function neutralize(lines: readonly string[], tokens: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let groupStart = -1; // index in `out` of the open group's first line
  let liveAgents = 0;
  let afterRules = true;
  const closeGroup = () => {
    if (groupStart === -1 || liveAgents > 0) return;
    for (let i = groupStart; i < out.length; i++) {
      const record = recordOf(out[i] as string);
      if (record && record.key !== "sitemap" && !(out[i] as string).startsWith(BLOCKED_PREFIX))
        out[i] = `${BLOCKED_PREFIX}${out[i]}`;
    }
  };
  for (const line of lines) {
    const record = recordOf(line);
    if (record?.key === "user-agent" && userAgentToken(record.value) !== "") {
      if (afterRules) {
        closeGroup();
        groupStart = out.length;
        liveAgents = 0;
        afterRules = false;
      }
      const named = tokens.has(userAgentToken(record.value).toLowerCase());
      if (!named) liveAgents++;
      out.push(named ? `${BLOCKED_PREFIX}${line}` : line);
      continue;
    }
    if (record && (record.key === "allow" || record.key === "disallow")) {
      afterRules = true;
      if (groupStart === -1) {
        out.push(`${ORPHAN_PREFIX}${line}`);
        continue;
      }
    }
    out.push(line);
  }
  closeGroup();
  return out;
}

/**
 * The robots.txt served on a customer's host (the merge rule is in docs/decisions.md): a
 * generated group first (`Disallow: /` under `blockedTokens`), then the origin's file line by
 * line, unchanged except that lines naming a written token, and the rules of groups left
 * without a crawler, are commented out. With nothing blocked the origin's text is served as it
 * is; `origin` `null` (no file, or the origin failed) serves only the generated group. The
 * result stays within the 500 KiB crawlers read: the origin's tail is cut at a line break.
 */
export function mergeRobots(
  origin: string | null,
  blocked: readonly RobotsBot[],
  allBots: readonly RobotsBot[],
): string {
  const tokens = blockedTokens(blocked, allBots);
  const originText = origin === null ? "" : withinSizeLimit(origin);
  if (tokens.length === 0) return originText;
  const generated = `${[GENERATED_HEADER, ...tokens.map((t) => `User-agent: ${t}`), "Disallow: /"].join("\n")}\n`;
  if (origin === null) return generated;
  const lines = neutralize(robotsLines(originText), new Set(tokens.map((t) => t.toLowerCase())));
  const head = `${generated}\n${ORIGIN_HEADER}\n`;
  const budget = ROBOTS_SIZE_LIMIT - new TextEncoder().encode(head).length;
  return `${head}${withinSizeLimit(lines.join("\n"), budget)}`;
}
