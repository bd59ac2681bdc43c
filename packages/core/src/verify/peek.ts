import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import type { RangeSet } from "./ip-ranges.js";

/**
 * What the edge knows of a claimed bot's address when the request arrives, without waiting:
 * `verified`; `unverified` (the check finished and failed); `pending` (a reverse-DNS or ASN check
 * that has not finished yet, or ranges not loaded yet: treated as `declared`, never as an
 * impostor); `unverifiable` (the bot publishes no way to verify it).
 */
export type EdgeVerification = "verified" | "unverified" | "pending" | "unverifiable";

/**
 * `Verifier.peek`: the outcome `verify` would reach from what is at hand, or `pending` when it
 * would have to ask DNS or an ASN lookup. `ranges` are the loaded ranges of the bot's own range
 * file (`null`: not loaded yet); `rdnsKnown` a remembered reverse-DNS outcome (`null`: none).
 */
export function peekVerification(
  bot: Readonly<BotDefinition>,
  ip: string,
  ranges: RangeSet | null,
  rdnsKnown: (ip: string, suffixes: readonly string[]) => boolean | null,
): EdgeVerification {
  const method = bot.verificationMethod;
  // A signature is judged on the request itself (the edge's Web Bot Auth verifier), not here.
  if (bot.botId === UNKNOWN_BOT_ID || method === "none" || method === "http_message_signature")
    return "unverifiable";
  if (bot.verificationMethod === "asn_only") return "pending";
  const suffixes = bot.verification.rdnsSuffixes ?? [];
  if (bot.verificationMethod === "published_ip_ranges") {
    if (ranges?.find(ip)) return "verified";
    if (suffixes.length === 0) return ranges ? "unverified" : "pending";
  }
  const known = rdnsKnown(ip, suffixes);
  return known === null ? "pending" : known ? "verified" : "unverified";
}
