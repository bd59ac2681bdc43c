import {
  type AccountStore,
  type ApiKeyRecord,
  compareUtf8,
  type Domain,
  type MemberRole,
  type PlanName,
  type Role,
  type User,
} from "@crawlgate/core/adapter-kit";
import type { Selectable } from "kysely";
import type { KyselyHandle } from "./handle.js";
import { type Database, date, dateOrNull } from "./schema.js";
import { isUniqueViolation } from "./unique-violation.js";

const toUser = (r: Selectable<Database["users"]>): User => ({
  userId: r.user_id,
  name: r.name,
  plan: r.plan as PlanName,
  createdAt: date(r.created_at),
});

const toKey = (r: Selectable<Database["api_keys"]>): ApiKeyRecord => ({
  keyId: r.key_id,
  userId: r.user_id,
  keyHash: r.key_hash,
  displayPrefix: r.display_prefix,
  createdAt: date(r.created_at),
  revokedAt: dateOrNull(r.revoked_at),
});

const toDomain = (r: Selectable<Database["domains"]>): Domain => ({
  domainId: r.domain_id,
  hostname: r.hostname,
  ownerId: r.owner_id,
  originUrl: r.origin_url,
  verificationStage: r.verification_stage,
  createdAt: date(r.created_at),
  pageCacheTtlSeconds: r.page_cache_ttl_seconds === null ? null : Number(r.page_cache_ttl_seconds),
  originHost: r.origin_host === "public" ? "public" : "origin",
  renderVariants: r.render_variants.split(",").includes("mobile")
    ? ["desktop", "mobile"]
    : ["desktop"],
});

const byHostname = (a: { domain: Domain }, b: { domain: Domain }) =>
  compareUtf8(a.domain.hostname, b.domain.hostname);

/** Users, keys, domains and memberships in SQL. */
export function createKyselyAccountStore({ db }: KyselyHandle) {
  const domainById = async (domainId: string): Promise<Domain | null> => {
    const row = await db
      .selectFrom("domains")
      .selectAll()
      .where("domain_id", "=", domainId)
      .executeTakeFirst();
    return row ? toDomain(row) : null;
  };
  const accessRows = (userId: string) =>
    db
      .selectFrom("domains as d")
      .leftJoin("memberships as m", (join) =>
        join.onRef("m.domain_id", "=", "d.domain_id").on("m.user_id", "=", userId),
      )
      .selectAll("d")
      .select("m.role as member_role")
      .where((eb) => eb.or([eb("d.owner_id", "=", userId), eb("m.user_id", "=", userId)]));

  const toAccess = (
    userId: string,
    row: Selectable<Database["domains"]> & { member_role: string | null },
  ) => ({
    domain: toDomain(row),
    role: (row.owner_id === userId ? "owner" : row.member_role) as Role,
  });

  return {
    async createUser(user) {
      try {
        await db
          .insertInto("users")
          .values({
            user_id: user.userId,
            name: user.name,
            plan: user.plan,
            created_at: user.createdAt.getTime(),
          })
          .execute();
        return user;
      } catch (error) {
        if (isUniqueViolation(error)) return "duplicate_name";
        throw error;
      }
    },
    async getUser(userId) {
      const row = await db
        .selectFrom("users")
        .selectAll()
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },
    async getUserByName(name) {
      const row = await db
        .selectFrom("users")
        .selectAll()
        .where("name", "=", name)
        .executeTakeFirst();
      return row ? toUser(row) : null;
    },
    async setUserPlan(userId, plan) {
      const result = await db
        .updateTable("users")
        .set({ plan })
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async createApiKey(key) {
      await db
        .insertInto("api_keys")
        .values({
          key_id: key.keyId,
          user_id: key.userId,
          key_hash: key.keyHash,
          display_prefix: key.displayPrefix,
          created_at: key.createdAt.getTime(),
          revoked_at: key.revokedAt ? key.revokedAt.getTime() : null,
        })
        .execute();
    },
    async findApiKeyByHash(keyHash) {
      const row = await db
        .selectFrom("api_keys")
        .selectAll()
        .where("key_hash", "=", keyHash)
        .executeTakeFirst();
      return row ? toKey(row) : null;
    },
    async listApiKeys(userId) {
      const rows = await db
        .selectFrom("api_keys")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .orderBy("key_id")
        .execute();
      return rows.map(toKey);
    },
    async revokeApiKey(keyId, at) {
      const result = await db
        .updateTable("api_keys")
        .set({ revoked_at: at.getTime() })
        .where("key_id", "=", keyId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async createDomain(domain) {
      try {
        await db
          .insertInto("domains")
          .values({
            domain_id: domain.domainId,
            hostname: domain.hostname,
            owner_id: domain.ownerId,
            origin_url: domain.originUrl,
            verification_stage: domain.verificationStage,
            created_at: domain.createdAt.getTime(),
            page_cache_ttl_seconds: domain.pageCacheTtlSeconds,
            origin_host: domain.originHost,
            render_variants: domain.renderVariants.join(","),
          })
          .execute();
        return domain;
      } catch (error) {
        if (isUniqueViolation(error)) return "duplicate_hostname";
        throw error;
      }
    },
    async getDomain(domainId) {
      return domainById(domainId);
    },
    async getDomainByHostname(hostname) {
      const row = await db
        .selectFrom("domains")
        .selectAll()
        .where("hostname", "=", hostname)
        .executeTakeFirst();
      return row ? toDomain(row) : null;
    },
    async shareDomain(domainId, userId, role: MemberRole) {
      const [domain, user] = await Promise.all([
        db
          .selectFrom("domains")
          .select("domain_id")
          .where("domain_id", "=", domainId)
          .executeTakeFirst(),
        db.selectFrom("users").select("user_id").where("user_id", "=", userId).executeTakeFirst(),
      ]);
      if (!domain || !user) return false;
      await db
        .insertInto("memberships")
        .values({ domain_id: domainId, user_id: userId, role })
        .onConflict((oc) => oc.columns(["domain_id", "user_id"]).doUpdateSet({ role }))
        .execute();
      return true;
    },
    async listAccessibleDomains(userId) {
      const rows = await accessRows(userId).execute();
      return rows.map((row) => toAccess(userId, row)).sort(byHostname);
    },
    async getDomainAccess(userId, domainId) {
      const row = await accessRows(userId).where("d.domain_id", "=", domainId).executeTakeFirst();
      return row ? toAccess(userId, row) : null;
    },
    async setDomainSettings(domainId, settings) {
      const changes: {
        origin_url?: string | null;
        page_cache_ttl_seconds?: number | null;
        origin_host?: string;
        render_variants?: string;
      } = {};
      if (settings.renderVariants !== undefined) {
        changes.render_variants = settings.renderVariants.join(",");
      }
      if (settings.originUrl !== undefined) changes.origin_url = settings.originUrl;
      if (settings.originHost !== undefined) changes.origin_host = settings.originHost;
      if (settings.pageCacheTtlSeconds !== undefined) {
        changes.page_cache_ttl_seconds = settings.pageCacheTtlSeconds;
      }
      if (Object.keys(changes).length > 0) {
        await db.updateTable("domains").set(changes).where("domain_id", "=", domainId).execute();
      }
      return domainById(domainId);
    },
    async verificationToken(domainId, token) {
      // One statement: the first token stored wins under concurrent calls.
      await db
        .updateTable("domains")
        .set((eb) => ({
          verification_token: eb.fn.coalesce("verification_token", eb.val(token)),
          verification_stage: eb.fn.coalesce("verification_stage", eb.val("pending")),
        }))
        .where("domain_id", "=", domainId)
        .where((eb) =>
          eb.or([eb("verification_stage", "is", null), eb("verification_stage", "!=", "verified")]),
        )
        .execute();
      const row = await db
        .selectFrom("domains")
        .select(["verification_stage", "verification_token"])
        .where("domain_id", "=", domainId)
        .executeTakeFirst();
      return row && row.verification_stage !== "verified" ? row.verification_token : null;
    },
    async markDomainVerified(domainId) {
      await db
        .updateTable("domains")
        .set({ verification_stage: "verified", verification_token: null })
        .where("domain_id", "=", domainId)
        .execute();
      return domainById(domainId);
    },
  } satisfies AccountStore;
}
