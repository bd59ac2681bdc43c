import type { Generated } from "kysely";

/**
 * Table types. Instants are BIGINT epoch milliseconds on both engines (exact, sortable, and the
 * same in SQLite and PostgreSQL); pg returns BIGINT as a string, so readers convert with
 * `Number`. Booleans are INTEGER 0/1 on both.
 */
export interface Database {
  archive_files: {
    domain_id: string;
    day: string;
    part: number;
    blob_key: string;
    content_hash: string;
    size_bytes: number | string;
    row_count: number | string;
    row_group_offsets: string;
    frozen: number;
    closed_at: number | string;
  };
  archive_leases: { domain_id: string; day: string; holder: string; lease_until: number | string };
  archive_marks: { scope: string; closed_through: string };
  users: { user_id: string; name: string; plan: string; created_at: number | string };
  api_keys: {
    key_id: string;
    user_id: string;
    key_hash: string;
    display_prefix: string;
    created_at: number | string;
    revoked_at: number | string | null;
  };
  domains: {
    domain_id: string;
    hostname: string;
    owner_id: string;
    origin_url: string | null;
    verification_stage: string | null;
    /** The ownership challenge's token while the domain is not verified (not a secret). */
    verification_token: string | null;
    created_at: number | string;
    page_cache_ttl_seconds: number | null;
    /** `origin` or `public` (`Domain.originHost`); defaults to `origin`. */
    origin_host: Generated<string>;
    /** `Domain.renderVariants`, comma-separated (`desktop`, `desktop,mobile`). */
    render_variants: Generated<string>;
  };
  dashboard_sessions: {
    id_hash: string;
    user_id: string;
    csrf_token: string;
    created_at: number | string;
    last_seen_at: number | string;
    expires_at: number | string;
  };
  dashboard_sign_in_tokens: { token_id: string; expires_at: number | string };
  fleet_locks: { name: string; token: string; holder: string; expires_at: number | string };
  memberships: { domain_id: string; user_id: string; role: string };
  page_cache: {
    domain_id: string;
    page_key: string;
    snapshot_id: string;
    content_hash: string;
    status: number;
    location: string | null;
    rendered_at: number | string;
    expires_at: number | string;
  };
  routing_rules: {
    rule_id: string;
    domain_id: string;
    source_path: string;
    source_key: string;
    target_url: string;
    rule_type: string;
    redirect_code: number | null;
    priority: number;
    is_active: number;
    notes: string | null;
    created_at: number | string;
    updated_at: number | string;
  };
  crawler_policies: { domain_id: string; policy: string; updated_at: number | string };
  crawler_charges: {
    event_id: string;
    domain_id: string;
    day: string;
    ts: number | string;
    bot_id: string;
    signature_agent: string;
    path: string;
    amount_micros: number | string;
    currency: string;
    protocol: string;
    receipt: string;
  };
  rate_windows: {
    subject: string;
    minute_start: number | string;
    minute_count: number;
    month_start: number | string;
    month_count: number;
    /** 1 when the last decision allowed its request (it wrote the counts), else 0. */
    allowed: Generated<number>;
  };
  crawl_events: {
    event_id: string;
    domain_id: string;
    ts: number | string;
    day: string;
    path: string;
    agg_path: string;
    user_agent: string;
    ua_hash: string;
    bot_id: string;
    verdict: string;
    served_from: string;
    status: number;
    bytes: number | string;
    bot_operator: string | null;
    matched_range: string | null;
    content_hash: string | null;
    snapshot_id: string | null;
    stream_id: string;
    ip_asn: number | string;
    /** Web Bot Auth (0017): the agent origin and the outcome; `null` when unsigned. */
    signature_agent: string | null;
    signature: string | null;
  };
  crawl_day_stats: { domain_id: string; day: string; path_count: number };
  crawl_day_paths: { domain_id: string; day: string; path: string };
  crawl_bot_day: {
    domain_id: string;
    day: string;
    bot_id: string;
    tier: string;
    count: number | string;
  };
  crawl_path_day: {
    domain_id: string;
    day: string;
    path: string;
    bot_id: string;
    tier: string;
    count: number | string;
  };
  /**
   * The page-ranking read model (`page-ranking/`) is the tables `crawl_rollup_domains`,
   * `crawl_paths`, `crawl_rollup_blocks` and `crawl_rollup_days`: "rollup" is their first name
   * for it, kept because a rename migration would touch every deployed database for no change
   * in behaviour (docs/decisions.md, "One name and one home"). Per domain: its key and how far
   * it is built.
   */
  crawl_rollup_domains: {
    domain_id: string;
    domain_key: number;
    /** Epoch day (days since 1970-01-01) of the last day covered, `null` before the first build. */
    built_through: number | null;
    next_path_id: number;
    /** Version given to the blocks of the next refresh step. */
    next_version: number;
  };
  crawl_paths: { domain_key: number; path_id: number; path: string };
  /**
   * One dyadic block of `2^level` days starting at epoch day `block_start`: per tier, the counts
   * of the path ids crawled in it, packed (`page-ranking/block-codec.ts`); `id_end` is one more than its
   * highest id; `version` changes on every rebuild, so readers may keep a decoded block.
   */
  crawl_rollup_blocks: {
    domain_key: number;
    level: number;
    block_start: number;
    /** `''`: every bot; otherwise that bot's counts alone. */
    bot_id: string;
    version: number;
    id_end: number;
    counts: Uint8Array;
  };
  /** Per-tier totals of each day (epoch day) as the read model's blocks were built from them. */
  crawl_rollup_days: {
    domain_key: number;
    day: number;
    verified: number | string;
    declared: number | string;
    unknown: number | string;
  };
  /** `snapshot_id` is `''` for "no snapshot" (a key column cannot be NULL). */
  crawl_served_day: {
    domain_id: string;
    path: string;
    day: string;
    bot_id: string;
    tier: string;
    served_from: string;
    snapshot_id: string;
    count: number | string;
    last_seen_at: number | string;
  };
  crawl_summary_day: {
    domain_id: string;
    day: string;
    served_from: string;
    count: number | string;
  };
  crawl_legacy_day: {
    domain_id: string;
    day: string;
    legacy_key: string;
    total: number | string;
    verified: number | string;
  };
  /** Signed crawls per day, outcome and agent origin (`""`: a signature naming none). */
  crawl_agent_day: {
    domain_id: string;
    day: string;
    signature: string;
    signature_agent: string;
    count: number | string;
  };
  purge_jobs: {
    job_id: string;
    domain_id: string;
    path: string;
    enqueued_at: number | string;
    attempts: Generated<number>;
    lease_until: number | string | null;
    /** 1 while a render is under way (from a lease to its completion or retry). */
    leased: Generated<number>;
    /** When a purge arrived during that render; the job is queued again on completion. */
    dirty_at: number | string | null;
    /** 0 purge, 1 warm, 2 refresh: the lease order. */
    lane: Generated<number>;
  };
  warm_settings: {
    domain_id: string;
    /** JSON array of URLs. */
    sitemap_urls: string;
    renders_per_hour: number | null;
    scheduled: number;
  };
  warm_budgets: {
    domain_id: string;
    /** UTC hour: epoch ms / 3,600,000. */
    hour: number | string;
    used: number;
    last_taken: number;
  };
  snapshots: {
    snapshot_id: string;
    domain_id: string;
    path: string;
    /** `Snapshot.variant`: `desktop` or `mobile`. */
    variant: Generated<string>;
    content_hash: string;
    render_status: number | null;
    content_size_bytes: number | string | null;
    created_at: number | string;
    last_recorded_at: number | string;
    html_retained: number;
    seo_score: number | null;
    /** JSON array of issue codes. */
    seo_issues: string;
  };
  snapshot_events: { event_id: string; snapshot_id: string };
  referral_visits: {
    visit_id: string;
    domain_id: string;
    ts: number | string;
    path: string;
    source: string;
  };
  robots_versions: {
    domain_id: string;
    seq: number;
    effective_from: number | string;
    content_hash: string;
    text: string;
  };
  robots_compliance_events: {
    event_id: string;
    /** The event's instant: ids are forgotten by it (retention). */
    ts: number | string;
  };
  robots_compliance_day: {
    domain_id: string;
    day: string;
    bot_id: string;
    requests: number | string;
    disallowed_requests: number | string;
    signal_contradictions: number | string;
    last_violation_at: number | string | null;
  };
  referral_day_stats: { domain_id: string; day: string; path_count: number };
  referral_source_day: { domain_id: string; day: string; source: string; count: number | string };
  referral_path_day: {
    domain_id: string;
    day: string;
    path: string;
    source: string;
    count: number | string;
  };
}

/** A BIGINT column as a number (pg hands BIGINT over as a string). */
export const num = (value: number | string): number => Number(value);
export const date = (value: number | string): Date => new Date(Number(value));
export const dateOrNull = (value: number | string | null): Date | null =>
  value === null ? null : date(value);
