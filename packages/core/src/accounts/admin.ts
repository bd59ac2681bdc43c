import type { AccountStore, Clock } from "../ports.js";
import type { ApiKeyRecord, Domain, MemberRole, PlanName, User } from "../types.js";
import { displayPrefixOf, generateApiKey, hashApiKey } from "./api-key.js";

/**
 * Account administration used by the CLI, the demo seed and host applications. These are not
 * HTTP endpoints (the spec shows no key-management endpoints).
 */

export type AdminResult<T> = { ok: true; value: T } | { ok: false; message: string };

const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Lowercases a hostname, drops one trailing dot, and checks it is a dotted DNS name. */
export function normalizeHostname(input: string): string | null {
  const host = input.trim().toLowerCase().replace(/\.$/, "");
  return HOSTNAME.test(host) ? host : null;
}

export function createAccountAdmin(accounts: AccountStore, clock: Clock) {
  return {
    async createUser(name: string, plan: PlanName): Promise<AdminResult<User>> {
      const trimmed = name.trim();
      if (trimmed.length === 0 || trimmed.length > 200) {
        return { ok: false, message: "user name must be 1 to 200 characters" };
      }
      const user: User = {
        userId: crypto.randomUUID(),
        name: trimmed,
        plan,
        createdAt: clock.now(),
      };
      const created = await accounts.createUser(user);
      if (created === "duplicate_name") {
        return { ok: false, message: `a user named "${trimmed}" already exists` };
      }
      return { ok: true, value: created };
    },

    /** Creates a key for the user; the plain key is returned once and never stored. */
    async createKey(userId: string): Promise<AdminResult<{ key: string; record: ApiKeyRecord }>> {
      if (!(await accounts.getUser(userId))) return { ok: false, message: "no such user" };
      const key = generateApiKey();
      const record: ApiKeyRecord = {
        keyId: crypto.randomUUID(),
        userId,
        keyHash: await hashApiKey(key),
        displayPrefix: displayPrefixOf(key),
        createdAt: clock.now(),
        revokedAt: null,
      };
      await accounts.createApiKey(record);
      return { ok: true, value: { key, record } };
    },

    /**
     * Revokes a key given the plain key, or given its `keyId` together with the owner's user ID
     * (keys are looked up by hash; an ID is only meaningful within its owner's key list).
     */
    async revokeKey(keyOrId: string, ownerId?: string): Promise<AdminResult<ApiKeyRecord>> {
      const record = ownerId
        ? ((await accounts.listApiKeys(ownerId)).find((key) => key.keyId === keyOrId) ?? null)
        : await accounts.findApiKeyByHash(await hashApiKey(keyOrId));
      if (!record) return { ok: false, message: "no such key" };
      if (!(await accounts.revokeApiKey(record.keyId, clock.now()))) {
        return { ok: false, message: "key already revoked" };
      }
      return { ok: true, value: record };
    },

    async addDomain(
      ownerId: string,
      hostname: string,
      options: { originUrl?: string | null; verificationStage?: string | null } = {},
    ): Promise<AdminResult<Domain>> {
      const host = normalizeHostname(hostname);
      if (!host) return { ok: false, message: `"${hostname}" is not a valid hostname` };
      if (!(await accounts.getUser(ownerId))) return { ok: false, message: "no such user" };
      const domain: Domain = {
        domainId: crypto.randomUUID(),
        hostname: host,
        ownerId,
        originUrl: options.originUrl ?? null,
        verificationStage: options.verificationStage ?? "pending",
        createdAt: clock.now(),
        pageCacheTtlSeconds: null,
      };
      const created = await accounts.createDomain(domain);
      if (created === "duplicate_hostname") {
        return { ok: false, message: `domain ${host} already exists` };
      }
      return { ok: true, value: created };
    },

    async shareDomain(
      domainId: string,
      userId: string,
      role: MemberRole,
    ): Promise<AdminResult<true>> {
      const shared = await accounts.shareDomain(domainId, userId, role);
      return shared ? { ok: true, value: true } : { ok: false, message: "no such domain or user" };
    },
  };
}

export type AccountAdmin = ReturnType<typeof createAccountAdmin>;
