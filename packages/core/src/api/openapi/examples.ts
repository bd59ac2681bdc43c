import { legacyKeys } from "../../taxonomy/registry.js";

/**
 * Examples of the OpenAPI document, per route: the API test world's fixtures (its today
 * 2026-11-20 10:00 UTC, the owner's `shop.example.com` with origin `https://origin.example.com`,
 * googlebot and gptbot crawls of `/products/widget`). A test validates each against the
 * document, so an example cannot drift from the contract.
 */
export interface RouteExamples {
  request?: unknown;
  response: unknown;
}

const NOW = "2026-11-20T10:00:00.000Z";
const USER = "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10";
const SHOP = "0f8fad5b-d9cb-469f-a165-70867728950e";
const RULE = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const SNAPSHOT = "a3bb189e-8bf9-3888-9912-ace4e6543002";
const HASH = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const T = (verified: number, declared: number, unknown: number) => ({
  verified,
  declared,
  unknown,
});
const TT = (verified: number, declared: number, unknown: number) => ({
  ...T(verified, declared, unknown),
  total: verified + declared + unknown,
});

const rule = {
  ruleId: RULE,
  domainId: SHOP,
  sourcePath: "/old-pricing",
  targetUrl: "/pricing",
  ruleType: "redirect",
  redirectCode: 301,
  priority: 0,
  isActive: true,
  notes: "Moved in the 2026 redesign",
  createdAt: NOW,
  updatedAt: NOW,
};

const keys = legacyKeys().map((k) => k.key);
const perKey = (counts: Record<string, number>) =>
  Object.fromEntries(keys.map((key) => [key, counts[key] ?? 0]));

const header = (period: string | null, startDate: string) => ({
  generatedAt: NOW,
  period,
  startDate,
  endDate: "2026-11-20",
  userId: USER,
});

const access = { domain: "shop.example.com", domainId: SHOP, role: "owner" };

const shopSettings = {
  domainId: SHOP,
  domain: "shop.example.com",
  role: "owner",
  originUrl: "https://origin.example.com",
  originHost: "origin",
  pageCacheTtlSeconds: 3600,
  renderVariants: ["desktop", "mobile"],
  sitemaps: ["https://shop.example.com/sitemap_index.xml"],
  warmRendersPerHour: null,
  warmScheduled: true,
};

export const EXAMPLES: Readonly<Record<string, RouteExamples>> = {
  "purge-cache": {
    request: { domain: "shop.example.com", path: "/products/widget" },
    response: {
      queued: true,
      path: "/products/widget",
      message: "Re-render queued; fresh HTML is typically available within seconds.",
    },
  },
  "warm-cache": {
    request: { domain: "shop.example.com" },
    response: {
      queued: 1200,
      alreadyFresh: 8650,
      skipped: 12,
      budgetDeferred: 138,
      sitemaps: [
        { url: "https://shop.example.com/sitemap_index.xml", urls: 2, error: null },
        { url: "https://shop.example.com/sitemaps/products.xml.gz", urls: 9988, error: null },
        {
          url: "https://shop.example.com/sitemaps/blog.xml",
          urls: 0,
          error: "line 41: unclosed tag: url",
        },
      ],
    },
  },
  "list-user-domains": {
    request: {},
    response: {
      userId: USER,
      domainCount: 1,
      domains: [
        {
          domainId: SHOP,
          domain: "shop.example.com",
          originUrl: "https://origin.example.com",
          role: "owner",
          verificationStage: "pending",
          createdAt: NOW,
        },
      ],
    },
  },
  "export-user-analytics": {
    request: { period: "1d" },
    response: {
      generatedAt: NOW,
      period: "1d",
      userId: USER,
      domainCount: 1,
      domains: [
        {
          ...access,
          summary: {
            totalCrawls: 4,
            prerenders: 1,
            cachedViews: 3,
            cacheMisses: 1,
            cacheHitRate: 75,
          },
          botTotals: perKey({ googlebot: 3, gptbot: 1 }),
          botSeries: [{ date: "2026-11-20", ...perKey({ googlebot: 3, gptbot: 1 }) }],
          topPages: [
            {
              url: "https://shop.example.com/products/widget",
              seoScore: 85,
              seoIssuesCount: 2,
              botTotal: 4,
            },
          ],
          seo: { good: 1, needsWork: 0, poor: 0, unknown: 0, totalPages: 1, totalIssues: 2 },
        },
      ],
    },
  },
  "export-crawl-analytics": {
    request: { domainId: SHOP, startDate: "2026-11-19" },
    response: {
      ...header(null, "2026-11-19"),
      legacyCutover: "2026-07-09",
      definitionsVersion: "1.1",
      domainCount: 1,
      domains: [
        {
          ...access,
          summary: { totalCrawls: 6, namedCrawls: 6, verifiedCrawls: 3 },
          botTotals: {
            googlebot: { intent: "search-classic", ...TT(2, 1, 0) },
            "chatgpt-agent": { intent: "answer-fetch", ...TT(1, 1, 0) },
            gptbot: { intent: "training", ...TT(0, 1, 0) },
          },
          botSeries: [
            {
              date: "2026-11-19",
              googlebot: TT(1, 0, 0),
              "chatgpt-agent": TT(0, 0, 0),
              gptbot: TT(0, 1, 0),
            },
            {
              date: "2026-11-20",
              googlebot: TT(1, 1, 0),
              "chatgpt-agent": TT(1, 1, 0),
              gptbot: TT(0, 0, 0),
            },
          ],
          signedAgents: [
            {
              agent: "https://chatgpt.com",
              botId: "chatgpt-agent",
              verified: 1,
              invalid: 1,
              unverified: 0,
              total: 2,
            },
          ],
          signedAgentCount: 1,
        },
      ],
    },
  },
  "export-page-analytics": {
    request: { domainId: SHOP, period: "7d", pageSize: 1 },
    response: {
      generatedAt: NOW,
      period: "7d",
      startDate: "2026-11-14",
      endDate: "2026-11-20",
      granularity: "day",
      userId: USER,
      legacyCutover: "2026-07-09",
      ...access,
      pageCount: 2,
      pages: [
        {
          path: "/products/widget",
          total: 3,
          tiers: T(2, 1, 0),
          bots: { googlebot: TT(2, 0, 0), gptbot: TT(0, 1, 0) },
          series: [
            { bucketStart: "2026-11-14", bucketEnd: "2026-11-14", ...TT(0, 0, 0) },
            { bucketStart: "2026-11-20", bucketEnd: "2026-11-20", ...TT(2, 1, 0) },
          ],
        },
      ],
      nextCursor: "v1.k1.eyJkIjoi…In0.c2lnbmF0dXJl",
    },
  },
  "export-page-snapshots": {
    request: { domainId: SHOP, url: "https://shop.example.com/products/widget?ref=x" },
    response: {
      generatedAt: NOW,
      userId: USER,
      legacyCutover: "2026-07-09",
      definitionsVersion: "1.1",
      ...access,
      period: "30d",
      startDate: "2026-10-22",
      endDate: "2026-11-20",
      url: "https://shop.example.com/products/widget?ref=x",
      path: "/products/widget",
      rows: [
        {
          day: "2026-11-18",
          total: 2,
          tiers: T(1, 1, 0),
          bots: {
            googlebot: {
              total: 2,
              tiers: T(1, 1, 0),
              served: [
                {
                  servedFrom: "cache",
                  snapshotId: SNAPSHOT,
                  variant: "desktop",
                  tiers: T(1, 1, 0),
                  total: 2,
                  lastSeenAt: "2026-11-18T12:00:00.000Z",
                },
              ],
            },
          },
        },
      ],
      snapshots: {
        [SNAPSHOT]: {
          contentHash: HASH,
          renderStatus: 200,
          contentSizeBytes: 5120,
          htmlUrl: `https://api.example.com/functions/v1/files/snapshots/${SNAPSHOT}?expires=1795780800&kid=k1&sig=c2ln`,
        },
      },
      htmlUrlExpiresAt: "2026-11-21T10:00:00.000Z",
      dayCount: 1,
      nextCursor: null,
    },
  },
  "export-ai-referrals": {
    request: { domainId: SHOP, period: "1d" },
    response: {
      ...header("1d", "2026-11-20"),
      domainCount: 1,
      domains: [
        {
          ...access,
          referralTotals: {
            chatgpt: { surfaceType: "assistant", count: 3 },
            perplexity: { surfaceType: "answer", count: 1 },
          },
          referralSeries: [{ date: "2026-11-20", chatgpt: 3, perplexity: 1 }],
          topLandingPaths: [
            { path: "/pricing", referralTotal: 4, bySource: { chatgpt: 3, perplexity: 1 } },
          ],
          landingPathCount: 1,
          truncated: false,
        },
      ],
    },
  },
  "export-robots-compliance": {
    request: { domainId: SHOP, period: "1d" },
    response: {
      ...header("1d", "2026-11-20"),
      ...access,
      summary: { requests: 5, disallowedRequests: 2, signalContradictions: 2 },
      botTotals: {
        gptbot: {
          requests: 2,
          disallowedRequests: 2,
          signalContradictions: 2,
          lastViolationAt: "2026-11-20T09:12:04.117Z",
        },
        googlebot: {
          requests: 3,
          disallowedRequests: 0,
          signalContradictions: 0,
          lastViolationAt: null,
        },
      },
      botSeries: [
        {
          date: "2026-11-20",
          gptbot: { requests: 2, disallowedRequests: 2, signalContradictions: 2 },
          googlebot: { requests: 3, disallowedRequests: 0, signalContradictions: 0 },
        },
      ],
      robotsVersions: [{ effectiveFrom: "2026-11-18T07:00:00.000Z", contentHash: HASH }],
    },
  },
  "export-crawl-to-refer": {
    request: { domainId: SHOP, period: "30d", groupBy: "path" },
    response: {
      ...header("30d", "2026-10-22"),
      ...access,
      definitionsVersion: "1.1",
      groupBy: "path",
      operators: [
        {
          operator: "Anthropic",
          crawls: 830,
          referrals: 0,
          ratio: null,
          paths: [{ path: "/products/widget", crawls: 830, referrals: 0, ratio: null }],
          pathCount: 1,
        },
        {
          operator: "OpenAI",
          crawls: 530,
          referrals: 64,
          ratio: 8.28,
          paths: [
            { path: "/products/widget", crawls: 410, referrals: 64, ratio: 6.41 },
            { path: "/blog/launch", crawls: 120, referrals: 0, ratio: null },
          ],
          pathCount: 2,
        },
      ],
      unattributedReferrals: 3,
    },
  },
  "export-crawler-charges": {
    request: { domainId: SHOP, period: "7d", groupBy: "payer" },
    response: {
      ...header("7d", "2026-11-14"),
      ...access,
      groupBy: "payer",
      rows: [
        {
          payer: { botId: "chatgpt-agent", signatureAgent: "https://chatgpt.com" },
          charged: 5,
          amount: "0.05",
          currency: "USD",
        },
        {
          payer: { botId: "signed-agent", signatureAgent: "https://search.bot.kernel.sh" },
          charged: 2,
          amount: "0.50",
          currency: "EUR",
        },
      ],
      totals: [
        { currency: "EUR", charged: 2, amount: "0.50" },
        { currency: "USD", charged: 5, amount: "0.05" },
      ],
    },
  },
  "export-crawl-logs": {
    request: { domainId: SHOP, period: "1d", pageSize: 1 },
    response: {
      ...header("1d", "2026-11-20"),
      ...access,
      format: "json",
      rows: [
        {
          ts: "2026-11-19T09:00:00.000Z",
          domain: "shop.example.com",
          path: "/products/widget",
          userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
          uaHash: "8b1a9953c4611296",
          servedFrom: "cache",
          status: 200,
          bytes: 5120,
          botOperator: "Google",
          matchedRange: "66.249.64.0/27",
          tier: "verified",
          contentHash: HASH,
          signatureAgent: null,
          signature: null,
        },
      ],
      rowCount: 1,
      missingDays: ["2026-11-20"],
      provisionalDays: ["2026-11-19"],
      nextCursor: null,
    },
  },
  "get-bot-definitions": {
    request: { version: "1.1" },
    response: {
      generatedAt: NOW,
      definitionsVersion: "1.1",
      definitionsEffectiveFrom: "2026-11-27T00:00:00.000Z",
      isCurrent: true,
      userId: USER,
      intentCount: 1,
      botCount: 1,
      intents: [
        {
          intent: "training",
          label: "AI training",
          description: "Crawlers that collect content to train AI models.",
          isAiIntent: true,
          botCount: 1,
        },
      ],
      bots: [
        {
          botId: "gptbot",
          displayName: "GPTBot",
          operator: "OpenAI",
          intent: "training",
          uaPatterns: ["gptbot"],
          verificationMethod: "published_ip_ranges",
          isActive: true,
        },
      ],
    },
  },
  "get-snapshot": {
    request: { snapshot_id: SNAPSHOT },
    response: { html: '<!doctype html><html lang="en"><title>Widget</title></html>' },
  },
  "list-routing-rules": {
    response: {
      domainId: SHOP,
      domain: "shop.example.com",
      role: "owner",
      ruleCount: 1,
      limit: 100,
      rules: [rule],
    },
  },
  "create-routing-rule": {
    request: {
      sourcePath: "/old-pricing",
      targetUrl: "/pricing",
      notes: "Moved in the 2026 redesign",
    },
    response: { rule, cacheInvalidated: true },
  },
  "get-routing-rule": { response: { rule } },
  "update-routing-rule": {
    request: { redirectCode: 302 },
    response: { rule: { ...rule, redirectCode: 302 }, cacheInvalidated: true },
  },
  "get-robots-txt": {
    response: {
      domainId: SHOP,
      domain: "shop.example.com",
      role: "owner",
      robotsTxt:
        "# crawlgate: generated from the crawler policy (blocked crawlers)\nUser-agent: GPTBot\nDisallow: /\n\n# crawlgate: the origin's robots.txt follows\nUser-agent: *\nDisallow: /admin\n",
      contentHash: HASH,
      originFound: true,
      blockedBots: [{ botId: "gptbot", tokens: ["GPTBot"] }],
      servedVersion: { effectiveFrom: "2026-11-20T09:00:00.000Z", contentHash: HASH },
    },
  },
  "get-domain-settings": { response: shopSettings },
  "update-domain-settings": {
    request: { renderVariants: ["desktop", "mobile"] },
    response: { ...shopSettings, cacheInvalidated: true },
  },
  "get-cache-status": {
    response: {
      path: "/products/widget",
      variants: [
        {
          variant: "desktop",
          cached: true,
          renderedAt: "2026-11-20T09:00:00.000Z",
          expiresAt: "2026-11-21T09:00:00.000Z",
          fresh: true,
          contentHash: HASH,
          pendingRender: false,
        },
        {
          variant: "mobile",
          cached: false,
          renderedAt: null,
          expiresAt: null,
          fresh: false,
          contentHash: null,
          pendingRender: true,
        },
      ],
    },
  },
  "delete-routing-rule": { response: { deleted: true, rule, cacheInvalidated: true } },
  "verify-domain": {
    response: {
      domainId: SHOP,
      verificationStage: "pending",
      challenge: {
        token: "cg-Zk3xQ9vR2mT7bW1nY5cH8dJ4pL6sA0eF",
        dnsName: "_crawlgate-challenge.shop.example.com",
        dnsValue: "cg-Zk3xQ9vR2mT7bW1nY5cH8dJ4pL6sA0eF",
        httpPath: "/.well-known/crawlgate-verification.txt",
      },
      message:
        "Not verified yet. DNS: TXT _crawlgate-challenge.shop.example.com: no record found (queryTxt ENOTFOUND). HTTP: https://origin.example.com/.well-known/crawlgate-verification.txt answered 404.",
    },
  },
};
