import { type Dictionary, parseDictionary, serializeDictionary, Token } from "structured-headers";
import type { ContentSignals, SignalKey, SignalValue } from "../policy/content-signals.js";
import { recordOf, robotsLines, userAgentToken, withinSizeLimit } from "./parse.js";

/**
 * The preference lines of robots.txt: Cloudflare's Content Signals (`Content-Signal:
 * search=yes, ai-input=no, ai-train=no`, a group member without a path), IETF aipref rules
 * (`Content-Usage: [/path] train-ai=n, search=y`, a group member, optionally path-scoped) and
 * RSL's `License: <url>` (group-independent, like `Sitemap`). Both preference values are
 * Structured Field Dictionaries (RFC 9651) of tokens and are parsed as such.
 */

/** Some of the three signals, as one line states them (a key it does not name is absent). */
export type StatedSignals = Partial<Record<SignalKey, SignalValue>>;

/** One `Content-Usage` rule: its path pattern (`null`: the whole site) and what it states. */
export interface ContentUsageRule {
  path: string | null;
  signals: StatedSignals;
}

/** A group's preference lines: its `User-agent` tokens, `Content-Signal` lines and aipref rules. */
export interface SignalGroup {
  userAgents: string[];
  contentSignals: StatedSignals[];
  contentUsage: ContentUsageRule[];
}

/** The preference lines of a robots.txt: per group, and its `License` URLs in file order. */
export interface RobotsSignals {
  groups: SignalGroup[];
  licenses: string[];
}

/** Content Signals keys as written in robots.txt. */
export const CONTENT_SIGNAL_NAMES: Record<SignalKey, string> = {
  search: "search",
  aiInput: "ai-input",
  aiTrain: "ai-train",
};

/** aipref vocabulary categories and the signal each one carries (aipref has no `ai-input`). */
export const CONTENT_USAGE_NAMES: Partial<Record<SignalKey, string>> = {
  aiTrain: "train-ai",
  search: "search",
};

function dictionaryOf(value: string): Dictionary | null {
  try {
    return parseDictionary(value);
  } catch {
    return null;
  }
}

/** The members of `dictionary` named in `names` whose value is one of the two tokens. */
function statedIn(
  dictionary: Dictionary,
  names: Partial<Record<SignalKey, string>>,
  yes: string,
  no: string,
): StatedSignals {
  const out: StatedSignals = {};
  for (const [key, name] of Object.entries(names) as [SignalKey, string][]) {
    const member = dictionary.get(name);
    const item = member?.[0];
    if (!(item instanceof Token)) continue;
    if (item.toString() === yes) out[key] = "yes";
    else if (item.toString() === no) out[key] = "no";
  }
  return out;
}

/**
 * A `Content-Signal` value: an SF Dictionary read case-insensitively (the policy's own files
 * write lowercase; hand-written ones vary), `yes`/`no` tokens; unknown keys and other values are
 * ignored. `null` when the value is not a dictionary (the line is ignored).
 */
export function parseContentSignal(value: string): StatedSignals | null {
  const dictionary = dictionaryOf(value.toLowerCase());
  return dictionary && statedIn(dictionary, CONTENT_SIGNAL_NAMES, "yes", "no");
}

/** Splits a `Content-Usage` value into its optional path (starts with `/`) and dictionary text. */
function usageParts(value: string): { path: string | null; prefs: string } {
  if (!value.startsWith("/")) return { path: null, prefs: value };
  const end = value.search(/\s/);
  return end === -1
    ? { path: value, prefs: "" }
    : { path: value.slice(0, end), prefs: value.slice(end).trim() };
}

/**
 * A `Content-Usage` rule (draft-ietf-aipref-attach): an optional path pattern, then an SF
 * Dictionary (draft-ietf-aipref-vocab: `train-ai` and `search`, tokens `y`/`n`; unknown
 * categories and values ignored). `null` when the preferences are not a dictionary.
 */
export function parseContentUsage(value: string): ContentUsageRule | null {
  const { path, prefs } = usageParts(value);
  const dictionary = dictionaryOf(prefs);
  return dictionary && { path, signals: statedIn(dictionary, CONTENT_USAGE_NAMES, "y", "n") };
}

/**
 * `value` without the members named in `names` (re-serialized; other members, parameters and
 * extensions kept; `""` when none is left), or `null` when it names none of them or is not a
 * dictionary (the line stays as written). For the merge, which drops from the origin's lines
 * the keys the policy sets.
 */
export function withoutMembers(value: string, names: readonly string[]): string | null {
  const dictionary = dictionaryOf(value);
  if (!dictionary || !names.some((name) => dictionary.has(name))) return null;
  for (const name of names) dictionary.delete(name);
  return dictionary.size === 0 ? "" : serializeDictionary(dictionary);
}

/** `usageParts` for the merge: the path (or `null`) and the dictionary text of a rule. */
export function contentUsageParts(value: string): { path: string | null; prefs: string } {
  return usageParts(value);
}

/**
 * The preference lines of a robots.txt, grouped as `parseRobots` groups (consecutive
 * `User-agent` lines share a group, an `Allow`/`Disallow` line after them closes the sequence).
 * `Content-Signal` and `Content-Usage` lines outside any group and lines whose value does not
 * parse are ignored; `License` lines count wherever they are (non-empty values). Only the first
 * 500 KiB are read. Never throws.
 */
export function parseRobotsSignals(text: string): RobotsSignals {
  const groups: SignalGroup[] = [];
  const licenses: string[] = [];
  let open: SignalGroup | null = null;
  let hasRules = false;
  for (const line of robotsLines(withinSizeLimit(text))) {
    const record = recordOf(line);
    if (!record) continue;
    switch (record.key) {
      case "user-agent": {
        const token = userAgentToken(record.value);
        if (token === "") break;
        if (!open || hasRules) {
          open = { userAgents: [], contentSignals: [], contentUsage: [] };
          groups.push(open);
          hasRules = false;
        }
        open.userAgents.push(token);
        break;
      }
      case "allow":
      case "disallow":
        if (open) hasRules = true;
        break;
      case "content-signal": {
        const stated = open && parseContentSignal(record.value);
        if (open && stated) open.contentSignals.push(stated);
        break;
      }
      case "content-usage": {
        const rule = open && parseContentUsage(record.value);
        if (open && rule) open.contentUsage.push(rule);
        break;
      }
      case "license":
        if (record.value !== "") licenses.push(licenseValue(line));
        break;
    }
  }
  return { groups, licenses };
}

/**
 * A `License` line's URL. `recordOf` cuts at the first `#`, which a URL may contain (a fragment):
 * the value is read from the raw line, up to ` #` (a comment after whitespace).
 */
function licenseValue(line: string): string {
  const colon = line.indexOf(":");
  const rest = line.slice(colon + 1);
  const comment = rest.search(/\s#/);
  return (comment === -1 ? rest : rest.slice(0, comment)).trim();
}

/** Signals with only the keys they set, for `StatedSignals` comparisons. */
export function statedOf(signals: ContentSignals): StatedSignals {
  const out: StatedSignals = {};
  for (const key of Object.keys(CONTENT_SIGNAL_NAMES) as SignalKey[]) {
    const value = signals[key];
    if (value !== null) out[key] = value;
  }
  return out;
}
