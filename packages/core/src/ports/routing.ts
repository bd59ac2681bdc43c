import type { CrawlerPolicy, StoredPolicy } from "../policy/schema.js";
import type { OriginHost, RenderVariant, RoutingRule } from "../types.js";

// Routing ports: rules and crawler policies per domain, and the edge's settings cache.

/** Result of `RuleStore.createRule` / `updateRule`. Expected outcomes are values, not throws. */
export type RuleWriteResult =
  | { ok: true; rule: RoutingRule }
  | { ok: false; reason: "duplicate_source_path" | "rule_limit_reached" | "rule_not_found" };

/** Routing rules per domain. */
export interface RuleStore {
  /**
   * Every rule of the domain, active and paused. Sorted by `priority` descending, then
   * `createdAt` ascending, then `ruleId` ascending. Empty when none.
   */
  listRules(domainId: string): Promise<RoutingRule[]>;
  /** Number of rules of the domain, active and paused. */
  countRules(domainId: string): Promise<number>;
  /** The rule with that ID on that domain, or `null` (also when it is another domain's). */
  getRule(domainId: string, ruleId: string): Promise<RoutingRule | null>;
  /**
   * Inserts `rule` on `rule.domainId` atomically with two checks, in this order. When `limit` is
   * a number and the domain has `limit` or more rules: `rule_limit_reached`. When another rule
   * of the domain has the same `sourceKey`: `duplicate_source_path`. Nothing is written on
   * failure. Both checks hold under any number of concurrent calls.
   */
  createRule(rule: RoutingRule, sourceKey: string, limit: number | null): Promise<RuleWriteResult>;
  /**
   * Replaces every field of the stored rule `rule.ruleId` on `rule.domainId`; `createdAt` is kept
   * as stored. `rule_not_found` when it is not there. `duplicate_source_path` when another rule
   * of the domain has `sourceKey`.
   */
  updateRule(rule: RoutingRule, sourceKey: string): Promise<RuleWriteResult>;
  /** Deletes the rule and returns it as it was, or `null` when it is not on that domain. */
  deleteRule(domainId: string, ruleId: string): Promise<RoutingRule | null>;
  /**
   * The domain's crawler policy as last saved, with when it was saved, or `null` when the
   * domain never saved one (callers then use `DEFAULT_POLICY`). The policy round-trips as given
   * (rule order, messages, prices as strings).
   */
  getPolicy(domainId: string): Promise<StoredPolicy | null>;
  /**
   * Replaces the domain's crawler policy whole (creates it on the first save) and returns it as
   * stored. Atomic: a concurrent reader sees the old policy or the new one, never a mix; the
   * last of concurrent writers wins.
   */
  replacePolicy(domainId: string, policy: CrawlerPolicy, updatedAt: Date): Promise<StoredPolicy>;
}

/** What the edge needs for one hostname, compiled from the stores. */
export interface EdgeSettings {
  domainId: string;
  hostname: string;
  /** Active and paused rules in list order; the edge skips paused ones. */
  rules: RoutingRule[];
  /** The domain's crawler policy (`DEFAULT_POLICY` when it never saved one). */
  policy: CrawlerPolicy;
  /** The domain's origin (`Domain.originUrl`); `null` when it has none. */
  originUrl: string | null;
  /** `Domain.pageCacheTtlSeconds`. */
  pageCacheTtlSeconds: number | null;
  /** `Domain.originHost`: the `Host` the edge sends to the origin. */
  originHost: OriginHost;
  /** `Domain.renderVariants`: the device renders kept per page. */
  renderVariants: RenderVariant[];
  /** Whether the domain's stage is `verified` (ownership proven). */
  verified: boolean;
  loadedAt: Date;
}

/** Per-hostname edge settings shared by every instance. */
export interface SettingsCache {
  /** Cached settings for the hostname, or `null` when absent or invalidated. */
  get(hostname: string): Promise<EdgeSettings | null>;
  /** Stores settings for `settings.hostname`, replacing earlier ones. */
  set(settings: EdgeSettings): Promise<void>;
  /**
   * Drops every cached entry of the domain. Returns `true` when the cache confirmed it (also
   * when nothing was cached) and `false` when the cache could not be reached. Callers report it
   * as `cacheInvalidated` and never fail the write because of it.
   */
  invalidate(domainId: string): Promise<boolean>;
}
