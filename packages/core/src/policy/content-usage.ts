import { type Dictionary, parseDictionary, serializeDictionary } from "structured-headers";
import type { ContentSignals, SignalValue } from "./content-signals.js";

/**
 * The IETF aipref `Content-Usage` value of content signals (`draft-ietf-aipref-vocab`: a
 * Structured Fields dictionary of tokens `y`/`n`). The vocabulary has two categories: `train-ai`
 * (from `aiTrain`) and `search` (from `search`); `aiInput` has no aipref category and is left
 * out. `null` when neither key is set (no header, no rule).
 */
export function contentUsageValue(signals: ContentSignals): string | null {
  const train = signals.aiTrain;
  const search = signals.search;
  if (train === null) return search === null ? null : `search=${token(search)}`;
  return search === null
    ? `train-ai=${token(train)}`
    : `train-ai=${token(train)}, search=${token(search)}`;
}

const token = (value: SignalValue) => (value === "yes" ? "y" : "n");

/**
 * An answer's own `Content-Usage` (`origin`) with the policy's value (`ours`, from
 * `contentUsageValue`) merged in, as robots.txt merges signal lines: the origin's members are
 * kept unless the policy sets the same key, which then takes the policy's value (in the
 * origin's place); the policy's other members follow. An origin value that is not a Structured
 * Fields dictionary is ignored by recipients (RFC 9651 §4.2), so the policy's replaces it (as
 * does one the serializer cannot write back). Never throws.
 */
export function mergeContentUsage(origin: string | null, ours: string): string {
  if (origin === null || origin.trim() === "") return ours;
  try {
    const own: Dictionary = parseDictionary(origin);
    for (const [key, member] of parseDictionary(ours)) own.set(key, member);
    return serializeDictionary(own);
  } catch {
    return ours;
  }
}
