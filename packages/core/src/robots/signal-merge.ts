import {
  type ContentPreferences,
  type ContentSignals,
  SIGNAL_KEYS,
  type SignalKey,
} from "../policy/content-signals.js";
import { contentSignalValue, contentUsageValue } from "../policy/content-usage.js";
import { normalizeRobotsPath } from "./normalize.js";
import { recordOf, userAgentToken } from "./parse.js";
import {
  CONTENT_SIGNAL_NAMES,
  CONTENT_USAGE_NAMES,
  contentUsageParts,
  withoutMembers,
} from "./signal-lines.js";
import { robotsPathOf } from "./signal-paths.js";

/** Above the generated preference lines (the Content Signals Policy's explanation, shortened). */
export const SIGNALS_COMMENT = [
  "# Content signals (https://contentsignals.org) and IETF aipref Content-Usage rules say what",
  "# may be done with this site's content once it has been fetched:",
  "#   search   - building a search index and showing links and short excerpts (not AI summaries)",
  "#   ai-input - feeding content to AI models to answer a question (retrieval, grounding)",
  "#   ai-train - training or fine-tuning AI models (train-ai in Content-Usage)",
  '# "yes" (y) permits the use, "no" (n) does not; a use not named is neither permitted nor refused.',
  "# The signals are an express reservation of rights under Article 4 of Directive (EU) 2019/790",
  "# on copyright in the Digital Single Market.",
] as const;
export const SIGNALS_HEADER = "# crawlgate: content signals generated from the crawler policy";
export const SET_BY_POLICY_PREFIX = "# crawlgate (set by the policy): ";

/** What the policy writes into robots.txt. */
export interface GeneratedSignals {
  /** The `User-agent: *` group's lines: `Content-Signal`, then `Content-Usage` rules. */
  groupLines: string[];
  /** The `License` URL, or `null`. */
  license: string | null;
  /** Content Signals names the policy sets for the whole site (dropped from the origin's lines). */
  signalNames: string[];
  /** aipref names per normalized robots path (`""`: the whole site) that the policy sets. */
  usageNames: Map<string, string[]>;
}

const namesOf = (signals: ContentSignals, names: Partial<Record<SignalKey, string>>) =>
  SIGNAL_KEYS.flatMap((key) => {
    const name = names[key];
    return signals[key] !== null && name !== undefined ? [name] : [];
  });

/**
 * The lines a policy writes, `null` when it sets no signal and no licence. Site-wide keys go in
 * one `Content-Signal` line and one path-less `Content-Usage` rule; each override that sets
 * `aiTrain` or `search` gives a path-scoped `Content-Usage` rule (`robotsPathOf`) stating the
 * site's keys with the override's on top (a rule stands alone: aipref takes the longest
 * matching rule). Overrides mapping to one robots path are combined, the first setting a key
 * winning as in `compileContentSignals`. Content Signals have no path: `aiInput` overrides are
 * not written (aipref has no such category), only the `Content-Usage` header carries paths.
 */
export function generatedSignals(prefs: ContentPreferences): GeneratedSignals | null {
  const base = prefs.contentSignals;
  const byPath = new Map<string, { signals: ContentSignals; taken: Set<SignalKey> }>();
  for (const o of prefs.contentSignalPaths) {
    const path = robotsPathOf(o.path);
    if (path === null || (o.aiTrain === null && o.search === null)) continue;
    const rule = byPath.get(path) ?? {
      signals: { ...base, aiInput: null },
      taken: new Set<SignalKey>(),
    };
    for (const key of ["aiTrain", "search"] as const) {
      const value = o[key];
      if (value === null || rule.taken.has(key)) continue;
      rule.signals[key] = value;
      rule.taken.add(key);
    }
    byPath.set(path, rule);
  }
  return assemble(prefs, new Map([...byPath].map(([path, rule]) => [path, rule.signals])));
}

function assemble(
  prefs: ContentPreferences,
  byPath: Map<string, ContentSignals>,
): GeneratedSignals | null {
  const base = prefs.contentSignals;
  const groupLines: string[] = [];
  const signal = contentSignalValue(base);
  if (signal !== null) groupLines.push(`Content-Signal: ${signal}`);
  const usage = contentUsageValue(base);
  const usageNames = new Map<string, string[]>();
  if (usage !== null) {
    groupLines.push(`Content-Usage: ${usage}`);
    usageNames.set("", namesOf(base, CONTENT_USAGE_NAMES));
  }
  for (const [path, signals] of byPath) {
    groupLines.push(`Content-Usage: ${path} ${contentUsageValue(signals)}`);
    usageNames.set(normalizeRobotsPath(path), namesOf(signals, CONTENT_USAGE_NAMES));
  }
  if (groupLines.length === 0 && prefs.licenseUrl === null) return null;
  return {
    groupLines,
    license: prefs.licenseUrl,
    signalNames: namesOf(base, CONTENT_SIGNAL_NAMES),
    usageNames,
  };
}

/** An origin line the policy overrides, rewritten: commented out, then what it keeps (if any). */
function rewritten(line: string, kept: string, value: string, names: readonly string[]): string[] {
  const rest = withoutMembers(value, names);
  if (rest === null) return [line];
  return [`${SET_BY_POLICY_PREFIX}${line}`, ...(rest === "" ? [] : [`${kept}${rest}`])];
}

/** An origin preference line as the merge serves it (`[line]` when the policy leaves it). */
function originLine(
  line: string,
  record: { key: string; value: string },
  inStarGroup: boolean,
  generated: GeneratedSignals,
): string[] {
  if (record.key === "license")
    return generated.license === null ? [line] : [`${SET_BY_POLICY_PREFIX}${line}`];
  if (!inStarGroup) return [line];
  if (record.key === "content-signal")
    return rewritten(line, "Content-Signal: ", record.value.toLowerCase(), generated.signalNames);
  const { path, prefs } = contentUsageParts(record.value);
  const names = generated.usageNames.get(path === null ? "" : normalizeRobotsPath(path)) ?? [];
  return rewritten(
    line,
    path === null ? "Content-Usage: " : `Content-Usage: ${path} `,
    prefs,
    names,
  );
}

/**
 * The origin's lines with the policy's preferences applied: its `Content-Signal` and
 * `Content-Usage` lines in `User-agent: *` groups lose the keys the policy sets (per key; per
 * path for `Content-Usage`), its `License` lines are commented out when the policy names a
 * licence, and the generated group lines are inserted after the `User-agent` lines of the first
 * group naming `*`. `inserted` is `false` when no group names `*` (the caller writes a group).
 */
export function applySignals(
  lines: readonly string[],
  generated: GeneratedSignals,
): { lines: string[]; inserted: boolean } {
  const stars = starGroups(lines);
  const out: string[] = [];
  const insertable = generated.groupLines.length > 0;
  let pendingInsert = false;
  let inserted = false;
  lines.forEach((line, i) => {
    const record = recordOf(line);
    const star = stars[i] === true;
    if (record?.key === "user-agent" && userAgentToken(record.value) !== "") {
      out.push(line);
      pendingInsert = star && insertable && !inserted;
      return;
    }
    if (record && pendingInsert) {
      out.push(SIGNALS_HEADER, ...generated.groupLines);
      pendingInsert = false;
      inserted = true;
    }
    if (record && ["content-signal", "content-usage", "license"].includes(record.key))
      out.push(...originLine(line, record, star, generated));
    else out.push(line);
  });
  if (pendingInsert) {
    out.push(SIGNALS_HEADER, ...generated.groupLines);
    inserted = true;
  }
  return { lines: out, inserted };
}

/**
 * Per line, whether it belongs to a group naming `*` (groups as `parseRobots` forms them: a
 * `User-agent` line after an `Allow`/`Disallow` opens the next one; lines before any group
 * belong to none).
 */
function starGroups(lines: readonly string[]): boolean[] {
  const groupOf: number[] = [];
  const star: boolean[] = [];
  let group = -1;
  let afterRules = true;
  for (const line of lines) {
    const record = recordOf(line);
    if (record?.key === "user-agent" && userAgentToken(record.value) !== "") {
      if (afterRules) {
        group++;
        star.push(false);
        afterRules = false;
      }
      if (userAgentToken(record.value) === "*") star[group] = true;
    } else if (record && (record.key === "allow" || record.key === "disallow")) {
      afterRules = true;
    }
    groupOf.push(group);
  }
  return groupOf.map((g) => g >= 0 && star[g] === true);
}
