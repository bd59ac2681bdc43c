import {
  type AccountStore,
  type ApiKeyRecord,
  compareUtf8,
  type Domain,
  type DomainAccess,
  type MemberRole,
  type User,
} from "@crawlgate/core/adapter-kit";

const copyDate = (d: Date) => new Date(d.getTime());
const copyUser = (u: User): User => ({ ...u, createdAt: copyDate(u.createdAt) });
const copyKey = (k: ApiKeyRecord): ApiKeyRecord => ({
  ...k,
  createdAt: copyDate(k.createdAt),
  revokedAt: k.revokedAt ? copyDate(k.revokedAt) : null,
});
const copyDomain = (d: Domain): Domain => ({
  ...d,
  createdAt: copyDate(d.createdAt),
  renderVariants: [...d.renderVariants],
});

/** Users, keys, domains and memberships in maps. Every record is copied in and out. */
export function createMemoryAccountStore() {
  const users = new Map<string, User>();
  const keys = new Map<string, ApiKeyRecord>();
  const domains = new Map<string, Domain>();
  /** domainId → userId → role */
  const members = new Map<string, Map<string, MemberRole>>();
  /** domainId → challenge token, while the domain is not verified */
  const challenges = new Map<string, string>();

  const accessOf = (userId: string, domain: Domain): DomainAccess | null => {
    if (domain.ownerId === userId) return { domain: copyDomain(domain), role: "owner" };
    const role = members.get(domain.domainId)?.get(userId);
    return role ? { domain: copyDomain(domain), role } : null;
  };

  return {
    async createUser(user) {
      for (const existing of users.values())
        if (existing.name === user.name) return "duplicate_name";
      users.set(user.userId, copyUser(user));
      return copyUser(user);
    },
    async getUser(userId) {
      const user = users.get(userId);
      return user ? copyUser(user) : null;
    },
    async getUserByName(name) {
      for (const user of users.values()) if (user.name === name) return copyUser(user);
      return null;
    },
    async setUserPlan(userId, plan) {
      const user = users.get(userId);
      if (!user) return false;
      user.plan = plan;
      return true;
    },
    async createApiKey(key) {
      if (!users.has(key.userId)) throw new Error(`createApiKey: no user ${key.userId}`);
      for (const existing of keys.values()) {
        if (existing.keyHash === key.keyHash) throw new Error("createApiKey: duplicate key hash");
      }
      keys.set(key.keyId, copyKey(key));
    },
    async findApiKeyByHash(keyHash) {
      for (const key of keys.values()) if (key.keyHash === keyHash) return copyKey(key);
      return null;
    },
    async listApiKeys(userId) {
      return [...keys.values()]
        .filter((key) => key.userId === userId)
        .sort(
          (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareUtf8(a.keyId, b.keyId),
        )
        .map(copyKey);
    },
    async revokeApiKey(keyId, at) {
      const key = keys.get(keyId);
      if (!key || key.revokedAt) return false;
      key.revokedAt = copyDate(at);
      return true;
    },
    async createDomain(domain) {
      for (const existing of domains.values()) {
        if (existing.hostname === domain.hostname) return "duplicate_hostname";
      }
      if (!users.has(domain.ownerId)) throw new Error(`createDomain: no user ${domain.ownerId}`);
      domains.set(domain.domainId, copyDomain(domain));
      return copyDomain(domain);
    },
    async getDomain(domainId) {
      const domain = domains.get(domainId);
      return domain ? copyDomain(domain) : null;
    },
    async getDomainByHostname(hostname) {
      for (const domain of domains.values())
        if (domain.hostname === hostname) return copyDomain(domain);
      return null;
    },
    async shareDomain(domainId, userId, role) {
      if (!domains.has(domainId) || !users.has(userId)) return false;
      const byUser = members.get(domainId) ?? new Map<string, MemberRole>();
      byUser.set(userId, role);
      members.set(domainId, byUser);
      return true;
    },
    async listAccessibleDomains(userId) {
      const out: DomainAccess[] = [];
      for (const domain of domains.values()) {
        const access = accessOf(userId, domain);
        if (access) out.push(access);
      }
      return out.sort((a, b) => compareUtf8(a.domain.hostname, b.domain.hostname));
    },
    async getDomainAccess(userId, domainId) {
      const domain = domains.get(domainId);
      return domain ? accessOf(userId, domain) : null;
    },
    async setDomainSettings(domainId, settings) {
      const domain = domains.get(domainId);
      if (!domain) return null;
      if (settings.originUrl !== undefined) domain.originUrl = settings.originUrl;
      if (settings.pageCacheTtlSeconds !== undefined) {
        domain.pageCacheTtlSeconds = settings.pageCacheTtlSeconds;
      }
      if (settings.originHost !== undefined) domain.originHost = settings.originHost;
      if (settings.renderVariants !== undefined) {
        domain.renderVariants = [...settings.renderVariants];
      }
      return copyDomain(domain);
    },
    async verificationToken(domainId, token) {
      const domain = domains.get(domainId);
      if (!domain || domain.verificationStage === "verified") return null;
      domain.verificationStage ??= "pending";
      const stored = challenges.get(domainId) ?? token;
      challenges.set(domainId, stored);
      return stored;
    },
    async markDomainVerified(domainId) {
      const domain = domains.get(domainId);
      if (!domain) return null;
      domain.verificationStage = "verified";
      challenges.delete(domainId);
      return copyDomain(domain);
    },
  } satisfies AccountStore;
}
