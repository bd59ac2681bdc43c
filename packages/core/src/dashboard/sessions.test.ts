import { createMemoryStores } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import type { AccountStore } from "../ports/index.js";
import { silentLogger } from "../ports/index.js";
import { createKeyRing } from "../signing/key-ring.js";
import { createFakeClock } from "../testing/fixtures.js";
import { createSessions, hashSessionId } from "./sessions.js";
import { issueSignInToken } from "./sign-in-token.js";

describe("dashboard sessions", () => {
  it("a session whose user is gone is refused and deleted; a link for them is invalid", async () => {
    const stores = createMemoryStores();
    const clock = createFakeClock();
    const signing = createKeyRing([{ kid: "k", secret: "x".repeat(32) }]);
    const now = clock.now();
    await stores.accounts.createUser({ userId: USER, name: "gone", plan: "pro", createdAt: now });
    let deleted = false;
    // crawlgate has no user deletion yet: a store that stops knowing the user stands in for it.
    const accounts: AccountStore = {
      ...stores.accounts,
      getUser: async (id) => (deleted ? null : stores.accounts.getUser(id)),
    };
    const sessions = createSessions({ ...stores, accounts, signing, clock, logger: silentLogger });
    const expires = new Date(now.getTime() + 60_000);
    const signedIn = await sessions.signIn(
      await issueSignInToken(signing, USER, expires, ORIGIN),
      ORIGIN,
    );
    if (!signedIn.ok) throw new Error(signedIn.reason);
    const cookie = `crawlgate_session=${signedIn.sessionId}`;
    expect((await sessions.resolve(cookie, false))?.user.name).toBe("gone");
    deleted = true;
    expect(await sessions.resolve(cookie, false)).toBeNull();
    const idHash = await hashSessionId(signedIn.sessionId);
    expect(await stores.dashboardSessions.getSession(idHash)).toBeNull();
    const late = await sessions.signIn(
      await issueSignInToken(signing, USER, expires, ORIGIN),
      ORIGIN,
    );
    expect(late).toEqual({ ok: false, reason: "invalid" });
  });
});

const USER = "0b6f9a52-1c7e-4d0a-9e55-3f1c2d4e5a6b";
const ORIGIN = "https://crawlgate.example.com";
