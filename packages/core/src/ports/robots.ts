// Robots port: robots.txt versions and compliance counts per bot.

/** One robots.txt a domain served, from the instant it came into force. */
export interface RobotsVersion {
  domainId: string;
  /** The exact text served. */
  text: string;
  /** SHA-256 of the UTF-8 text, lowercase hex. */
  contentHash: string;
  /** When it was first served. */
  effectiveFrom: Date;
}

/**
 * One crawl as compliance counts it: was its path disallowed for its bot at the time, and did
 * its bot's intent contradict the content signal stated for the path?
 */
export interface ComplianceEvent {
  /** The crawl's event id: an event is counted once. */
  eventId: string;
  domainId: string;
  botId: string;
  ts: Date;
  disallowed: boolean;
  /** Counted in `signalContradictions`; absent: `false`. */
  signalContradiction?: boolean;
}

/** Compliance counts of one domain, UTC day and bot. */
export interface ComplianceDayCount {
  day: string;
  botId: string;
  requests: number;
  disallowedRequests: number;
  /** Requests whose bot's intent contradicted the content signal in force for the path. */
  signalContradictions: number;
  /** The latest `ts` of a disallowed request counted here; `null` when there is none. */
  lastViolationAt: Date | null;
}

/** The robots.txt versions each domain served, and per-day compliance counts per bot. */
export interface RobotsStore {
  /**
   * Records `text` as the domain's robots.txt from `at`, unless the domain's latest version
   * (greatest `effectiveFrom`, ties by insertion) has the same text: then it stores nothing.
   * Returns whether it stored and the version in force after the call.
   */
  recordRobotsVersion(
    domainId: string,
    text: string,
    at: Date,
  ): Promise<{ stored: boolean; version: RobotsVersion }>;
  /** Every version of the domain, oldest `effectiveFrom` first (ties by insertion); `[]` when none. */
  listRobotsVersions(domainId: string): Promise<RobotsVersion[]>;
  /**
   * Adds a batch of events to the counts of (domain, UTC day of `ts`, bot), atomically. An event
   * whose `eventId` was counted already changes nothing (replays are no-ops, in a batch too: the
   * first copy wins). `lastViolationAt` keeps the latest disallowed `ts`. Returns how many were
   * new. Under concurrent calls each event is counted exactly once.
   */
  addComplianceEvents(batch: readonly ComplianceEvent[]): Promise<{ inserted: number }>;
  /**
   * Forgets the ids of counted events whose `ts` is before `before` (their counts stay): a
   * replay of such an event is counted again. Returns how many ids it forgot.
   */
  forgetComplianceEvents(before: Date): Promise<number>;
  /**
   * Counts of the domain with `startDay <= day <= endDay` (both included), sorted by day then
   * botId (byte order). Only entries with `requests > 0`; `[]` when none.
   */
  complianceDayCounts(
    domainId: string,
    startDay: string,
    endDay: string,
  ): Promise<ComplianceDayCount[]>;
}
