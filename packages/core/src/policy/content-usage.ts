import { type Dictionary, parseDictionary, serializeDictionary } from "structured-headers";
import type { ContentSignals } from "./content-signals.js";

/**
 * The IETF aipref serialization of a domain's (or a path's) signals: an SF Dictionary of the
 * vocabulary's two categories, `train-ai` (from `aiTrain`) then `search`, each the token `y` or
 * `n`, for example `train-ai=n, search=y`. aipref has no category for `aiInput` (the vocabulary
 * dropped inference uses), so it is not carried. `null` when neither key is set (nothing to say).
 * The one serializer of the robots.txt `Content-Usage` rule and the `Content-Usage` response
 * header, so both always say the same.
 */
export function contentUsageValue(signals: ContentSignals): string | null {
  const parts: string[] = [];
  if (signals.aiTrain !== null) parts.push(`train-ai=${signals.aiTrain === "yes" ? "y" : "n"}`);
  if (signals.search !== null) parts.push(`search=${signals.search === "yes" ? "y" : "n"}`);
  return parts.length === 0 ? null : parts.join(", ");
}

/**
 * The Content Signals Policy serialization (`search=yes, ai-input=yes, ai-train=no`): the keys
 * that are set, in that order; `null` when none is.
 */
export function contentSignalValue(signals: ContentSignals): string | null {
  const parts: string[] = [];
  if (signals.search !== null) parts.push(`search=${signals.search}`);
  if (signals.aiInput !== null) parts.push(`ai-input=${signals.aiInput}`);
  if (signals.aiTrain !== null) parts.push(`ai-train=${signals.aiTrain}`);
  return parts.length === 0 ? null : parts.join(", ");
}

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
