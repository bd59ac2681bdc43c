import type { CrawlEvent, Resolver, ServedFrom } from "@crawlgate/core";
import { addDays } from "@crawlgate/core/adapter-kit";
import type { DemoSnapshotLookup, SiteKind } from "./sites.js";

/**
 * Deterministic demo traffic: a realistic bot mix over many days, with a long tail of paths.
 * Verified traffic comes from addresses inside the range files that ship with core, or from
 * addresses the demo's own DNS table confirms; spoofers claim a bot from elsewhere; unknown
 * crawlers, generic automation and growing AI crawlers complete the picture.
 */

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same world. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Source = (random: () => number) => string;
const octet = (random: () => number, from = 1, to = 254) =>
  from + Math.floor(random() * (to - from + 1));
/** Addresses inside the range files that ship with core (verified by the real check). */
const GOOGLE: Source = (r) => `66.249.64.${octet(r, 0, 31)}`;
const OPENAI: Source = (r) => `9.129.${octet(r, 0, 127)}.${octet(r)}`;
const ANTHROPIC: Source = (r) => `216.73.${octet(r, 216, 219)}.${octet(r)}`;
const PERPLEXITY: Source = (r) => `18.97.9.${octet(r, 96, 103)}`;
const AHREFS: Source = (r) => `15.235.27.${octet(r)}`;
const COMMON_CRAWL: Source = (r) => `2600:1f28:365:80b${octet(r, 0, 15).toString(16)}::${octet(r)}`;
/** Addresses the demo DNS confirms (reverse name under the bot's suffix, forward back). */
const BING: Source = (r) => `157.55.39.${octet(r, 1, 40)}`;
const YANDEX: Source = (r) => `5.255.253.${octet(r, 1, 40)}`;
/** Documentation ranges (RFC 5737): never verified, never contacted. */
export const ELSEWHERE: Source = (r) =>
  r() < 0.5 ? `198.51.100.${octet(r)}` : `203.0.113.${octet(r)}`;

export interface BotMix {
  /** What every User-Agent of the entry classifies to (`unknown` for unknown and automation). */
  botId: string;
  userAgents: readonly string[];
  /** Share of the domain's daily crawls at the start of the window. */
  weight: number;
  /** Multiplier of the weight reached by the end of the window (AI crawlers grow). */
  growth: number;
  source: Source;
  /** Share of this bot's traffic sent by spoofers from elsewhere. */
  spoofed: number;
}

export const DEMO_MIX: readonly BotMix[] = [
  {
    botId: "googlebot",
    userAgents: [
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ],
    weight: 30,
    growth: 1,
    source: GOOGLE,
    spoofed: 0.06,
  },
  {
    botId: "bingbot",
    userAgents: ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"],
    weight: 12,
    growth: 1,
    source: BING,
    spoofed: 0.02,
  },
  {
    botId: "gptbot",
    userAgents: [
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    ],
    weight: 8,
    growth: 3,
    source: OPENAI,
    spoofed: 0.08,
  },
  {
    botId: "chatgpt-user",
    userAgents: [
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
    ],
    weight: 3,
    growth: 4,
    source: OPENAI,
    spoofed: 0,
  },
  {
    botId: "oai-searchbot",
    userAgents: [
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot",
    ],
    weight: 2,
    growth: 3,
    source: OPENAI,
    spoofed: 0,
  },
  {
    botId: "claudebot",
    userAgents: [
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    ],
    weight: 7,
    growth: 2.5,
    source: ANTHROPIC,
    spoofed: 0.05,
  },
  {
    botId: "perplexitybot",
    userAgents: [
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
    ],
    weight: 3,
    growth: 2,
    source: PERPLEXITY,
    spoofed: 0.05,
  },
  {
    botId: "ccbot",
    userAgents: ["CCBot/2.0 (https://commoncrawl.org/faq/)"],
    weight: 3,
    growth: 1,
    source: COMMON_CRAWL,
    spoofed: 0.1,
  },
  {
    botId: "yandexbot",
    userAgents: ["Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)"],
    weight: 3,
    growth: 1,
    source: YANDEX,
    spoofed: 0.05,
  },
  {
    botId: "bytespider",
    userAgents: [
      "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
    ],
    weight: 5,
    growth: 1.5,
    source: ELSEWHERE,
    spoofed: 0,
  },
  {
    botId: "ahrefsbot",
    userAgents: ["Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)"],
    weight: 5,
    growth: 1,
    source: AHREFS,
    spoofed: 0.05,
  },
  {
    botId: "semrushbot",
    userAgents: ["Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)"],
    weight: 4,
    growth: 1,
    source: ELSEWHERE,
    spoofed: 0,
  },
  {
    botId: "facebookexternalhit",
    userAgents: ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
    weight: 2,
    growth: 1,
    source: ELSEWHERE,
    spoofed: 0,
  },
  {
    botId: "twitterbot",
    userAgents: ["Twitterbot/1.0"],
    weight: 1,
    growth: 1,
    source: ELSEWHERE,
    spoofed: 0,
  },
  {
    botId: "slackbot",
    userAgents: ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
    weight: 1,
    growth: 1,
    source: ELSEWHERE,
    spoofed: 0,
  },
  {
    // Crawlers no taxonomy entry knows: tier unknown.
    botId: "unknown",
    userAgents: [
      "Mozilla/5.0 (compatible; SiteInspector/2.3; +https://inspector.example.org/about)",
      "NewsAggregatorFetcher/0.9 (+https://aggregator.example.net)",
    ],
    weight: 4,
    growth: 1,
    source: ELSEWHERE,
    spoofed: 0,
  },
  {
    // Generic automation: the raw log's `automation` verdict.
    botId: "unknown",
    userAgents: [
      "curl/8.5.0",
      "python-requests/2.32.3",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Go-http-client/1.1",
    ],
    weight: 4,
    growth: 1,
    source: ELSEWHERE,
    spoofed: 0,
  },
];

/** The demo's DNS: reverse names under the bots' documented suffixes that resolve back. */
export const demoResolver: Resolver = {
  async reverse(ip) {
    const bing = /^157\.55\.39\.(\d+)$/.exec(ip);
    if (bing) return [`msnbot-157-55-39-${bing[1]}.search.msn.com`];
    const yandex = /^5\.255\.253\.(\d+)$/.exec(ip);
    if (yandex) return [`5-255-253-${yandex[1]}.spider.yandex.com`];
    throw new Error("NXDOMAIN");
  },
  async forward(hostname) {
    const bing = /^msnbot-157-55-39-(\d+)\.search\.msn\.com$/.exec(hostname);
    if (bing) return [`157.55.39.${bing[1]}`];
    const yandex = /^5-255-253-(\d+)\.spider\.yandex\.com$/.exec(hostname);
    if (yandex) return [`5.255.253.${yandex[1]}`];
    throw new Error("NXDOMAIN");
  },
  async txt() {
    throw new Error("NXDOMAIN");
  },
};

/** Paths of a site: a few hubs and a long tail of leaf pages, most popular first. */
export function sitePaths(kind: SiteKind, count: number): string[] {
  const hubs =
    kind === "shop"
      ? ["/", "/pricing", "/products", "/sale", "/about", "/contact", "/robots.txt", "/sitemap.xml"]
      : ["/", "/archive", "/about", "/feed.xml", "/robots.txt", "/sitemap.xml"];
  const sections =
    kind === "shop"
      ? ["shoes", "jackets", "bags", "watches", "outdoor", "kids", "home", "gifts"]
      : ["engineering", "product", "culture", "release-notes", "tutorials"];
  const paths = [...hubs, ...sections.map((s) => (kind === "shop" ? `/products/${s}` : `/${s}`))];
  for (let i = 1; paths.length < count; i++) {
    const section = sections[i % sections.length] as string;
    paths.push(kind === "shop" ? `/products/${section}/item-${i}` : `/${section}/post-${i}-notes`);
  }
  return paths;
}

/** Index into a list of `n` items, Zipf-like: item k is chosen about 1/(k+1) as often. */
export function zipfIndex(random: () => number, n: number): number {
  // Inverse CDF of the continuous 1/x density over [1, n+1).
  return Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1)) - 1));
}

export interface DayPlan {
  domainId: string;
  day: string;
  /** 0 for the window's first day, 1 for its last: trends grow along it. */
  progress: number;
  crawls: number;
  paths: readonly string[];
  seed: number;
  /** The snapshot a page was served that day (cache and render only); none when absent. */
  snapshots?: DemoSnapshotLookup;
}

/** The crawls of one domain-day, as the edge would have reported them. */
export function crawlsOfDay(plan: DayPlan): CrawlEvent[] {
  const random = prng(plan.seed);
  const weights = DEMO_MIX.map((m) => m.weight * (1 + (m.growth - 1) * plan.progress));
  const total = weights.reduce((a, b) => a + b, 0);
  const start = Date.parse(`${plan.day}T00:00:00.000Z`);
  const events: CrawlEvent[] = [];
  for (let n = 0; n < plan.crawls; n++) {
    let pick = random() * total;
    let index = 0;
    while (index < DEMO_MIX.length - 1 && pick >= (weights[index] as number)) {
      pick -= weights[index] as number;
      index++;
    }
    const bot = DEMO_MIX[index] as BotMix;
    const userAgent = bot.userAgents[Math.floor(random() * bot.userAgents.length)] as string;
    const ip = random() < bot.spoofed ? ELSEWHERE(random) : bot.source(random);
    const roll = random();
    const servedFrom: ServedFrom = roll < 0.72 ? "cache" : roll < 0.9 ? "render" : "origin";
    const statusRoll = random();
    const status = statusRoll < 0.93 ? 200 : statusRoll < 0.97 ? 404 : 301;
    // Drawn in this order (time, path, then size): the same seed gives the same day as ever.
    const ts = new Date(start + Math.floor(random() * 86_400_000));
    const path = plan.paths[zipfIndex(random, plan.paths.length)] as string;
    events.push({
      eventId: `demo-${plan.domainId}-${plan.day}-${n}`,
      domainId: plan.domainId,
      ts,
      path,
      userAgent,
      ip,
      servedFrom,
      status,
      bytes: status === 200 ? 8_000 + Math.floor(random() * 90_000) : 0,
      streamId: "demo",
      ...servedSnapshot(plan, path, servedFrom),
    });
  }
  return events.sort((a, b) => a.ts.getTime() - b.ts.getTime());
}

/** `snapshotId`/`contentHash` of a crawl served from the cache or a render, when known. */
function servedSnapshot(plan: DayPlan, path: string, servedFrom: ServedFrom) {
  if (servedFrom === "origin" || !plan.snapshots) return {};
  return plan.snapshots(plan.domainId, path, plan.day) ?? {};
}

/** Crawls per day: a weekly rhythm (quieter weekends) on a slowly rising base, with noise. */
export function dailyVolume(base: number, day: string, progress: number, random: () => number) {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  const weekly = weekday === 0 || weekday === 6 ? 0.75 : 1;
  return Math.round(base * (0.8 + 0.5 * progress) * weekly * (0.85 + 0.3 * random()));
}

/** The days of the demo window, oldest first: `days` days ending `today`. */
export function demoDays(today: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}
