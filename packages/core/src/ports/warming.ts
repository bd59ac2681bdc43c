// Warming port: per-domain sitemap-warming settings and the renders-per-hour budget.

/** How a domain's cache is warmed from its sitemaps. */
export interface WarmSettings {
  /**
   * Sitemap URLs the domain's owner listed (absolute http(s) URLs on the domain's host), in the
   * order given; read besides the `Sitemap:` lines of the origin's robots.txt.
   */
  sitemapUrls: string[];
  /** Renders per UTC clock hour that warming may queue; `null` = the instance's default. */
  rendersPerHour: number | null;
  /** Whether the `sitemap_warm` job warms the domain at each of its runs. */
  scheduled: boolean;
}

/** Warm settings and budgets per domain. */
export interface WarmingStore {
  /**
   * The domain's settings; `{sitemapUrls: [], rendersPerHour: null, scheduled: false}` when
   * none were ever stored. A copy: changing it changes nothing stored.
   */
  getWarmSettings(domainId: string): Promise<WarmSettings>;
  /**
   * Replaces each field given (the others keep their stored or default value) and returns the
   * settings now stored. `sitemapUrls` keeps its order and duplicates as given.
   */
  setWarmSettings(domainId: string, changes: Partial<WarmSettings>): Promise<WarmSettings>;
  /** The IDs of the domains whose settings say `scheduled: true`, in byte order. */
  scheduledWarmDomains(): Promise<string[]>;
  /** Renders taken from the domain's budget in the UTC clock hour of `now` (0 when none). */
  warmBudgetUsed(domainId: string, now: Date): Promise<number>;
  /**
   * Takes up to `want` renders from the domain's budget of `perHour` for the UTC clock hour of
   * `now` and returns how many it took: `min(want, perHour - used)`, never negative. Atomic:
   * under concurrent calls the takes of one hour never add up to more than `perHour`. A new
   * hour starts from 0 (earlier hours' counts may be dropped).
   */
  takeWarmBudget(domainId: string, now: Date, want: number, perHour: number): Promise<number>;
}
