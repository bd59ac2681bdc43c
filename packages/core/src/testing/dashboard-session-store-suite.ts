import { describe, expect, it } from "vitest";
import type { DashboardSessionStore } from "../ports/index.js";
import type { DashboardSession } from "../types.js";
import { type Harness, useHarness } from "./harness.js";

const T = (s: string) => new Date(`2026-11-20T10:00:${s}Z`);
const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);
const USER = "00000000-0000-4000-8000-000000000001";

function session(overrides: Partial<DashboardSession> = {}): DashboardSession {
  return {
    idHash: HASH_A,
    userId: USER,
    csrfToken: "csrf-token-Ünïcode-✓",
    createdAt: T("00.000"),
    lastSeenAt: T("00.000"),
    expiresAt: T("50.000"),
    ...overrides,
  };
}

/** The DashboardSessionStore contract (see `ports/`), for every adapter. Time is passed in. */
export function dashboardSessionStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ dashboardSessions: DashboardSessionStore }>>,
): void {
  describe(`DashboardSessionStore conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("stores a session and reads it back by its hash; a taken hash changes nothing", async () => {
      const store = h().dashboardSessions;
      expect(await store.getSession(HASH_A)).toBeNull();
      expect(await store.createSession(session())).toBe(true);
      expect(await store.createSession(session({ userId: "someone-else" }))).toBe(false);
      expect(await store.getSession(HASH_A)).toEqual(session());
      expect(await store.getSession(HASH_B)).toBeNull();
    });

    it("touch only moves lastSeenAt forward; unknown sessions answer false", async () => {
      const store = h().dashboardSessions;
      await store.createSession(session({ lastSeenAt: T("10.000") }));
      expect(await store.touchSession(HASH_A, T("20.500"))).toBe(true);
      expect((await store.getSession(HASH_A))?.lastSeenAt).toEqual(T("20.500"));
      expect(await store.touchSession(HASH_A, T("15.000"))).toBe(true);
      expect((await store.getSession(HASH_A))?.lastSeenAt).toEqual(T("20.500"));
      expect(await store.touchSession(HASH_B, T("30.000"))).toBe(false);
      expect(await store.getSession(HASH_B)).toBeNull();
    });

    it("deletes one session, once", async () => {
      const store = h().dashboardSessions;
      await store.createSession(session());
      await store.createSession(session({ idHash: HASH_B }));
      expect(await store.deleteSession(HASH_A)).toBe(true);
      expect(await store.deleteSession(HASH_A)).toBe(false);
      expect(await store.getSession(HASH_A)).toBeNull();
      expect(await store.getSession(HASH_B)).not.toBeNull();
    });

    it("a sign-in token is used once, also under concurrent calls", async () => {
      const store = h().dashboardSessions;
      expect(await store.useSignInToken("token-1", T("50.000"))).toBe(true);
      expect(await store.useSignInToken("token-1", T("59.000"))).toBe(false);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.useSignInToken("token-2", T("50.000"))),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("deleteExpired removes ended and idle sessions and expired tokens, bounds inclusive", async () => {
      const store = h().dashboardSessions;
      const hash = (c: string) => c.repeat(64);
      const seen = T("20.000");
      await store.createSession(
        session({ idHash: hash("1"), expiresAt: T("30.000"), lastSeenAt: seen }),
      );
      await store.createSession(
        session({ idHash: hash("2"), expiresAt: T("30.001"), lastSeenAt: seen }),
      );
      await store.createSession(session({ idHash: hash("3"), lastSeenAt: T("10.000") }));
      await store.createSession(session({ idHash: hash("4"), lastSeenAt: T("10.001") }));
      await store.useSignInToken("old", T("30.000"));
      await store.useSignInToken("new", T("30.001"));
      expect(await store.deleteExpired(T("30.000"), T("10.000"))).toEqual({
        sessions: 2,
        tokens: 1,
      });
      expect(await store.getSession(hash("1"))).toBeNull();
      expect(await store.getSession(hash("2"))).not.toBeNull();
      expect(await store.getSession(hash("3"))).toBeNull();
      expect(await store.getSession(hash("4"))).not.toBeNull();
      // The expired record is gone (its ID may be recorded again); the live one still holds.
      expect(await store.useSignInToken("old", T("40.000"))).toBe(true);
      expect(await store.useSignInToken("new", T("40.000"))).toBe(false);
      expect(await store.deleteExpired(T("30.000"), T("10.000"))).toEqual({
        sessions: 0,
        tokens: 0,
      });
    });
  });
}
