import type { Clock } from "../ports.js";
import type { ApiKeyRecord, Domain, RoutingRule, User } from "../types.js";

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
