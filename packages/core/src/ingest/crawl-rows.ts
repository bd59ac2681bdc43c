import type { Classifier } from "../classify/classifier.js";
import { uaHash } from "../classify/ua-hash.js";
import { type BotDefinition, UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import type { CrawlRecord, ServedFrom, SignatureVerdict, Verdict } from "../types.js";
import type { Verification, Verifier } from "../verify/verifier.js";

/** One request served to a crawler, as the edge (or a log importer) reports it. */
export interface CrawlEvent {
  /** Unique id; replaying an event with the same id records nothing new. Generated when absent. */
  eventId?: string;
  domainId: string;
  ts: Date;
  path: string;
  userAgent: string;
  /** The client address: used to verify, then dropped. Never stored or logged. */
  ip: string;
  servedFrom: ServedFrom;
  status: number;
  bytes: number;
  contentHash?: string | null;
  snapshotId?: string | null;
  streamId?: string;
  /**
   * The identity a Web Bot Auth signature gave the request at the edge: recorded as this bot,
   * `verified` when the signature verified, else `declared`; the User-Agent is not classified.
   */
  signed?: SignedIdentity;
}

/** A signed agent's identity (see `CrawlEvent.signed`). */
export interface SignedIdentity {
  bot: Readonly<BotDefinition>;
  /**
   * The agent origin the signature verified against, or claims when it did not verify; `null`
   * when it names none.
   */
  agent: string | null;
  signature: SignatureVerdict;
}

/** Longest agent origin a crawl row keeps; a longer claim is stored as `null` (no agent). */
export const MAX_SIGNATURE_AGENT_LENGTH = 512;

/** What a signed event is, in place of the User-Agent's classification and the address check. */
export function signedCheck(signed: SignedIdentity): {
  classified: Classified;
  check: Verification;
} {
  return {
    classified: { bot: signed.bot, automation: false },
    check: {
      tier: signed.signature === "verified" ? "verified" : "declared",
      botOperator: signed.signature === "verified" ? signed.bot.operator : null,
      matchedRange: null,
      retry: false,
    },
  };
}

/** What the classifier says of a User-Agent. */
export type Classified = ReturnType<Classifier["classify"]>;

/** An event's bot: its signed identity's, else its User-Agent's. */
export function classifiedOf(classifier: Pick<Classifier, "classify">, event: CrawlEvent) {
  return event.signed ? signedCheck(event.signed).classified : classifier.classify(event.userAgent);
}

/** The check of a User-Agent that names no bot (nothing to verify). */
export const UNVERIFIED: Verification = {
  tier: "unknown",
  botOperator: null,
  matchedRange: null,
  retry: false,
};

/** The stored verdict: a known bot's verification tier, else automation or unknown. */
function verdictOf(known: boolean, automation: boolean, check: Verification): Verdict {
  if (known) return check.tier === "verified" ? "verified" : "declared";
  return automation ? "automation" : "unknown";
}

/** uaHash per User-Agent string (traffic repeats a few User-Agents); cleared when large. */
export function createUaHashes(): (userAgent: string) => string {
  const hashes = new Map<string, string>();
  return (userAgent) => {
    let hash = hashes.get(userAgent);
    if (hash === undefined) {
      if (hashes.size >= 10_000) hashes.clear();
      hash = uaHash(userAgent);
      hashes.set(userAgent, hash);
    }
    return hash;
  };
}

/** The stored row of a classified, verified event (the address is not part of it). */
export function toCrawlRecord(
  event: CrawlEvent,
  eventId: string,
  classified: Classified,
  check: Verification,
  ipAsn: number,
  hashOf: (userAgent: string) => string,
): CrawlRecord {
  const { bot, automation } = classified;
  const known = bot.botId !== UNKNOWN_BOT_ID;
  const agent = event.signed?.agent ?? null;
  return {
    eventId,
    domainId: event.domainId,
    ts: event.ts,
    path: event.path,
    userAgent: event.userAgent,
    uaHash: hashOf(event.userAgent),
    botId: bot.botId,
    verdict: verdictOf(known, automation, check),
    servedFrom: event.servedFrom,
    status: event.status,
    bytes: event.bytes,
    botOperator: known ? check.botOperator : null,
    matchedRange: known ? check.matchedRange : null,
    contentHash: event.contentHash ?? null,
    snapshotId: event.snapshotId ?? null,
    streamId: event.streamId ?? "edge",
    ipAsn,
    signatureAgent: agent !== null && agent.length <= MAX_SIGNATURE_AGENT_LENGTH ? agent : null,
    signature: event.signed?.signature ?? null,
  };
}

/**
 * Verifies each distinct (bot, address) pair of `events` once and looks each distinct address
 * up once (when `asnOf` is given), all at the same time; answers per event (by index)
 * afterwards. A signed event's address is not checked: its check is its signature's
 * (`signedCheck`).
 */
export async function checkDistinct(
  events: readonly CrawlEvent[],
  classified: readonly Classified[],
  verifier: Pick<Verifier, "verify">,
  asnOf: ((ip: string) => Promise<number>) | null,
): Promise<{ check(index: number): Verification; asn(ip: string): number }> {
  const checks = new Map<string, Verification>();
  const asns = new Map<string, number>();
  const lookups: Promise<void>[] = [];
  events.forEach((event, i) => {
    const { bot } = classified[i] as Classified;
    const key = `${bot.botId}\u0000${event.ip}`;
    if (bot.botId !== UNKNOWN_BOT_ID && !event.signed && !checks.has(key)) {
      checks.set(key, UNVERIFIED);
      lookups.push(verifier.verify(bot, event.ip).then((check) => void checks.set(key, check)));
    }
    if (asnOf && !asns.has(event.ip)) {
      asns.set(event.ip, 0);
      lookups.push(asnOf(event.ip).then((asn) => void asns.set(event.ip, asn)));
    }
  });
  await Promise.all(lookups);
  return {
    check: (index) => {
      const event = events[index] as CrawlEvent;
      if (event.signed) return signedCheck(event.signed).check;
      const { bot } = classified[index] as Classified;
      return checks.get(`${bot.botId}\u0000${event.ip}`) ?? UNVERIFIED;
    },
    asn: (ip) => asns.get(ip) ?? 0,
  };
}

/** Counts calls in flight (a counter, not a promise per call); `idle` waits for none. */
export function createCallCounter() {
  let inFlight = 0;
  const whenIdle: (() => void)[] = [];
  return {
    async counted<T>(fn: () => Promise<T>): Promise<T> {
      inFlight++;
      try {
        return await fn();
      } finally {
        if (--inFlight === 0) for (const wake of whenIdle.splice(0)) wake();
      }
    },
    async idle(): Promise<void> {
      while (inFlight > 0) await new Promise<void>((wake) => whenIdle.push(wake));
    },
  };
}
