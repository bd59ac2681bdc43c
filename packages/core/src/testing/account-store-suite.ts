import { describe, expect, it } from "vitest";
import type { AccountStore } from "../ports/index.js";
import { makeApiKeyRecord, makeDomain, makeUser } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";
import { SHUFFLED, UTF8_ORDERED } from "./text-order.js";

/** The AccountStore contract (see `ports/`), for every adapter. */
export function accountStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ accounts: AccountStore }>>,
): void {
  describe(`AccountStore conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("creates users, finds them by ID and exact name, refuses a duplicate name", async () => {
      const { accounts } = h();
      const user = makeUser({ name: "Zoë ✓ 日本" });
      expect(await accounts.createUser(user)).toEqual(user);
      expect(await accounts.getUser(user.userId)).toEqual(user);
      expect(await accounts.getUserByName("Zoë ✓ 日本")).toEqual(user);
      expect(await accounts.getUserByName("zoë ✓ 日本")).toBeNull();
      expect(await accounts.createUser(makeUser({ name: user.name }))).toBe("duplicate_name");
      expect(await accounts.getUser(crypto.randomUUID())).toBeNull();
    });

    it("round-trips instants with millisecond precision", async () => {
      const { accounts } = h();
      const user = makeUser({ createdAt: new Date("2026-03-04T05:06:07.089Z") });
      await accounts.createUser(user);
      expect((await accounts.getUser(user.userId))?.createdAt.toISOString()).toBe(
        "2026-03-04T05:06:07.089Z",
      );
    });

    it("changes a plan", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      expect(await accounts.setUserPlan(user.userId, "enterprise")).toBe(true);
      expect((await accounts.getUser(user.userId))?.plan).toBe("enterprise");
      expect(await accounts.setUserPlan(crypto.randomUUID(), "pro")).toBe(false);
    });

    it("finds keys by hash, revoked ones too, and revokes once", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const key = makeApiKeyRecord(user.userId);
      await accounts.createApiKey(key);
      expect(await accounts.findApiKeyByHash(key.keyHash)).toEqual(key);
      expect(await accounts.findApiKeyByHash("0".repeat(64))).toBeNull();
      const at = new Date("2026-11-21T00:00:00.000Z");
      expect(await accounts.revokeApiKey(key.keyId, at)).toBe(true);
      expect(await accounts.revokeApiKey(key.keyId, new Date("2027-01-01T00:00:00.000Z"))).toBe(
        false,
      );
      expect((await accounts.findApiKeyByHash(key.keyHash))?.revokedAt).toEqual(at);
      expect(await accounts.revokeApiKey(crypto.randomUUID(), at)).toBe(false);
    });

    it("lists a user's keys oldest first", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const late = makeApiKeyRecord(user.userId, {
        createdAt: new Date("2026-02-01T00:00:00.000Z"),
      });
      const early = makeApiKeyRecord(user.userId, {
        createdAt: new Date("2026-01-01T00:00:00.000Z"),
      });
      await accounts.createApiKey(late);
      await accounts.createApiKey(early);
      expect((await accounts.listApiKeys(user.userId)).map((k) => k.keyId)).toEqual([
        early.keyId,
        late.keyId,
      ]);
      expect(await accounts.listApiKeys(crypto.randomUUID())).toEqual([]);
    });

    it("creates domains with unique hostnames", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const domain = makeDomain(user.userId, {
        originUrl: "https://origin.example.com",
        verificationStage: null,
      });
      expect(await accounts.createDomain(domain)).toEqual(domain);
      expect(await accounts.getDomain(domain.domainId)).toEqual(domain);
      expect(await accounts.getDomainByHostname(domain.hostname)).toEqual(domain);
      expect(
        await accounts.createDomain(makeDomain(user.userId, { hostname: domain.hostname })),
      ).toBe("duplicate_hostname");
      expect(await accounts.getDomain(crypto.randomUUID())).toBeNull();
    });

    it("changes a domain's edge settings field by field", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const domain = makeDomain(user.userId, { originUrl: "https://origin.example.com" });
      await accounts.createDomain(domain);
      const ttl = await accounts.setDomainSettings(domain.domainId, { pageCacheTtlSeconds: 600 });
      expect(ttl).toEqual({ ...domain, pageCacheTtlSeconds: 600 });
      const origin = await accounts.setDomainSettings(domain.domainId, { originUrl: null });
      expect(origin).toEqual({ ...domain, originUrl: null, pageCacheTtlSeconds: 600 });
      expect(await accounts.getDomain(domain.domainId)).toEqual(origin);
      expect(await accounts.getDomainByHostname(domain.hostname)).toEqual(origin);
      expect(await accounts.setDomainSettings(domain.domainId, {})).toEqual(origin);
      const host = await accounts.setDomainSettings(domain.domainId, { originHost: "public" });
      expect(host).toEqual({ ...origin, originHost: "public" });
      expect(await accounts.getDomainByHostname(domain.hostname)).toEqual(host);
      expect(await accounts.setDomainSettings(domain.domainId, { originHost: "origin" })).toEqual(
        origin,
      );
      const variants = await accounts.setDomainSettings(domain.domainId, {
        renderVariants: ["desktop", "mobile"],
      });
      expect(variants).toEqual({ ...origin, renderVariants: ["desktop", "mobile"] });
      expect(await accounts.getDomainByHostname(domain.hostname)).toEqual(variants);
      expect(
        await accounts.setDomainSettings(domain.domainId, { renderVariants: ["desktop"] }),
      ).toEqual(origin);
      expect(await accounts.setDomainSettings(crypto.randomUUID(), { originUrl: null })).toBeNull();
    });

    it("keeps a pending domain's challenge token until it is verified, then forgets it", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const domain = makeDomain(user.userId, { verificationStage: "pending" });
      await accounts.createDomain(domain);
      expect(await accounts.verificationToken(domain.domainId, "first")).toBe("first");
      expect(await accounts.verificationToken(domain.domainId, "second")).toBe("first");
      const verified = await accounts.markDomainVerified(domain.domainId);
      expect(verified).toEqual({ ...domain, verificationStage: "verified" });
      expect(await accounts.getDomainByHostname(domain.hostname)).toEqual(verified);
      expect(await accounts.verificationToken(domain.domainId, "third")).toBeNull();
      expect(await accounts.verificationToken(crypto.randomUUID(), "x")).toBeNull();
      expect(await accounts.markDomainVerified(crypto.randomUUID())).toBeNull();
    });

    it("gives a domain without a stage a challenge and the stage pending", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const domain = makeDomain(user.userId, { verificationStage: null });
      await accounts.createDomain(domain);
      expect(await accounts.verificationToken(domain.domainId, "t")).toBe("t");
      expect((await accounts.getDomain(domain.domainId))?.verificationStage).toBe("pending");
    });

    it("hands every concurrent caller the one challenge token stored", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const domain = makeDomain(user.userId);
      await accounts.createDomain(domain);
      const tokens = await Promise.all(
        Array.from({ length: 8 }, (_, i) => accounts.verificationToken(domain.domainId, `t${i}`)),
      );
      expect(new Set(tokens).size).toBe(1);
      expect(tokens[0]).toMatch(/^t\d$/);
    });

    it("lists accessible domains once each, sorted by hostname, owner winning over a share", async () => {
      const { accounts } = h();
      const owner = makeUser();
      const other = makeUser();
      await accounts.createUser(owner);
      await accounts.createUser(other);
      const b = makeDomain(owner.userId, { hostname: "b.example.com" });
      const a = makeDomain(other.userId, { hostname: "a.example.com" });
      const c = makeDomain(owner.userId, { hostname: "c.example.com" });
      const hidden = makeDomain(other.userId, { hostname: "0.example.com" });
      for (const d of [b, a, c, hidden]) await accounts.createDomain(d);
      expect(await accounts.shareDomain(a.domainId, owner.userId, "viewer")).toBe(true);
      expect(await accounts.shareDomain(c.domainId, owner.userId, "viewer")).toBe(true);
      const list = await accounts.listAccessibleDomains(owner.userId);
      expect(list.map((x) => [x.domain.hostname, x.role])).toEqual([
        ["a.example.com", "viewer"],
        ["b.example.com", "owner"],
        ["c.example.com", "owner"],
      ]);
      expect(await accounts.listAccessibleDomains(crypto.randomUUID())).toEqual([]);
    });

    it("sorts accessible domains by hostname in UTF-8 byte order, also past U+FFFF", async () => {
      const { accounts } = h();
      const owner = makeUser();
      await accounts.createUser(owner);
      const host = (s: string) => `x${s.slice(1)}.example.com`;
      for (const s of SHUFFLED)
        await accounts.createDomain(makeDomain(owner.userId, { hostname: host(s) }));
      const list = await accounts.listAccessibleDomains(owner.userId);
      expect(list.map((x) => x.domain.hostname)).toEqual(UTF8_ORDERED.map(host));
    });

    it("resolves one domain's access; a re-share replaces the role; no access is null", async () => {
      const { accounts } = h();
      const owner = makeUser();
      const member = makeUser();
      const stranger = makeUser();
      for (const u of [owner, member, stranger]) await accounts.createUser(u);
      const d = makeDomain(owner.userId);
      await accounts.createDomain(d);
      expect(await accounts.getDomainAccess(owner.userId, d.domainId)).toEqual({
        domain: d,
        role: "owner",
      });
      await accounts.shareDomain(d.domainId, member.userId, "viewer");
      expect((await accounts.getDomainAccess(member.userId, d.domainId))?.role).toBe("viewer");
      await accounts.shareDomain(d.domainId, member.userId, "manager");
      expect((await accounts.getDomainAccess(member.userId, d.domainId))?.role).toBe("manager");
      expect(await accounts.listAccessibleDomains(member.userId)).toHaveLength(1);
      expect(await accounts.getDomainAccess(stranger.userId, d.domainId)).toBeNull();
      expect(await accounts.getDomainAccess(owner.userId, crypto.randomUUID())).toBeNull();
      expect(await accounts.shareDomain(crypto.randomUUID(), member.userId, "viewer")).toBe(false);
      expect(await accounts.shareDomain(d.domainId, crypto.randomUUID(), "viewer")).toBe(false);
    });

    it("hands out copies: mutating a result changes nothing stored", async () => {
      const { accounts } = h();
      const user = makeUser();
      await accounts.createUser(user);
      const got = await accounts.getUser(user.userId);
      if (!got) throw new Error("missing");
      got.plan = "starter";
      got.createdAt.setTime(0);
      expect(await accounts.getUser(user.userId)).toEqual(user);
    });
  });
}
