import { type Kysely, sql } from "kysely";

/** The served, summary and legacy day counts, backfilled from the crawls stored before. */
// biome-ignore lint/suspicious/noExplicitAny: frozen in time, a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
  // Read by path first (page snapshots): the key starts with domain, path, day.
  await db.schema
    .createTable("crawl_served_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("tier", "text", (c) => c.notNull())
    .addColumn("served_from", "text", (c) => c.notNull())
    .addColumn("snapshot_id", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_served_day_pk", [
      "domain_id",
      "path",
      "day",
      "bot_id",
      "tier",
      "served_from",
      "snapshot_id",
    ])
    .execute();
  await db.schema
    .createTable("crawl_summary_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("served_from", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_summary_day_pk", ["domain_id", "day", "served_from"])
    .execute();
  await db.schema
    .createTable("crawl_legacy_day")
    .addColumn("domain_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("legacy_key", "text", (c) => c.notNull())
    .addColumn("total", "bigint", (c) => c.notNull())
    .addColumn("verified", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("crawl_legacy_day_pk", ["domain_id", "day", "legacy_key"])
    .execute();
  // Crawls stored before this migration get their counts from the raw rows.
  const tier = sql`case verdict when 'automation' then 'unknown' else verdict end`;
  await sql`insert into crawl_served_day
    select domain_id, agg_path, day, bot_id, ${tier}, served_from, coalesce(snapshot_id, ''),
      count(*), max(ts)
    from crawl_events group by domain_id, agg_path, day, bot_id, ${tier}, served_from,
      coalesce(snapshot_id, '')`.execute(db);
  await sql`insert into crawl_summary_day
    select domain_id, day, served_from, count(*) from crawl_events
    group by domain_id, day, served_from`.execute(db);
  const groups = await sql<{
    domain_id: string;
    day: string;
    bot_id: string;
    user_agent: string;
    verdict: string;
    n: number | string;
  }>`select domain_id, day, bot_id, user_agent, verdict, count(*) as n from crawl_events
    group by domain_id, day, bot_id, user_agent, verdict`.execute(db);
  const legacy = new Map<string, { total: number; verified: number }>();
  for (const g of groups.rows) {
    const key = legacyKeyOf(g.bot_id, g.user_agent);
    if (key === null) continue;
    const k = JSON.stringify([g.domain_id, g.day, key]);
    const sum = legacy.get(k) ?? { total: 0, verified: 0 };
    sum.total += Number(g.n);
    if (g.verdict === "verified") sum.verified += Number(g.n);
    legacy.set(k, sum);
  }
  for (const [k, { total, verified }] of legacy) {
    const [domain_id, day, legacy_key] = JSON.parse(k) as string[];
    await db
      .insertInto("crawl_legacy_day")
      .values({ domain_id, day, legacy_key, total, verified })
      .execute();
  }
}

/**
 * The legacy keys as this migration shipped with them (core's `legacy-keys.json` under taxonomy
 * 1.0), in their published order: key, the bots listed under it, its User-Agent substrings.
 */
const LEGACY_KEYS: readonly (readonly [string, readonly string[], readonly string[]])[] = [
  [
    "googlebot",
    [
      "googlebot",
      "googlebot-image",
      "googlebot-news",
      "googlebot-video",
      "storebot-google",
      "google-inspectiontool",
      "googleother",
    ],
    ["googlebot", "storebot-google", "google-inspectiontool", "googleother"],
  ],
  ["bingbot", ["bingbot", "msnbot"], ["bingbot", "msnbot", "bingpreview"]],
  [
    "gptbot",
    ["gptbot", "chatgpt-user", "oai-searchbot", "oai-adsbot"],
    ["gptbot", "chatgpt-user", "oai-searchbot", "oai-adsbot"],
  ],
  [
    "claudebot",
    ["claudebot", "claude-user", "claude-searchbot", "claude-web", "anthropic-ai"],
    ["claudebot", "claude-user", "claude-searchbot", "claude-web", "anthropic-ai"],
  ],
  [
    "perplexitybot",
    ["perplexitybot", "perplexity-user"],
    ["perplexitybot", "perplexity-user", "perplexityuser"],
  ],
  ["bytespider", ["bytespider", "tiktokspider"], ["bytespider", "tiktokspider"]],
  [
    "facebookbot",
    [
      "facebookexternalhit",
      "facebookbot",
      "meta-externalagent",
      "meta-externalfetcher",
      "meta-webindexer",
      "meta-externalads",
    ],
    [
      "facebookexternalhit",
      "facebookcatalog",
      "facebot",
      "meta-externalhit",
      "meta-external",
      "meta-webindexer",
      "facebookbot",
    ],
  ],
  ["twitterbot", ["twitterbot"], ["twitterbot"]],
  ["linkedinbot", ["linkedinbot"], ["linkedinbot"]],
  ["pinterestbot", ["pinterestbot"], ["pinterestbot", "pinterest.com/bot"]],
  ["redditbot", ["redditbot"], ["redditbot"]],
  ["slackbot", ["slackbot"], ["slackbot", "slack-imgproxy"]],
  ["discordbot", ["discordbot"], ["discordbot"]],
  ["telegrambot", ["telegrambot"], ["telegrambot"]],
  ["whatsappbot", ["whatsapp"], ["whatsapp/"]],
  ["skypebot", ["skypeuripreview"], ["skypeuripreview"]],
  ["vkbot", ["vkshare"], ["vkshare"]],
  ["snapchatbot", ["snapchat"], ["snapurlpreview", "snap url preview service"]],
  [
    "social_other",
    ["mastodon", "bluesky"],
    [
      "mastodon/",
      "bluesky",
      "cardyb",
      "tumblr/",
      "flipboard",
      "embedly",
      "iframely",
      "microsoftpreview",
      "viber",
      "kakaotalk-scrap",
      "line-poker",
      "google web preview",
      "summalybot",
      "keybasebot",
      "lemmy",
    ],
  ],
  ["applebot", ["applebot"], ["applebot"]],
  [
    "amazonbot",
    ["amazonbot", "amzn-searchbot", "amzn-user", "amazonadbot"],
    ["amazonbot", "amzn-searchbot", "amzn-user", "amazonadbot"],
  ],
  ["yandexbot", ["yandexbot"], ["yandex.com/bots", "yandexbot"]],
  ["baiduspider", ["baiduspider"], ["baiduspider"]],
  ["duckduckbot", ["duckduckbot", "duckassistbot"], ["duckduckbot", "duckassistbot"]],
  ["ccbot", ["ccbot"], ["ccbot"]],
];

/** The bots of intent `social` in taxonomy 1.0. */
const SOCIAL_BOTS: ReadonlySet<string> = new Set([
  "bluesky",
  "discordbot",
  "facebookexternalhit",
  "linkedinbot",
  "mastodon",
  "microsoftpreview",
  "pinterestbot",
  "redditbot",
  "skypeuripreview",
  "slackbot",
  "snapchat",
  "telegrambot",
  "twitterbot",
  "vkshare",
  "whatsapp",
]);

const KEY_OF_BOT = new Map(
  LEGACY_KEYS.flatMap(([key, botIds]) => botIds.map((botId) => [botId, key])),
);

/**
 * Core's `legacyKeyOf` as this migration shipped with it, copied with its data so that the
 * backfill never changes with the live taxonomy: a bot listed under a key → that key; else the
 * key with the longest substring contained in the lowercased User-Agent (ties: the earlier
 * key); else a social bot → `social_other`; else no key.
 */
function legacyKeyOf(botId: string, userAgent: string): string | null {
  const listed = KEY_OF_BOT.get(botId);
  if (listed !== undefined) return listed;
  const ua = userAgent.toLowerCase();
  let best: { s: string; key: string } | null = null;
  for (const [key, , substrings] of LEGACY_KEYS)
    for (const s of substrings)
      if (s.length > (best?.s.length ?? 0) && ua.includes(s)) best = { s, key };
  if (best) return best.key;
  return SOCIAL_BOTS.has(botId) ? "social_other" : null;
}
