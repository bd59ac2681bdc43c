import type {
  ApiKeyRecord,
  Domain,
  DomainAccess,
  MemberRole,
  OriginHost,
  PlanName,
  RenderVariant,
  User,
} from "../types.js";

// Accounts port: users, plans, API keys, domains and memberships.

/** Users, plans, API keys (hash only), domains and memberships. */
export interface AccountStore {
  /**
   * Creates a user. `name` is unique (exact string). A taken name returns `"duplicate_name"` and
   * changes nothing.
   */
  createUser(user: User): Promise<User | "duplicate_name">;
  /** The user with that ID, or `null`. */
  getUser(userId: string): Promise<User | null>;
  /** The user with that exact name, or `null`. */
  getUserByName(name: string): Promise<User | null>;
  /** Changes a user's plan. Returns `false` when there is no such user. */
  setUserPlan(userId: string, plan: PlanName): Promise<boolean>;

  /** Stores a key record. `keyHash` is unique. The user must exist. */
  createApiKey(key: ApiKeyRecord): Promise<void>;
  /**
   * The key record whose `keyHash` equals the argument, revoked or not, or `null`. Callers
   * compare hashes again in constant time and check `revokedAt` themselves.
   */
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** The user's keys, oldest first, ties by `keyId`. */
  listApiKeys(userId: string): Promise<ApiKeyRecord[]>;
  /**
   * Marks a key revoked at `at`. Returns `false` when there is no such key or it is revoked
   * already. The first revocation time is kept.
   */
  revokeApiKey(keyId: string, at: Date): Promise<boolean>;

  /**
   * Creates a domain. `hostname` is unique; callers pass it lowercase. A taken hostname returns
   * `"duplicate_hostname"` and changes nothing.
   */
  createDomain(domain: Domain): Promise<Domain | "duplicate_hostname">;
  /** The domain with that ID, whoever may see it, or `null`. */
  getDomain(domainId: string): Promise<Domain | null>;
  /** The domain with that exact (lowercase) hostname, or `null`. */
  getDomainByHostname(hostname: string): Promise<Domain | null>;
  /**
   * Grants `role` on a domain to a user, replacing that user's earlier membership of the domain.
   * Sharing with the owner is stored but never changes what the owner sees. Returns `false`
   * when the domain or the user does not exist.
   */
  shareDomain(domainId: string, userId: string, role: MemberRole): Promise<boolean>;
  /**
   * Every domain the user owns or is a member of, each once, sorted by hostname in byte order.
   * A domain both owned by and shared with the user has role `owner`.
   */
  listAccessibleDomains(userId: string): Promise<DomainAccess[]>;
  /**
   * The user's access to one domain (`owner` wins over a membership). `null` when the domain does
   * not exist or the user has no access: the two cases are indistinguishable on purpose.
   */
  getDomainAccess(userId: string, domainId: string): Promise<DomainAccess | null>;
  /**
   * Changes the edge settings of a domain: each field given replaces the stored one (`null`
   * clears it). Returns the updated domain, or `null` when there is no such domain.
   */
  setDomainSettings(domainId: string, settings: DomainSettings): Promise<Domain | null>;
  /**
   * The ownership challenge of a domain not verified yet: its stored token, else `token`, which
   * is then stored (and a `null` stage becomes `pending`). The token stays the same until the
   * domain is verified; under concurrent calls every caller receives the one token stored.
   * `null` when there is no such domain or it is `verified` (nothing to prove).
   */
  verificationToken(domainId: string, token: string): Promise<string | null>;
  /**
   * Sets the domain's stage to `verified` and forgets its challenge token. Returns the updated
   * domain, or `null` when there is no such domain.
   */
  markDomainVerified(domainId: string): Promise<Domain | null>;
}

/** The settings of a domain its operator may change after creation. */
export interface DomainSettings {
  originUrl?: string | null;
  pageCacheTtlSeconds?: number | null;
  originHost?: OriginHost;
  renderVariants?: RenderVariant[];
}
