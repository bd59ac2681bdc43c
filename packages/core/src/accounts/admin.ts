import type {
  AccountStore,
  Clock,
  DomainSettings,
  SettingsCache,
  WarmingStore,
  WarmSettings,
} from "../ports/index.js";
import { normalizeHostname } from "../text/hostname.js";
import {
  type ApiKeyRecord,
  type Domain,
  type MemberRole,
  ORIGIN_HOSTS,
  type PlanName,
  RENDER_VARIANTS,
  type RenderVariant,
  type User,
} from "../types.js";
import { checkWarmSettings } from "../warming/settings.js";
import { displayPrefixOf, generateApiKey, hashApiKey } from "./api-key.js";

/**
 * Account administration used by the CLI, the demo seed and host applications. These are not
 * HTTP endpoints (the spec shows no key-management endpoints).
 */

export type AdminResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A domain's origin as stored: an http(s) URL with nothing but scheme, host and port (no path,
 * query, fragment or credentials), normalised to its origin (`HTTPS://Shop.Example:443/` →
 * `https://shop.example`). `null` when the input is not one.
 */
export function normalizeOriginUrl(input: string): string | null {
  const url = URL.canParse(input.trim()) ? new URL(input.trim()) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
  return url.origin;
}

/** Longest page-cache lifetime a domain may set: 30 days. */
export const MAX_PAGE_CACHE_TTL_SECONDS = 30 * 86_400;

export function createAccountAdmin(
  accounts: AccountStore,
  clock: Clock,
  settingsCache: SettingsCache | undefined,
  warming: WarmingStore,
) {
  return {
    ...warmAdmin(accounts, warming),
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
      const originUrl = options.originUrl ? normalizeOriginUrl(options.originUrl) : null;
      if (options.originUrl && !originUrl) return { ok: false, message: ORIGIN_MESSAGE };
      if (!(await accounts.getUser(ownerId))) return { ok: false, message: "no such user" };
      const domain: Domain = {
        domainId: crypto.randomUUID(),
        hostname: host,
        ownerId,
        originUrl,
        verificationStage: options.verificationStage ?? "pending",
        createdAt: clock.now(),
        pageCacheTtlSeconds: null,
        originHost: "origin",
        renderVariants: ["desktop"],
      };
      const created = await accounts.createDomain(domain);
      if (created === "duplicate_hostname") {
        return { ok: false, message: `domain ${host} already exists` };
      }
      return { ok: true, value: created };
    },

    /**
     * Changes a domain's origin, page-cache lifetime (`null` clears either), origin Host
     * (`origin` or `public`) and render variants (`desktop`, or `desktop` and `mobile`); the
     * edge sees the change at once (its cached settings of the domain are dropped).
     */
    async setDomainSettings(
      domainId: string,
      settings: DomainSettings,
    ): Promise<AdminResult<Domain>> {
      const checked = checkDomainSettings(settings);
      if (!checked.ok) return checked;
      const domain = await accounts.setDomainSettings(domainId, checked.value);
      if (!domain) return { ok: false, message: "no such domain" };
      await settingsCache?.invalidate(domainId);
      return { ok: true, value: domain };
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

/** The warm-settings part of the account administration. */
function warmAdmin(accounts: AccountStore, warming: WarmingStore) {
  return {
    /**
     * Changes how a domain is warmed: its sitemap list (http(s) URLs on its host), its
     * renders-per-hour budget (`null`: the instance's default) and whether the hourly
     * `sitemap_warm` job warms it. Returns the settings now stored.
     */
    async setWarmSettings(
      domainId: string,
      changes: Partial<WarmSettings>,
    ): Promise<AdminResult<WarmSettings>> {
      const domain = await accounts.getDomain(domainId);
      if (!domain) return { ok: false, message: "no such domain" };
      const checked = checkWarmSettings(domain.hostname, changes);
      if (!checked.ok) return checked;
      return { ok: true, value: await warming.setWarmSettings(domainId, checked.value) };
    },
  };
}

/** The settings with the origin normalised, or why they are refused. */
export function checkDomainSettings(settings: DomainSettings): AdminResult<DomainSettings> {
  const checked: DomainSettings = {};
  if (settings.originUrl !== undefined) {
    const originUrl = settings.originUrl === null ? null : normalizeOriginUrl(settings.originUrl);
    if (settings.originUrl !== null && !originUrl) return { ok: false, message: ORIGIN_MESSAGE };
    checked.originUrl = originUrl;
  }
  const ttl = settings.pageCacheTtlSeconds;
  if (ttl !== undefined) {
    const valid =
      ttl === null || (Number.isSafeInteger(ttl) && ttl >= 1 && ttl <= MAX_PAGE_CACHE_TTL_SECONDS);
    if (!valid) {
      return {
        ok: false,
        message: `page cache lifetime must be 1 to ${MAX_PAGE_CACHE_TTL_SECONDS} seconds`,
      };
    }
    checked.pageCacheTtlSeconds = ttl;
  }
  if (settings.originHost !== undefined) {
    if (!ORIGIN_HOSTS.includes(settings.originHost)) {
      return { ok: false, message: `origin host must be one of ${ORIGIN_HOSTS.join(", ")}` };
    }
    checked.originHost = settings.originHost;
  }
  if (settings.renderVariants !== undefined) {
    const variants = checkRenderVariants(settings.renderVariants);
    if (!variants.ok) return variants;
    checked.renderVariants = variants.value;
  }
  return { ok: true, value: checked };
}

/**
 * Render variants as stored: known names, each once, `desktop` among them (crawlers that are no
 * phone always get it), in `RENDER_VARIANTS` order whatever order they were given in.
 */
export function checkRenderVariants(variants: readonly string[]): AdminResult<RenderVariant[]> {
  const known = RENDER_VARIANTS as readonly string[];
  const unknown = variants.filter((v) => !known.includes(v));
  if (unknown.length > 0 || new Set(variants).size !== variants.length) {
    return {
      ok: false,
      message: `render variants must be distinct names among ${RENDER_VARIANTS.join(", ")}`,
    };
  }
  if (!variants.includes("desktop")) {
    return { ok: false, message: "render variants must include desktop" };
  }
  return { ok: true, value: RENDER_VARIANTS.filter((v) => variants.includes(v)) };
}

const ORIGIN_MESSAGE =
  "origin must be an http(s) URL with only scheme, host and port, such as https://origin.example.com";
