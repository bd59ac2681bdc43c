import type { ContentPreferences } from "../policy/content-signals.js";
import type { RobotsAgent } from "./match.js";
import {
  ROBOTS_SIZE_LIMIT,
  recordOf,
  robotsLines,
  userAgentToken,
  withinSizeLimit,
} from "./parse.js";
import { applySignals, generatedSignals, SIGNALS_COMMENT, SIGNALS_HEADER } from "./signal-merge.js";

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

/** Records that belong to no group (they stay when their neighbours are commented out). */
const GROUPLESS = new Set(["sitemap", "license"]);
/** Records that belong to the group before them (orphans before any group are commented out). */
const GROUP_MEMBERS = new Set(["allow", "disallow", "content-signal", "content-usage"]);

/**
 * The origin's lines with every `User-agent` line naming a written token commented out. A group
 * left with no `User-agent` line has its rule lines commented too (else they would join the
 * group before it), and so do rule and preference lines before the first group (they would
 * join the generated group placed first). Sitemap, License, comment and blank lines stay.
 */
function neutralize(lines: readonly string[], tokens: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let groupStart = -1; // index in `out` of the open group's first line
  let liveAgents = 0;
  let afterRules = true;
  // Preference lines of the open group met before its first kept `User-agent` line: written
  // after that line (else they would join the group before), commented if none comes.
  let held: string[] = [];
  const closeGroup = () => {
    out.push(...held.map((line) => `${BLOCKED_PREFIX}${line}`));
    held = [];
    if (groupStart === -1 || liveAgents > 0) return;
    for (let i = groupStart; i < out.length; i++) {
      const record = recordOf(out[i] as string);
      if (record && !GROUPLESS.has(record.key) && !(out[i] as string).startsWith(BLOCKED_PREFIX))
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
      out.push(named ? `${BLOCKED_PREFIX}${line}` : line);
      if (!named && liveAgents++ === 0) {
        out.push(...held);
        held = [];
      }
      continue;
    }
    if (record && GROUP_MEMBERS.has(record.key)) {
      const rule = record.key === "allow" || record.key === "disallow";
      if (rule) afterRules = true;
      if (groupStart === -1) {
        out.push(`${ORPHAN_PREFIX}${line}`);
        continue;
      }
      if (!rule && liveAgents === 0 && !afterRules) {
        held.push(line);
        continue;
      }
    }
    out.push(line);
  }
  closeGroup();
  return out;
}

/**
 * The robots.txt served on a customer's host (the merge rule is in docs/decisions.md and
 * docs/decisions/content-signals.md): the preference comment and `License` line, a generated
 * group first (`Disallow: /` under `blockedTokens`), then the origin's file line by line,
 * unchanged except that lines naming a written token, the rules of groups left without a
 * crawler, and the origin's preference lines the policy overrides are commented out
 * (`applySignals`); the policy's `Content-Signal`/`Content-Usage` lines go into the origin's
 * first `User-agent: *` group, or a generated one when it has none. With nothing blocked and no
 * preference set the origin's text is served as it is; `origin` `null` (no file, or the origin
 * failed) serves only the generated lines. The result stays within the 500 KiB crawlers read:
 * the origin's tail is cut at a line break.
 */
export function mergeRobots(
  origin: string | null,
  blocked: readonly RobotsBot[],
  allBots: readonly RobotsBot[],
  prefs: ContentPreferences | null = null,
): string {
  const tokens = blockedTokens(blocked, allBots);
  const signals = prefs && generatedSignals(prefs);
  const originText = origin === null ? "" : withinSizeLimit(origin);
  if (tokens.length === 0 && signals === null) return originText;
  const blocks: string[][] = [];
  if (signals) {
    const head: string[] = signals.groupLines.length > 0 ? [...SIGNALS_COMMENT] : [];
    if (signals.license !== null) head.push(`License: ${signals.license}`);
    blocks.push(head);
  }
  if (tokens.length > 0)
    blocks.push([GENERATED_HEADER, ...tokens.map((t) => `User-agent: ${t}`), "Disallow: /"]);
  const starGroup = signals?.groupLines.length
    ? [SIGNALS_HEADER, "User-agent: *", ...signals.groupLines, "Allow: /"]
    : [];
  const joined = (list: string[][]) =>
    list
      .filter((b) => b.length > 0)
      .map((b) => `${b.join("\n")}\n`)
      .join("\n");
  if (origin === null) return joined([...blocks, starGroup]);
  const reserved = new TextEncoder().encode(
    `${joined([...blocks, starGroup])}\n${ORIGIN_HEADER}\n`,
  ).length;
  const cut = withinSizeLimit(originText, ROBOTS_SIZE_LIMIT - reserved);
  let lines = neutralize(robotsLines(cut), new Set(tokens.map((t) => t.toLowerCase())));
  let inserted = false;
  if (signals) ({ lines, inserted } = applySignals(lines, signals));
  const generated = joined(inserted ? blocks : [...blocks, starGroup]);
  // Rewritten origin lines may add a little: the whole stays within what crawlers read.
  return withinSizeLimit(`${generated}\n${ORIGIN_HEADER}\n${lines.join("\n")}`);
}
