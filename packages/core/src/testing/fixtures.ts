import { type CrawlerPolicy, crawlerPolicy } from "../policy/schema.js";
import type { AccountStore, Clock } from "../ports/index.js";
import type {
  ApiKeyRecord,
  CrawlRecord,
  Domain,
  ReferralVisit,
  RoutingRule,
  Snapshot,
  User,
} from "../types.js";

/** A clock tests move by hand. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(at: Date | string): void;
}

export function createFakeClock(start: Date | string = "2026-11-20T10:00:00.000Z"): FakeClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (at) => {
      now = new Date(at).getTime();
    },
  };
}

const T0 = new Date("2026-11-20T10:00:00.123Z");

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    userId: crypto.randomUUID(),
    name: `user-${crypto.randomUUID()}`,
    plan: "pro",
    createdAt: T0,
    ...overrides,
  };
}

export function makeDomain(ownerId: string, overrides: Partial<Domain> = {}): Domain {
  return {
    domainId: crypto.randomUUID(),
    hostname: `site-${crypto.randomUUID().slice(0, 8)}.example.com`,
    ownerId,
    originUrl: null,
    verificationStage: "pending",
    createdAt: T0,
    pageCacheTtlSeconds: null,
    originHost: "origin",
    renderVariants: ["desktop"],
    ...overrides,
  };
}

export function makeApiKeyRecord(
  userId: string,
  overrides: Partial<ApiKeyRecord> = {},
): ApiKeyRecord {
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
  return {
    keyId: crypto.randomUUID(),
    userId,
    keyHash: hex,
    displayPrefix: "cg_live_abcd",
    createdAt: T0,
    revokedAt: null,
    ...overrides,
  };
}

/** A new user owning a new domain, stored; the domain. */
export async function seedDomain(accounts: AccountStore): Promise<Domain> {
  const user = makeUser();
  await accounts.createUser(user);
  const domain = makeDomain(user.userId);
  await accounts.createDomain(domain);
  return domain;
}

/** A policy with a rule of each action, a path and a message (settings round-trips). */
export function makePolicy(): CrawlerPolicy {
  return crawlerPolicy.parse({
    rules: [
      {
        match: { type: "botId", value: "gptbot" },
        path: "/private/*",
        action: { type: "block", message: "Non ✓" },
      },
      {
        match: { type: "intent", value: "training" },
        action: { type: "charge", price: { amount: "0.01", currency: "USD" } },
      },
      { match: { type: "tier", value: "declared" }, action: { type: "allow" } },
    ],
    defaultAction: { type: "block", status: 402 },
    impostorProtection: false,
  });
}

export function makeRule(domainId: string, overrides: Partial<RoutingRule> = {}): RoutingRule {
  return {
    ruleId: crypto.randomUUID(),
    domainId,
    sourcePath: `/r/${crypto.randomUUID().slice(0, 8)}`,
    targetUrl: "/target",
    ruleType: "redirect",
    redirectCode: 301,
    priority: 0,
    isActive: true,
    notes: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

/** Sequence numbers that keep generated event and visit ids readable and unique. */
let seq = 0;

/** A valid crawl record; `eventId`s are unique unless given. */
export function makeCrawl(domainId: string, overrides: Partial<CrawlRecord> = {}): CrawlRecord {
  seq++;
  return {
    eventId: `evt-${seq}-${crypto.randomUUID()}`,
    domainId,
    ts: new Date("2026-11-20T10:00:00.000Z"),
    path: "/",
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)",
    uaHash: "0123456789abcdef",
    botId: "googlebot",
    verdict: "declared",
    servedFrom: "cache",
    status: 200,
    bytes: 1234,
    botOperator: null,
    matchedRange: null,
    contentHash: null,
    snapshotId: null,
    streamId: "s1",
    ipAsn: 0,
    signatureAgent: null,
    signature: null,
    ...overrides,
  };
}

/** A valid AI referral visit; `visitId`s are unique unless given. */
export function makeReferral(
  domainId: string,
  overrides: Partial<ReferralVisit> = {},
): ReferralVisit {
  seq++;
  return {
    visitId: `visit-${seq}-${crypto.randomUUID()}`,
    domainId,
    ts: new Date("2026-11-20T10:00:00.000Z"),
    path: "/",
    source: "chatgpt",
    ...overrides,
  };
}

/** A valid snapshot; IDs are fresh UUIDs and the hash is derived from `path` unless given. */
export function makeSnapshot(domainId: string, overrides: Partial<Snapshot> = {}): Snapshot {
  const path = overrides.path ?? "/";
  return {
    snapshotId: crypto.randomUUID(),
    domainId,
    path,
    contentHash: [...path].reduce((h, c) => h + c.charCodeAt(0).toString(16), "").padEnd(64, "0"),
    renderStatus: 200,
    contentSizeBytes: 1234,
    createdAt: T0,
    lastRecordedAt: T0,
    htmlRetained: true,
    seo: { score: 85, issues: ["missing_lang", "images_missing_alt"] },
    variant: "desktop",
    ...overrides,
  };
}
