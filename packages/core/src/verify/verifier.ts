import ipaddr from "ipaddr.js";
import type { AsnLookup, Resolver } from "../ports/index.js";
import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import type { AggregateTier } from "../types.js";
import { buildRangeSet, type RangeSet } from "./ip-ranges.js";
import type { EdgeVerification } from "./peek.js";
import { peekVerification } from "./peek.js";

/** The outcome of verifying one claimed bot from one address. */
export interface Verification {
  tier: AggregateTier;
  /** Operator whose published range file for the bot contained the address (`null` otherwise). */
  botOperator: string | null;
  /** The CIDR that matched (`null` otherwise). */
  matchedRange: string | null;
  /** The check could not finish in time: recorded `declared` now, worth retrying later. */
  retry: boolean;
}

export interface VerifierOptions {
  resolver: Resolver;
  asn?: AsnLookup;
  /** Budget for one verification (DNS included); default 300 ms. */
  timeoutMs?: number;
  /** How long reverse-DNS outcomes are remembered; default 1 hour. */
  cacheTtlMs?: number;
  now?: () => number;
}

const DECLARED: Verification = Object.freeze({
  tier: "declared",
  botOperator: null,
  matchedRange: null,
  retry: false,
});
const UNKNOWN: Verification = Object.freeze({
  tier: "unknown",
  botOperator: null,
  matchedRange: null,
  retry: false,
});
/** Reverse DNS confirmed the address, or the address is in one of the bot's ASNs. */
const RDNS_OR_ASN_VERIFIED: Verification = Object.freeze({ ...DECLARED, tier: "verified" });
/** The check ran out of time: `declared` now, retried later. */
const DECLARED_RETRY: Verification = Object.freeze({ ...DECLARED, retry: true });
const dnsOutcome = (ok: boolean) => (ok ? RDNS_OR_ASN_VERIFIED : DECLARED);
const TIMED_OUT = Symbol("timeout");

/** `work`, or `TIMED_OUT` when it takes longer than `ms`. */
async function raced<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Range-file URL → its ranges. */
type RangeFiles = Map<string, { set: RangeSet; fetchedAt: Date }>;

/** The loaded ranges of the file the bot's operator publishes for it, or `null`. */
function ownRanges(ranges: RangeFiles, bot: Readonly<BotDefinition>): RangeSet | null {
  const url = bot.verification.ipRangesUrl;
  return url === undefined ? null : (ranges.get(url)?.set ?? null);
}

/**
 * Point-in-time verification of a claimed bot from the request's address (the address is used
 * here and never kept): the range file the bot's operator publishes for that bot (the taxonomy's
 * `ipRangesUrl`: an address in another file of the same operator does not verify it), reverse DNS
 * with forward confirmation, or ASN, as the bot's `verificationMethod` says. Bots with method
 * `none` are never verified.
 */
export function createVerifier(options: VerifierOptions) {
  const timeoutMs = options.timeoutMs ?? 300;
  const ttl = options.cacheTtlMs ?? 3_600_000;
  const now = options.now ?? Date.now;
  const ranges: RangeFiles = new Map();
  const rangesOf = (bot: Readonly<BotDefinition>) => ownRanges(ranges, bot);
  const rdnsCache = new Map<string, { ok: boolean; at: number }>();

  const withTimeout = <T>(work: Promise<T>) => raced(work, timeoutMs);

  const sameAddress = (a: string, b: string) => {
    try {
      return ipaddr.process(a).toString() === ipaddr.process(b).toString();
    } catch {
      return false;
    }
  };

  /** Reverse lookup, suffix check, forward confirmation. `null` = could not finish in time. */
  async function rdnsConfirms(ip: string, suffixes: readonly string[]): Promise<boolean | null> {
    const key = `${ip}|${suffixes.join(",")}`;
    const cached = rdnsCache.get(key);
    if (cached && now() - cached.at < ttl) return cached.ok;
    const outcome = await withTimeout(
      (async () => {
        const names = await options.resolver.reverse(ip).catch(() => [] as string[]);
        for (const raw of names) {
          const name = raw.toLowerCase().replace(/\.$/, "");
          if (!suffixes.some((s) => name === s || name.endsWith(`.${s}`))) continue;
          const addresses = await options.resolver.forward(name).catch(() => [] as string[]);
          if (addresses.some((a) => sameAddress(a, ip))) return true;
        }
        return false;
      })(),
    );
    if (outcome === TIMED_OUT) return null;
    rdnsCache.set(key, { ok: outcome, at: now() });
    return outcome;
  }

  /** A remembered reverse-DNS outcome, without asking the resolver. */
  function rdnsKnown(ip: string, suffixes: readonly string[]): boolean | null {
    const cached = rdnsCache.get(`${ip}|${suffixes.join(",")}`);
    return cached && now() - cached.at < ttl ? cached.ok : null;
  }

  /** `verifyNow`: the check when nothing has to be asked, else `null`. */
  function settled(bot: Readonly<BotDefinition>, ip: string): Verification | null {
    if (bot.botId === UNKNOWN_BOT_ID) return UNKNOWN;
    switch (bot.verificationMethod) {
      case "published_ip_ranges": {
        const cidr = rangesOf(bot)?.find(ip) ?? null;
        if (cidr)
          return { tier: "verified", botOperator: bot.operator, matchedRange: cidr, retry: false };
        // Operators that also document reverse DNS get that second chance.
        const suffixes = bot.verification.rdnsSuffixes ?? [];
        if (suffixes.length === 0) return DECLARED;
        const known = rdnsKnown(ip, suffixes);
        return known === null ? null : dnsOutcome(known);
      }
      case "rdns_suffix": {
        const known = rdnsKnown(ip, bot.verification.rdnsSuffixes ?? []);
        return known === null ? null : dnsOutcome(known);
      }
      case "asn_only":
        return options.asn ? null : DECLARED;
      default: // none; http_message_signature: judged by its signature at the edge, not here
        return DECLARED;
    }
  }

  return {
    /**
     * What is known now of a claimed bot's address, without waiting (the edge's policy reads
     * it on every request): the published ranges as loaded and the reverse-DNS outcomes
     * remembered from earlier checks (`verify` fills them, e.g. when the crawl is recorded).
     * `pending` when a check would have to ask DNS or an ASN lookup, or when the operator's
     * ranges are not loaded yet.
     */
    peek(bot: Readonly<BotDefinition>, ip: string): EdgeVerification {
      return peekVerification(bot, ip, rangesOf(bot), rdnsKnown);
    },
    /** Replaces the ranges of one published range file, by its URL (e.g. after a refresh). */
    setRanges(url: string, cidrs: readonly string[], fetchedAt: Date): void {
      ranges.set(url, { set: buildRangeSet(cidrs), fetchedAt });
    },
    /** When a range file's ranges were fetched, or `null` when it is not loaded. */
    rangesFetchedAt(url: string): Date | null {
      return ranges.get(url)?.fetchedAt ?? null;
    },

    /**
     * `verify`'s answer when it needs nothing asked (the loaded ranges, a remembered reverse-DNS
     * outcome, a method that checks nothing), else `null`: the ingest records such a crawl
     * without waiting.
     */
    verifyNow: settled,

    async verify(bot: Readonly<BotDefinition>, ip: string): Promise<Verification> {
      const now = settled(bot, ip);
      if (now) return now;
      if (bot.verificationMethod === "asn_only" && options.asn) {
        const asn = await withTimeout(options.asn.asnOf(ip).catch(() => null));
        if (asn === TIMED_OUT) return DECLARED_RETRY;
        return asn !== null && (bot.verification.asns ?? []).includes(asn)
          ? RDNS_OR_ASN_VERIFIED
          : DECLARED;
      }
      // Reverse DNS: the range file's second chance, or the method itself.
      const ok = await rdnsConfirms(ip, bot.verification.rdnsSuffixes ?? []);
      return ok === null ? DECLARED_RETRY : dnsOutcome(ok);
    },
  };
}

export type Verifier = ReturnType<typeof createVerifier>;
