// Generated from the crawlgate OpenAPI document by openapi-typescript. Do not edit:
// run `pnpm --filter @crawlgate/client generate` (or `pnpm build`) after changing a schema.
export interface paths {
    "/functions/v1/purge-cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a re-render of one page
         * @description Queues a re-render of one page; also pre-warms pages not cached yet. Fresh HTML is typically available within seconds. `domain` must be a domain the key owner can access (any role); `path` starts with `/` (not `//`), at most 2,048 characters, no white space, control characters or `#`; a query string is kept. A domain with device variants re-renders each of them (mobile and desktop), or only `variant` when given (a variant the domain does not keep is `400 invalid_request`). The one endpoint a Starter plan may call.
         */
        post: operations["purgeCache"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/warm-cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Warm the page cache from the domain's sitemaps
         * @description Owner or manager (a viewer gets `403 forbidden`). Reads the domain's sitemaps (its own list, the `Sitemap:` lines of its origin's robots.txt, else `/sitemap.xml`; or `sitemapUrl`), following indexes and gzip, from the domain's origin, and queues renders of the pages never cached, of those whose `lastmod` is newer than their cached render, and (for a sitemap whose `lastmod`s are all the same) of those cached longer than the cache lifetime; `paths` are queued whatever their cache holds. Renders go to a lane below purges and above stale refreshes, within the domain's renders-per-hour budget. A malformed or unreachable sitemap is reported in `sitemaps` and skipped. The domain needs an origin (`invalid_request`).
         */
        post: operations["warmCache"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/list-user-domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List accessible domains
         * @description Every domain the caller owns or that is shared with them, once each (a domain both owned and shared appears as `owner`), sorted by hostname (lowercase, byte order). No body fields.
         */
        post: operations["listUserDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-user-analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export per-domain cache and legacy bot analytics
         * @description Every accessible domain (no per-domain parameter), sorted by hostname. Only `period` is accepted. Keys of `botTotals` and `botSeries` are the 25 legacy per-bot keys (googlebot, bingbot, gptbot, claudebot, perplexitybot, bytespider, facebookbot, twitterbot, linkedinbot, pinterestbot, redditbot, slackbot, discordbot, telegrambot, whatsappbot, skypebot, vkbot, snapchatbot, social_other, applebot, amazonbot, yandexbot, baiduspider, duckduckbot, ccbot); every series entry has every key, 0 where there was no traffic. `topPages` lists the 20 most crawled pages of the window with the SEO audit of their latest snapshot (null without one); `seo` summarizes the latest snapshot of every snapshotted page.
         */
        post: operations["exportUserAnalytics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-crawl-analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export per-bot crawl analytics
         * @description Per-bot totals (by attribution tier) and a daily series, for one domain (`domainId`) or every accessible domain, and the crawls that carried a Web Bot Auth signature per agent origin and outcome (`signedAgents`; none before the cutover). Before the cutover (`legacyCutover`, 2026-07-09) only two classic search-engine bots carry a `verified` tier, every other bot is `declared`, and family aggregates are reported under one representative bot with `intent: null`: expect a step-change in tiers at the cutover, not a traffic change. A window wholly before the cutover is valid here.
         */
        post: operations["exportCrawlAnalytics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-page-analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export pages ranked by crawl volume
         * @description The pages of one domain ranked by crawls (`sortBy` total or verified, ties by path in byte order), cursor-paginated. Page-level data starts at `legacyCutover`: an earlier start is clamped to it (the response then carries `requestedStartDate`), a window ending before it is 400. `granularity` `auto` is `day` for windows up to 90 days, else `week`; `day` over 90 days is 400. Week buckets advance 7 days from `startDate`, so the first and last may be partial; totals are exact window sums whatever the granularity. With `cursor`, every parameter but `series` comes from the cursor (window, granularity, sort, filters, page size), so paging across midnight stays consistent. `pathPrefix` is a literal prefix (`%` and `_` are ordinary characters). `path` asks for exactly one path, read directly whatever its rank: `pages` holds its row, or nothing when it has no crawls under the filters (`pageCount` 1 or 0, `nextCursor` null).
         */
        post: operations["exportPageAnalytics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-page-snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export which snapshot each bot was served, per day, for one page
         * @description For one page of one domain: per date, which rendered HTML snapshot each bot was served. `url` is a full http(s) URL or a bare path; its query string, fragment and trailing slash are stripped and the result is returned as `path`. Same cutover clamping as export-page-analytics. `pageSize` counts dates (1 to 400, default 100); a date is never split across pages. A page never crawled gives 200 with empty `rows`. `htmlUrl` links are fetched with a plain GET without `Authorization`; the body is the stored gzip bytes served as `text/plain` (the client decompresses). Links are secrets and expire at `htmlUrlExpiresAt`.
         */
        post: operations["exportPageSnapshots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-ai-referrals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export human visits from AI answer surfaces
         * @description Counts of human visits whose Referer (or `utm_source`) is an AI answer surface, per source with its `surfaceType`, for one domain or every accessible one. AI overviews inside general search and search-embedded assistants are excluded on purpose (they share bare search hostnames with organic clicks). Counts are a floor: visits whose Referer is stripped are invisible. `topLandingPaths` is capped at 500 per domain.
         */
        post: operations["exportAiReferrals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-crawl-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export the raw crawl log of one domain
         * @description The archived per-request bot log of one domain; window at most 31 days (`period` 1d, 7d (default) or 30d). `json` and `csv` page oldest to newest (`pageSize` 1 to 2,000 rows, default 500); the cursor records an exact file position with an integrity check, so a cursor whose file changed (a provisional day rewritten) is 400 `invalid_cursor`. Filters (`botOperator`, `tier`, `servedFrom`, `pathPrefix`) and `pageSize` are json/csv only; with `parquet` they are 400. `tier` never matches rows with `tier: null`. `parquet` lists the day files (snake_case columns, `ts` as epoch-millisecond INT64, plus `stream_id` and `ip_asn`) with presigned links that expire in about an hour; no pagination. Days stay provisional for about 3 days (tiers may upgrade) and are then frozen. A page that would need more archive data than one request may fetch is 400 (narrow the window, add filters, or use parquet). Raw client IP addresses are never stored or exposed.
         */
        post: operations["exportCrawlLogs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-robots-compliance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export robots.txt compliance per bot
         * @description For one domain, how many requests of each crawler hit paths that the robots.txt served at the time (the origin's file merged with the crawler policy's groups) disallowed for it: per bot `{requests, disallowedRequests, lastViolationAt}` and a daily series. Computed at ingest from the robots.txt version in force at each request's time; requests before the domain's first served robots.txt count as allowed. Blocked and charged requests count: a blocked crawler is disallowed everywhere. `signalContradictions` counts the requests whose bot's intent contradicted the content signal that same robots.txt stated for the path (its `Content-Signal` lines and aipref `Content-Usage` rules, generated from the crawler policy's `contentSignals`/`contentSignalPaths` or the origin's own): a `training` crawler under `ai-train=no`, an `answer-fetch` one under `ai-input=no`, a `search-index` one under `search=no`.
         */
        post: operations["exportRobotsCompliance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-crawler-charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export what crawlers paid
         * @description Owner or manager. The charge ledger of one domain over the window: every request a crawler paid for (pay per crawl: a Web Bot Auth-verified crawler that accepted a charge rule's price and got a 2xx answer), grouped by payer (bot and signature agent) and currency, and also by UTC day or path with `groupBy`. Each charged request is counted once, however often it was retried or replayed across instances. Amounts are exact decimal strings summed from integer micro-units (at most 6 decimals); `totals` sums each currency.
         */
        post: operations["exportCrawlerCharges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/export-crawl-to-refer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export crawl-to-refer ratios per AI operator
         * @description Any role. For one domain, per AI operator: `crawls`, the page crawls of its AI bots (every bot of the taxonomy with intent training, answer-fetch or search-index, in every tier; static files are left out, crawls past the ingest path cap count), `referrals`, the human visits its answer surfaces sent (the AI sources of export-ai-referrals, mapped to operators by taxonomy data), and `ratio` = crawls ÷ referrals rounded half up to 2 decimals (null without referrals). Classic search crawlers are not counted: the clicks they earn come from bare search hosts, which are never AI referrals. With `groupBy: "path"`, each operator also lists its top 20 paths. Page-level data starts at the cutover (2026-07-09): an earlier start is clamped to it (`requestedStartDate`), a window ending before it is 400.
         */
        post: operations["exportCrawlToRefer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-bot-definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the bot taxonomy
         * @description The published bot definitions: intent buckets in display order (AI intents first) and bots sorted by `botId`, joined on `intent`. A User-Agent is attributed by lowercasing it and taking the bot with the longest `uaPatterns` entry it contains (substring, not regex); no match is the `unknown` bot. `version` (e.g. `"1.0"`) returns that immutable snapshot; an unknown or malformed version is 400. A minor version bump adds, removes or re-tags bots; a major one changes the set of intents.
         */
        post: operations["getBotDefinitions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/get-snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a snapshot's HTML
         * @description The stored HTML of a snapshot, by `snapshot_id` (from export-page-snapshots) or by `id` (a crawl event). Exactly one of the two, each a non-empty string; other fields are ignored. Access to the snapshot's domain is checked on every call and each call counts as one API request. Error bodies are the spec's own strings (no `message`).
         */
        post: operations["getSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/domains/{domainId}/routing-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a domain's routing rules
         * @description Any role. Rules sorted by `priority` descending, then `createdAt` ascending (match order differs only in ties: exact paths before patterns, then longer sources). `limit` follows the domain owner's plan.
         */
        get: operations["listRoutingRules"];
        put?: never;
        /**
         * Create a routing rule
         * @description Owner or manager. Takes effect right away; the rule is always saved on 201. Checks in order: domain access (404), role (403 `forbidden`), body (400), the owner's plan limit (403 `rule_limit_reached`, the owner's plan applies even if the caller's is higher) and a duplicate `sourcePath` (409). A redirect's `targetUrl` is a path on the domain or a full http(s) URL; a proxy's must be a full public http(s) URL (not localhost, private or internal addresses, `.internal`/`.local` names, the domain itself or its `www.` variant). Any `redirectCode` with a proxy is 400.
         */
        post: operations["createRoutingRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/domains/{domainId}/routing-rules/{ruleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one routing rule
         * @description Any role.
         */
        get: operations["getRoutingRule"];
        put?: never;
        post?: never;
        /**
         * Delete a routing rule
         * @description Owner or manager. Permanent; the deleted rule is returned. `cacheInvalidated: false`: deleted, but it may keep applying for a few minutes.
         */
        delete: operations["deleteRoutingRule"];
        options?: never;
        head?: never;
        /**
         * Update a routing rule
         * @description Owner or manager. Only the fields sent change; each follows the create rules. `notes: null` or an empty string clears the notes. `domainId` in the body must be the path's (a different one is 400). Redirect to proxy: the target is re-validated as a proxy target (send a new full URL in the same request if the current one is a path) and `redirectCode` is cleared to null. Proxy to redirect: the target is kept unless sent, `redirectCode` becomes 301 unless 302 is sent.
         */
        patch: operations["updateRoutingRule"];
        trace?: never;
    };
    "/functions/v1/domains/{domainId}/crawler-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the domain's crawler policy
         * @description Any role. A domain that never saved a policy answers the default: no rules, `defaultAction` allow, `impostorProtection` true, `inBandPricing` false, `x402` null, `contentSignals` all null, `contentSignalPaths` [], `licenseUrl` null, `updatedAt` null.
         */
        get: operations["getCrawlerPolicy"];
        /**
         * Replace the domain's crawler policy
         * @description Owner or manager. The body replaces the whole policy; omitted fields take the default's values (`rules` [], `defaultAction` allow, `impostorProtection` true, `inBandPricing` false, `x402` null, `contentSignals` all null, `contentSignalPaths` [], `licenseUrl` null; per rule `path` null = every path; a block's `status` 403 and `message` null).
         *
         *     The edge applies the rules to crawler and automation requests (never to human visitors), after the routing rules: the first rule whose `match` names the request (`botId` and `operator` as get-bot-definitions spells them, `intent`, or the verification `tier`) and whose `path` pattern (routing grammar, no query) matches decides, else `defaultAction`.
         *
         *     `block` answers `status` (403 or 402) with `{error: "crawler_blocked", message}`; `charge` answers 402 with the header `crawler-price: <CURRENCY> <amount>` (e.g. `USD 0.01`) and `{error: "payment_required", message, price}`. `message` null sends a standard sentence. A crawler whose Web Bot Auth signature verified and covers its `crawler-exact-price` or `crawler-max-price` header pays and is served as allowed, with `crawler-charged` on a 2xx answer (pay per crawl; refusals carry `crawler-error`; `/robots.txt`, `/sitemap.xml`, `/security.txt` and `/.well-known/*` are always free); with `inBandPricing` the origin may price a page with its own `crawler-price` response header. With an `x402` receiver (`{network, asset, payTo, decimals}`, CAIP-2 network; default null) and a facilitator configured on the instance, the 402 of a USD charge also carries an x402 v2 `PAYMENT-REQUIRED` challenge (the price in atomic units of the asset), and a `PAYMENT-SIGNATURE` retry is verified by the facilitator before anything is served, and settled only when the answer is 2xx, which then carries `PAYMENT-RESPONSE` (with `inBandPricing`, a `crawler-price` header on the origin answer sets the amount due). With `impostorProtection`, a crawler claiming a bot that can be verified, from an address that failed verification, is treated as the `unknown` bot at tier `unknown`: no `allow` or `verified`-tier rule admits it. A `block` or `charge` rule naming a bot, operator or intent applies to every request claiming it, verified or not, whatever `impostorProtection` says.
         *
         *     Limits: at most 200 rules; `message` at most 500 characters; `botId`/`operator` values at most 100; `path` at most 2,048. An unknown `botId` or `operator` is 400.
         */
        put: operations["replaceCrawlerPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/domains/{domainId}/robots-txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Preview a domain's robots.txt
         * @description Any role. The robots.txt that `/robots.txt` on the domain's host serves: the origin's file merged with a generated group that disallows every path for the crawlers the crawler policy blocks or charges everywhere, and with the policy's preferences in the `User-agent: *` group (`Content-Signal` from `contentSignals`, aipref `Content-Usage` rules site-wide and per `contentSignalPaths` override, with the Content Signals explanatory comment) and a `License` line for `licenseUrl`; the origin's own preference lines are kept unless the policy sets the same key (merge rules in docs/decisions.md and docs/decisions/content-signals.md). A preview stores nothing; the host stores each new text it serves as a version (`servedVersion`), which export-robots-compliance judges crawls against. A domain without an origin URL whose policy blocks nobody and states no preference leaves `/robots.txt` to the application behind the edge: `robotsTxt` is then empty.
         */
        get: operations["getRobotsTxt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/domains/{domainId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify ownership of a domain
         * @description Owner only (a manager or viewer gets `403 forbidden`). Checks the domain's challenge: a DNS TXT record at `_crawlgate-challenge.<host>` whose value is the token, else the file `/.well-known/crawlgate-verification.txt` on the domain's origin (a `200` whose trimmed body is the token; redirects are not followed). Found: `verificationStage` becomes `verified` and `challenge` is null. Not found: `200` with `verificationStage: "pending"`, the challenge, and a `message` saying what each check found. A pending domain's token stays the same until it is verified. Each call makes at most one DNS lookup and one request to the origin, 5 s each.
         */
        post: operations["verifyDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/domains/{domainId}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a domain's settings
         * @description Any role. The domain's edge settings: its origin, the Host the origin gets, the page-cache lifetime, the render variants kept per page, and how the cache is warmed (listed sitemaps, renders-per-hour budget, hourly warming).
         */
        get: operations["getDomainSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a domain's settings
         * @description Owner or manager. Each field sent replaces the stored one; fields left out stay. `renderVariants` is `["desktop"]` or `["desktop", "mobile"]` (desktop is always kept; with mobile, smartphone crawlers get a render of their own). `sitemaps` lists sitemaps warming reads besides the robots.txt of the origin (on the host of the domain; [] clears), `warmRendersPerHour` caps the renders warming queues per UTC hour (null: the default of the instance), `warmScheduled` turns the hourly `sitemap_warm` job on for the domain. The origin URL is operator configuration (`crawlgate domains set --origin`): the API does not change it. The edge sees the change at once unless `cacheInvalidated` is false (then within minutes).
         */
        patch: operations["updateDomainSettings"];
        trace?: never;
    };
    "/functions/v1/domains/{domainId}/cache-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cache status of one page
         * @description Any role. Whether the edge holds a render of the page `path` (query parameter: starts with `/`, not `//`, at most 2,048 characters, no white space, control characters or `#`), per render variant of the domain: when it was rendered, until when it is fresh, its content hash, and whether a re-render is queued or running. The page is looked up by its cache key (tracking parameters dropped, the others sorted), as the edge does.
         */
        get: operations["getCacheStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description This OpenAPI 3.1 document. No `Authorization`; not rate limited or counted. The same document is `docs/openapi.json` in the repository.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/files/snapshots/{snapshotId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Snapshot HTML download
         * @description Snapshot HTML download: A presigned `htmlUrl`: the stored gzip bytes of a snapshot's HTML, served as `text/plain; charset=utf-8` without `Content-Encoding` (the client decompresses). No `Authorization`; not rate limited or counted. A tampered, expired, unknown or dropped link is `404 not_found`, like an unknown path.
         */
        get: operations["downloadSnapshotHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/files/archive/{domainId}/{day}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Crawl-log archive part download
         * @description Crawl-log archive part download: A presigned parquet `url` of export-crawl-logs (when the store cannot presign links itself): one immutable Parquet part. No `Authorization`; not rate limited or counted. A refused link is `404 not_found`.
         */
        get: operations["downloadArchivePart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        CrawlLogRow: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            ts: string;
            domain: string;
            path: string;
            userAgent: string;
            uaHash: string;
            /** @enum {string} */
            servedFrom: "cache" | "render" | "origin";
            status: number;
            bytes: number;
            botOperator: string | null;
            matchedRange: string | null;
            tier: ("verified" | "declared" | "automation" | "unknown") | null;
            contentHash: string | null;
            /** @description Web Bot Auth agent origin the signature verified against, or claimed when it did not (see signature); null when unsigned */
            signatureAgent: string | null;
            /** @description Web Bot Auth outcome: verified, invalid or unverified; null when unsigned */
            signature: ("verified" | "invalid" | "unverified") | null;
        };
        CrawlerPolicy: {
            rules: {
                match: {
                    /** @constant */
                    type: "botId";
                    value: string;
                } | {
                    /** @constant */
                    type: "operator";
                    value: string;
                } | {
                    /** @constant */
                    type: "intent";
                    /** @enum {string} */
                    value: "training" | "answer-fetch" | "search-index" | "search-classic" | "social" | "seo-tool" | "ads" | "other";
                } | {
                    /** @constant */
                    type: "tier";
                    /** @enum {string} */
                    value: "verified" | "declared" | "unknown";
                } | {
                    /** @constant */
                    type: "signatureAgent";
                    /** @description A Web Bot Auth agent origin (https://chatgpt.com): matches a request whose signature verified against it */
                    value: string;
                };
                path: string | null;
                action: components["schemas"]["CrawlerPolicyAction"];
            }[];
            defaultAction: components["schemas"]["CrawlerPolicyAction"];
            impostorProtection: boolean;
            /** @description The origin may price a page with its own crawler-price response header */
            inBandPricing: boolean;
            /** @description x402 v2 receiver: USD-priced charges are also offered with PAYMENT-REQUIRED; null: none */
            x402: {
                /** @description CAIP-2 chain id, e.g. eip155:84532 */
                network: string;
                /** @description The token paid in (worth one USD a unit) */
                asset: string;
                /** @description The address paid */
                payTo: string;
                /** @description The asset's decimals (USDC: 6) */
                decimals: number;
            } | null;
            /** @description Content Signals for the whole site, each "yes", "no" or null (unset) */
            contentSignals: {
                search: ("yes" | "no") | null;
                aiInput: ("yes" | "no") | null;
                aiTrain: ("yes" | "no") | null;
            };
            /** @description Ordered per-path overrides: the first matching override that sets a key decides it */
            contentSignalPaths: {
                path: string;
                search: ("yes" | "no") | null;
                aiInput: ("yes" | "no") | null;
                aiTrain: ("yes" | "no") | null;
            }[];
            /** @description RSL licence document (absolute https URL), or null */
            licenseUrl: string | null;
        };
        CrawlerPolicyAction: {
            /** @constant */
            type: "allow";
        } | {
            /** @constant */
            type: "block";
            /** @enum {number} */
            status: 403 | 402;
            message: string | null;
        } | {
            /** @constant */
            type: "charge";
            price: {
                /** @description Decimal string, e.g. "0.01" */
                amount: string;
                /** @description ISO 4217 code */
                currency: string;
            };
            message: string | null;
        };
        CreateRoutingRuleRequest: {
            /** @description Only the path's own domainId (a rule cannot move domains) */
            domainId?: string;
            /** @description Path pattern starting with /, at most 2,048 characters, trimmed; unique per domain ignoring letter case and a trailing slash */
            sourcePath: string;
            /**
             * @default redirect
             * @constant
             */
            ruleType?: "redirect";
            /** @description Redirect: a path on the domain or a full http(s) URL; proxy: a full public http(s) URL. At most 2,048 characters, trimmed */
            targetUrl: string;
            /**
             * @default 301
             * @enum {number}
             */
            redirectCode?: 301 | 302;
            /** @default 0 */
            priority?: number;
            /**
             * @description false: kept but not applied
             * @default true
             */
            isActive?: boolean;
            /** @description Internal, at most 2,000 characters, trimmed; null or empty clears */
            notes?: string | null;
        } | {
            /** @description Only the path's own domainId (a rule cannot move domains) */
            domainId?: string;
            /** @description Path pattern starting with /, at most 2,048 characters, trimmed; unique per domain ignoring letter case and a trailing slash */
            sourcePath: string;
            /** @constant */
            ruleType: "proxy";
            /** @description Redirect: a path on the domain or a full http(s) URL; proxy: a full public http(s) URL. At most 2,048 characters, trimmed */
            targetUrl: string;
            redirectCode?: null;
            /** @default 0 */
            priority?: number;
            /**
             * @description false: kept but not applied
             * @default true
             */
            isActive?: boolean;
            /** @description Internal, at most 2,000 characters, trimmed; null or empty clears */
            notes?: string | null;
        };
        CreateRoutingRuleResponse: {
            rule: components["schemas"]["RoutingRule"];
            /** @description false: saved, but the domain's cached settings could not be refreshed at once; the change may take a few minutes to apply (no retry needed) */
            cacheInvalidated: boolean;
        };
        DeleteRoutingRuleResponse: {
            /** @constant */
            deleted: true;
            /** @description The rule as it was before deletion */
            rule: components["schemas"]["RoutingRule"];
            /** @description false: saved, but the domain's cached settings could not be refreshed at once; the change may take a few minutes to apply (no retry needed) */
            cacheInvalidated: boolean;
        };
        Domain: {
            /** Format: uuid */
            domainId: string;
            /** @description Hostname */
            domain: string;
            originUrl: string | null;
            role: components["schemas"]["Role"];
            /** @description `pending` until the owner proves control of the host (POST /domains/{domainId}/verify), then `verified`; null: never recorded */
            verificationStage: string | null;
            createdAt: string | null;
        };
        /** @description The domain is not one the key owner can access */
        DomainNotAuthorizedError: {
            /** @constant */
            error: "domain_not_authorized";
        };
        /** @description The domain does not exist or is not accessible */
        DomainNotFoundError: {
            /** @constant */
            error: "domain_not_found";
        };
        /** @description Another rule of the domain has this sourcePath (letter case and one trailing slash ignored) */
        DuplicateSourcePathError: {
            /** @constant */
            error: "duplicate_source_path";
        };
        ExportAiReferralsRequest: {
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            startDate?: null;
            endDate?: null;
            /** @description One domain; omit for every accessible domain */
            domainId?: string | null;
        } | {
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 365 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            /** @description One domain; omit for every accessible domain */
            domainId?: string | null;
        };
        ExportAiReferralsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @description null for an explicit date range */
            period: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: uuid */
            userId: string;
            domainCount: number;
            domains: {
                domain: string;
                /** Format: uuid */
                domainId: string;
                role: components["schemas"]["Role"];
                /** @description Sources with visits in the window, by count descending then source */
                referralTotals: {
                    [key: string]: {
                        /** @enum {string} */
                        surfaceType: "assistant" | "answer" | "search" | "other";
                        count: number;
                    };
                };
                /** @description One entry per day, ascending, with every source of referralTotals */
                referralSeries: ({
                    /** Format: date */
                    date: string;
                } & {
                    [key: string]: number;
                })[];
                topLandingPaths: {
                    path: string;
                    referralTotal: number;
                    /** @description Visits per AI source */
                    bySource: {
                        [key: string]: number;
                    };
                }[];
                /** @description Distinct landing paths before the cap of 500 */
                landingPathCount: number;
                /** @description More than 500 landing paths */
                truncated: boolean;
                /** @description Visits past the ingest path cap; omitted when none */
                overflow?: {
                    referralTotal: number;
                    /** @description Visits per AI source */
                    bySource: {
                        [key: string]: number;
                    };
                };
            }[];
        };
        ExportCrawlAnalyticsRequest: {
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            startDate?: null;
            endDate?: null;
            /** @description One domain; omit for every accessible domain */
            domainId?: string | null;
        } | {
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 365 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            /** @description One domain; omit for every accessible domain */
            domainId?: string | null;
        };
        ExportCrawlAnalyticsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @description null for an explicit date range */
            period: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: uuid */
            userId: string;
            /**
             * Format: date
             * @description Verified crawl tracking and page-level data start on this date
             */
            legacyCutover: string;
            /** @description The bot taxonomy version that produced the counts */
            definitionsVersion: string;
            domainCount: number;
            domains: {
                domain: string;
                /** Format: uuid */
                domainId: string;
                role: components["schemas"]["Role"];
                /** @description verifiedCrawls <= namedCrawls <= totalCrawls */
                summary: {
                    totalCrawls: number;
                    namedCrawls: number;
                    verifiedCrawls: number;
                };
                /** @description Keyed by bot ID, by total descending then bot ID */
                botTotals: {
                    [key: string]: {
                        /** @description null on legacy family aggregates */
                        intent: string | null;
                        verified: number;
                        declared: number;
                        unknown: number;
                        total: number;
                    };
                };
                /** @description One entry per day, ascending, with every bot of botTotals (zeros included) */
                botSeries: ({
                    /** Format: date */
                    date: string;
                } & {
                    [key: string]: components["schemas"]["TierTotals"];
                })[];
                /** @description Crawls carrying a Web Bot Auth signature, per agent origin and outcome; by total descending, then agent (null last); at most 100 */
                signedAgents: components["schemas"]["SignedAgentTotals"][];
                /** @description Distinct agents (null included) before the cap */
                signedAgentCount: number;
            }[];
        };
        ExportCrawlLogsRequest: {
            /** @description nextCursor of the previous page; it pins the query */
            cursor: string;
            /** @description ignored with a cursor */
            domainId?: unknown;
            /** @description ignored with a cursor */
            period?: unknown;
            /** @description ignored with a cursor */
            startDate?: unknown;
            /** @description ignored with a cursor */
            endDate?: unknown;
            /** @description ignored with a cursor */
            format?: unknown;
            /** @description ignored with a cursor */
            botOperator?: unknown;
            /** @description ignored with a cursor */
            tier?: unknown;
            /** @description ignored with a cursor */
            servedFrom?: unknown;
            /** @description ignored with a cursor */
            pathPrefix?: unknown;
            /** @description ignored with a cursor */
            pageSize?: unknown;
        } | {
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            cursor?: null;
            /** @description The N days ending today (UTC), inclusive; default 7d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d") | null;
            startDate?: null;
            endDate?: null;
            /** @description json (default), csv or parquet */
            format?: ("json" | "csv" | "parquet") | null;
            /** @description Operator names, any letter case; json/csv only */
            botOperator?: (string | string[]) | null;
            /** @description Rows with tier null never match; json/csv only */
            tier?: (("verified" | "declared" | "automation" | "unknown") | ("verified" | "declared" | "automation" | "unknown")[]) | null;
            /** @description json/csv only */
            servedFrom?: (("cache" | "render" | "origin") | ("cache" | "render" | "origin")[]) | null;
            /** @description Literal path prefix; json/csv only */
            pathPrefix?: string | null;
            pageSize?: number | null;
        } | {
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            cursor?: null;
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 31 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            /** @description json (default), csv or parquet */
            format?: ("json" | "csv" | "parquet") | null;
            /** @description Operator names, any letter case; json/csv only */
            botOperator?: (string | string[]) | null;
            /** @description Rows with tier null never match; json/csv only */
            tier?: (("verified" | "declared" | "automation" | "unknown") | ("verified" | "declared" | "automation" | "unknown")[]) | null;
            /** @description json/csv only */
            servedFrom?: (("cache" | "render" | "origin") | ("cache" | "render" | "origin")[]) | null;
            /** @description Literal path prefix; json/csv only */
            pathPrefix?: string | null;
            pageSize?: number | null;
        };
        ExportCrawlLogsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            period: ("1d" | "7d" | "30d") | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: uuid */
            userId: string;
            domain: string;
            /** Format: uuid */
            domainId: string;
            role: components["schemas"]["Role"];
            /** @constant */
            format: "json";
            /** @description Oldest to newest */
            rows: components["schemas"]["CrawlLogRow"][];
            /** @description Rows on this page; 0 with empty rows is valid */
            rowCount: number;
            /** @description Days scanned by this page with no data yet */
            missingDays: string[];
            provisionalDays: string[];
            /** @description Send as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
        } | {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            period: ("1d" | "7d" | "30d") | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: uuid */
            userId: string;
            domain: string;
            /** Format: uuid */
            domainId: string;
            role: components["schemas"]["Role"];
            /** @constant */
            format: "parquet";
            files: {
                /** Format: date */
                day: string;
                /** @description Very busy days are split into numbered parts */
                part: number;
                /** @description Presigned; plain GET without Authorization; a secret */
                url: string;
                sizeBytes: number;
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC, millisecond precision
                 */
                expiresAt: string;
                /** @description A provisional file may be replaced by a frozen one with upgraded verdict_tier */
                provisional: boolean;
            }[];
            fileCount: number;
            missingDays: string[];
            provisionalDays: string[];
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            urlExpiresAt: string;
        };
        ExportCrawlToReferRequest: {
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            startDate?: null;
            endDate?: null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            /** @description operator (default): one row per AI operator; path: also its top 20 paths */
            groupBy?: ("operator" | "path") | null;
        } | {
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 365 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            /** @description operator (default): one row per AI operator; path: also its top 20 paths */
            groupBy?: ("operator" | "path") | null;
        };
        ExportCrawlToReferResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @description null for an explicit date range */
            period: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: uuid */
            userId: string;
            /**
             * Format: date
             * @description The start sent, when it was clamped to the cutover
             */
            requestedStartDate?: string;
            domain: string;
            /** Format: uuid */
            domainId: string;
            role: components["schemas"]["Role"];
            /** @description The bot taxonomy version that mapped bots to operators */
            definitionsVersion: string;
            /** @enum {string} */
            groupBy: "operator" | "path";
            /** @description Operators with crawls or referrals, by crawls, then referrals descending, then name */
            operators: {
                /** @description As the bot taxonomy names it (OpenAI, Anthropic, Google, …) */
                operator: string;
                /** @description Page crawls of the operator's AI bots (training, search, answer-fetch) */
                crawls: number;
                /** @description Human visits from the operator's AI answer surfaces */
                referrals: number;
                /** @description crawls ÷ referrals, rounded half up to 2 decimals; null without referrals */
                ratio: number | null;
                /** @description groupBy path only: the top 20 paths by crawls, then referrals, then path */
                paths?: {
                    path: string;
                    crawls: number;
                    referrals: number;
                    /** @description crawls ÷ referrals, rounded half up to 2 decimals; null without referrals */
                    ratio: number | null;
                }[];
                /** @description groupBy path only: the operator's paths before the cap */
                pathCount?: number;
            }[];
            /** @description AI referrals from sources of no operator the taxonomy lists (unknown AI hosts included) */
            unattributedReferrals: number;
        };
        ExportCrawlerChargesRequest: {
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            startDate?: null;
            endDate?: null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            /** @description payer (default): one row per payer and currency; day or path: also per day or path */
            groupBy?: ("payer" | "day" | "path") | null;
            /** @description json (default) or csv */
            format?: ("json" | "csv") | null;
        } | {
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 365 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            /** @description payer (default): one row per payer and currency; day or path: also per day or path */
            groupBy?: ("payer" | "day" | "path") | null;
            /** @description json (default) or csv */
            format?: ("json" | "csv") | null;
        };
        ExportCrawlerChargesResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @description null for an explicit date range */
            period: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: uuid */
            userId: string;
            domain: string;
            /** Format: uuid */
            domainId: string;
            role: components["schemas"]["Role"];
            /** @enum {string} */
            groupBy: "payer" | "day" | "path";
            /** @description Sorted by day, path, bot ID, signature agent, then currency (byte order) */
            rows: {
                payer: {
                    /** @description The paying bot (signed-agent when the taxonomy does not list it) */
                    botId: string;
                    /** @description The agent origin its Web Bot Auth signature verified against */
                    signatureAgent: string;
                };
                /**
                 * Format: date
                 * @description groupBy day only: the UTC day
                 */
                day?: string;
                /** @description groupBy path only: the path charged */
                path?: string;
                /** @description Charged requests */
                charged: number;
                /** @description The exact sum in the currency, as a decimal string ("0.05"); never rounded */
                amount: string;
                /** @description ISO 4217 code */
                currency: string;
            }[];
            /** @description One per currency charged in the window, by currency */
            totals: {
                /** @description ISO 4217 code */
                currency: string;
                charged: number;
                /** @description The exact sum in the currency, as a decimal string ("0.05"); never rounded */
                amount: string;
            }[];
        };
        ExportPageAnalyticsRequest: {
            /** @description Per-page series over the window's buckets; default true. Read with a cursor too */
            series?: boolean | null;
            /** @description nextCursor of the previous page; it pins the query */
            cursor: string;
            /** @description ignored with a cursor */
            domainId?: unknown;
            /** @description ignored with a cursor */
            period?: unknown;
            /** @description ignored with a cursor */
            startDate?: unknown;
            /** @description ignored with a cursor */
            endDate?: unknown;
            /** @description ignored with a cursor */
            granularity?: unknown;
            /** @description ignored with a cursor */
            sortBy?: unknown;
            /** @description ignored with a cursor */
            pageSize?: unknown;
            /** @description ignored with a cursor */
            botId?: unknown;
            /** @description ignored with a cursor */
            tier?: unknown;
            /** @description ignored with a cursor */
            pathPrefix?: unknown;
            /** @description ignored with a cursor */
            path?: unknown;
        } | {
            /** @description Per-page series over the window's buckets; default true. Read with a cursor too */
            series?: boolean | null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            cursor?: null;
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            startDate?: null;
            endDate?: null;
            /** @description auto (default): day up to 90 days, else week; day over 90 days is 400 */
            granularity?: ("auto" | "day" | "week") | null;
            /** @description Rank by total (default) or verified crawls; ties by path */
            sortBy?: ("total" | "verified") | null;
            pageSize?: number | null;
            /** @description Only these bots (current taxonomy); series then per bot */
            botId?: (string | string[]) | null;
            /** @description Only these tiers */
            tier?: (("verified" | "declared" | "unknown") | ("verified" | "declared" | "unknown")[]) | null;
            /** @description Literal path prefix (% and _ are ordinary characters) */
            pathPrefix?: string | null;
            /** @description Exactly this path (as stored: no query, compared byte for byte): at most one page, whatever its rank */
            path?: string | null;
        } | {
            /** @description Per-page series over the window's buckets; default true. Read with a cursor too */
            series?: boolean | null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            cursor?: null;
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 365 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            /** @description auto (default): day up to 90 days, else week; day over 90 days is 400 */
            granularity?: ("auto" | "day" | "week") | null;
            /** @description Rank by total (default) or verified crawls; ties by path */
            sortBy?: ("total" | "verified") | null;
            pageSize?: number | null;
            /** @description Only these bots (current taxonomy); series then per bot */
            botId?: (string | string[]) | null;
            /** @description Only these tiers */
            tier?: (("verified" | "declared" | "unknown") | ("verified" | "declared" | "unknown")[]) | null;
            /** @description Literal path prefix (% and _ are ordinary characters) */
            pathPrefix?: string | null;
            /** @description Exactly this path (as stored: no query, compared byte for byte): at most one page, whatever its rank */
            path?: string | null;
        };
        ExportPageAnalyticsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @description The rolling period used; null for an explicit date range or a cursor request */
            period: string | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /**
             * Format: date
             * @description The start sent, when it was clamped to the cutover
             */
            requestedStartDate?: string;
            /** @enum {string} */
            granularity: "day" | "week";
            /** Format: uuid */
            userId: string;
            /**
             * Format: date
             * @description Verified crawl tracking and page-level data start on this date
             */
            legacyCutover: string;
            domain: string;
            /** Format: uuid */
            domainId: string;
            role: components["schemas"]["Role"];
            /** @description Distinct matching paths across all result pages */
            pageCount: number;
            pages: {
                path: string;
                total: number;
                tiers: components["schemas"]["Tiers"];
                /** @description Bots with crawls, by total descending then ID */
                bots: {
                    [key: string]: components["schemas"]["TierTotals"];
                };
                /** @description Every bucket of the window; omitted with series: false */
                series?: ({
                    /** Format: date */
                    bucketStart: string;
                    /** Format: date */
                    bucketEnd: string;
                    verified: number;
                    declared: number;
                    unknown: number;
                    total: number;
                } | ({
                    /** Format: date */
                    bucketStart: string;
                    /** Format: date */
                    bucketEnd: string;
                } & {
                    [key: string]: components["schemas"]["Tiers"];
                }))[];
            }[];
            /** @description Crawls past the per-day path cap; omitted when none */
            overflow?: components["schemas"]["TierTotals"];
            /** @description Send as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
        };
        ExportPageSnapshotsRequest: {
            /** @description nextCursor of the previous page; it pins the query */
            cursor: string;
            /** @description ignored with a cursor */
            domainId?: unknown;
            /** @description ignored with a cursor */
            url?: unknown;
            /** @description ignored with a cursor */
            period?: unknown;
            /** @description ignored with a cursor */
            startDate?: unknown;
            /** @description ignored with a cursor */
            endDate?: unknown;
            /** @description ignored with a cursor */
            pageSize?: unknown;
            /** @description ignored with a cursor */
            botId?: unknown;
            /** @description ignored with a cursor */
            tier?: unknown;
        } | {
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            /** @description Full http(s) URL or bare path; query, fragment and trailing slash are stripped */
            url: string;
            cursor?: null;
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            startDate?: null;
            endDate?: null;
            pageSize?: number | null;
            botId?: (string | string[]) | null;
            tier?: (("verified" | "declared" | "unknown") | ("verified" | "declared" | "unknown")[]) | null;
        } | {
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
            /** @description Full http(s) URL or bare path; query, fragment and trailing slash are stripped */
            url: string;
            cursor?: null;
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 365 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            pageSize?: number | null;
            botId?: (string | string[]) | null;
            tier?: (("verified" | "declared" | "unknown") | ("verified" | "declared" | "unknown")[]) | null;
        };
        ExportPageSnapshotsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** Format: uuid */
            userId: string;
            /**
             * Format: date
             * @description Verified crawl tracking and page-level data start on this date
             */
            legacyCutover: string;
            definitionsVersion: string;
            domain: string;
            /** Format: uuid */
            domainId: string;
            role: components["schemas"]["Role"];
            /** @description The rolling period used; null for an explicit date range or a cursor request */
            period: string | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /**
             * Format: date
             * @description The start sent, when it was clamped to the cutover
             */
            requestedStartDate?: string;
            /** @description Exactly as sent */
            url: string;
            /** @description The normalized path */
            path: string;
            /** @description One row per date with crawls, ascending */
            rows: {
                /** Format: date */
                day: string;
                total: number;
                tiers: components["schemas"]["Tiers"];
                bots: {
                    [key: string]: {
                        total: number;
                        tiers: components["schemas"]["Tiers"];
                        served: {
                            /** @enum {string} */
                            servedFrom: "cache" | "render" | "origin";
                            /** @description null when the crawl was served without a snapshot */
                            snapshotId: string | null;
                            /** @description The device render served (its snapshot's); null when served without a snapshot or the snapshot is not this domain's */
                            variant: ("desktop" | "mobile") | null;
                            tiers: components["schemas"]["Tiers"];
                            total: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC, millisecond precision
                             */
                            lastSeenAt: string;
                        }[];
                    };
                };
            }[];
            /** @description Metadata of the snapshots named on this page */
            snapshots: {
                [key: string]: components["schemas"]["Snapshot"];
            };
            /**
             * Format: date-time
             * @description When every htmlUrl stops working (about 24 hours)
             */
            htmlUrlExpiresAt: string;
            dayCount: number;
            /** @description Send as `cursor` for the next page; null on the last page */
            nextCursor: string | null;
        };
        ExportRobotsComplianceRequest: {
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            startDate?: null;
            endDate?: null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
        } | {
            period?: null;
            /**
             * Format: date
             * @description First day (UTC); the window spans at most 365 days
             */
            startDate: string;
            /** @description Last day (UTC), default today; not in the future, not before startDate */
            endDate?: string | null;
            /**
             * Format: uuid
             * @description The domain (any role)
             */
            domainId: string;
        };
        ExportRobotsComplianceResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @description null for an explicit date range */
            period: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
            /** Format: date */
            startDate: string;
            /** Format: date */
            endDate: string;
            /** Format: uuid */
            userId: string;
            domain: string;
            /** Format: uuid */
            domainId: string;
            role: components["schemas"]["Role"];
            /** @description Every bot of the window; disallowedRequests, signalContradictions <= requests */
            summary: {
                requests: number;
                disallowedRequests: number;
                signalContradictions: number;
            };
            /** @description Keyed by bot ID, by disallowedRequests descending, then requests descending, then bot ID */
            botTotals: {
                [key: string]: {
                    requests: number;
                    disallowedRequests: number;
                    /** @description Requests whose bot's intent contradicted the content signal the robots.txt in force stated for the path: a training crawler under ai-train=no, an answer-fetch one under ai-input=no, a search-index one under search=no */
                    signalContradictions: number;
                    /** @description The latest disallowed request in the window; null when none */
                    lastViolationAt: string | null;
                };
            };
            /** @description One entry per day, ascending, with every bot of botTotals (zeros included) */
            botSeries: ({
                /** Format: date */
                date: string;
            } & {
                [key: string]: {
                    requests: number;
                    disallowedRequests: number;
                    signalContradictions: number;
                };
            })[];
            /** @description The robots.txt versions in force during the window, oldest first: the one in force at its start (if any) and those served since */
            robotsVersions: {
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC, millisecond precision
                 */
                effectiveFrom: string;
                contentHash: string;
            }[];
        };
        ExportUserAnalyticsRequest: {
            /** @description The N days ending today (UTC), inclusive; default 30d. Not with startDate/endDate */
            period?: ("1d" | "7d" | "30d" | "90d" | "365d") | null;
        };
        ExportUserAnalyticsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @enum {string} */
            period: "1d" | "7d" | "30d" | "90d" | "365d";
            /** Format: uuid */
            userId: string;
            domainCount: number;
            domains: {
                domain: string;
                /** Format: uuid */
                domainId: string;
                role: components["schemas"]["Role"];
                summary: {
                    totalCrawls: number;
                    prerenders: number;
                    cachedViews: number;
                    cacheMisses: number;
                    /** @description cachedViews / totalCrawls as a percentage */
                    cacheHitRate: number;
                };
                /** @description Total visits per legacy bot key */
                botTotals: {
                    googlebot: number;
                    bingbot: number;
                    gptbot: number;
                    claudebot: number;
                    perplexitybot: number;
                    bytespider: number;
                    facebookbot: number;
                    twitterbot: number;
                    linkedinbot: number;
                    pinterestbot: number;
                    redditbot: number;
                    slackbot: number;
                    discordbot: number;
                    telegrambot: number;
                    whatsappbot: number;
                    skypebot: number;
                    vkbot: number;
                    snapchatbot: number;
                    social_other: number;
                    applebot: number;
                    amazonbot: number;
                    yandexbot: number;
                    baiduspider: number;
                    duckduckbot: number;
                    ccbot: number;
                };
                botSeries: {
                    /** Format: date */
                    date: string;
                    googlebot: number;
                    bingbot: number;
                    gptbot: number;
                    claudebot: number;
                    perplexitybot: number;
                    bytespider: number;
                    facebookbot: number;
                    twitterbot: number;
                    linkedinbot: number;
                    pinterestbot: number;
                    redditbot: number;
                    slackbot: number;
                    discordbot: number;
                    telegrambot: number;
                    whatsappbot: number;
                    skypebot: number;
                    vkbot: number;
                    snapchatbot: number;
                    social_other: number;
                    applebot: number;
                    amazonbot: number;
                    yandexbot: number;
                    baiduspider: number;
                    duckduckbot: number;
                    ccbot: number;
                }[];
                topPages: {
                    url: string;
                    seoScore: number | null;
                    seoIssuesCount: number | null;
                    botTotal: number;
                }[];
                seo: {
                    good: number;
                    needsWork: number;
                    poor: number;
                    unknown: number;
                    totalPages: number;
                    totalIssues: number;
                };
            }[];
        };
        /** @description Viewers cannot create, update or delete routing rules */
        ForbiddenError: {
            /** @constant */
            error: "forbidden";
        };
        GetBotDefinitionsRequest: {
            /** @description A published version such as 1.0; omit for the current one */
            version?: string;
        };
        GetBotDefinitionsResponse: {
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            generatedAt: string;
            /** @description Immutable; safe as a cache key */
            definitionsVersion: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            definitionsEffectiveFrom: string;
            /** @description false only when an older version was requested */
            isCurrent: boolean;
            /** Format: uuid */
            userId: string;
            intentCount: number;
            botCount: number;
            intents: {
                /** @description Intent bucket; in version 1.x one of training, answer-fetch, search-index, search-classic, social, seo-tool, ads, other */
                intent: string;
                label: string;
                description: string;
                isAiIntent: boolean;
                /** @description Bots in the bucket, retired ones included */
                botCount: number;
            }[];
            bots: {
                botId: string;
                displayName: string;
                operator: string;
                /** @description Intent bucket; in version 1.x one of training, answer-fetch, search-index, search-classic, social, seo-tool, ads, other */
                intent: string;
                /** @description Lowercased User-Agent substrings */
                uaPatterns: string[];
                /** @enum {string} */
                verificationMethod: "rdns_suffix" | "published_ip_ranges" | "asn_only" | "http_message_signature" | "none";
                /** @description false for retired bots */
                isActive: boolean;
            }[];
        };
        GetCacheStatusResponse: {
            /** @description The path as sent, trimmed */
            path: string;
            /** @description One entry per render variant of the domain: desktop, then mobile */
            variants: {
                /** @enum {string} */
                variant: "desktop" | "mobile";
                /** @description The edge's cache holds a render of the page for this device */
                cached: boolean;
                /** @description When the cached render was made; null when none */
                renderedAt: string | null;
                /** @description Fresh until then, served stale while re-rendered after; null when none */
                expiresAt: string | null;
                /** @description Cached and not expired yet */
                fresh: boolean;
                /** @description SHA-256 (lowercase hex) of the cached HTML; null when none */
                contentHash: string | null;
                /** @description A render of the page for this device is queued or under way (purge, refresh) */
                pendingRender: boolean;
            }[];
        };
        GetCrawlerPolicyResponse: {
            policy: components["schemas"]["CrawlerPolicy"];
            /** @description When the policy was saved; null: never (the default) */
            updatedAt: string | null;
        };
        GetDomainSettingsResponse: {
            /** Format: uuid */
            domainId: string;
            domain: string;
            role: components["schemas"]["Role"];
            /** @description Where renders and passed-on visitors go; set by the operator (CLI), not the API */
            originUrl: string | null;
            /**
             * @description The Host the origin gets: its own (`origin`) or the domain's (`public`)
             * @enum {string}
             */
            originHost: "origin" | "public";
            /** @description How long a cached page stays fresh; null: the instance's default */
            pageCacheTtlSeconds: number | null;
            /** @description Renders kept per page: desktop, or desktop and mobile (smartphone crawlers get the mobile one) */
            renderVariants: ("desktop" | "mobile")[];
            /** @description Sitemaps warming reads besides the origin's robots.txt `Sitemap:` lines (http(s) URLs on the domain's host) */
            sitemaps: string[];
            /** @description Renders per UTC hour warming may queue; null: the instance's default */
            warmRendersPerHour: number | null;
            /** @description The hourly `sitemap_warm` job warms this domain */
            warmScheduled: boolean;
        };
        GetRobotsTxtResponse: {
            /** Format: uuid */
            domainId: string;
            domain: string;
            role: components["schemas"]["Role"];
            /** @description Exactly what GET /robots.txt on the domain's host serves now */
            robotsTxt: string;
            /** @description SHA-256 of robotsTxt (UTF-8), lowercase hex */
            contentHash: string;
            /** @description false when the origin has no robots.txt (4xx), none could be fetched, or the domain has no origin */
            originFound: boolean;
            /** @description Bots the crawler policy blocks or charges on every path, sorted by bot ID */
            blockedBots: {
                botId: string;
                /** @description Product tokens written for it with Disallow: /; [] when robots.txt cannot name it without also stopping an allowed bot */
                tokens: string[];
            }[];
            /** @description The latest robots.txt the host actually served (null: never served yet) */
            servedVersion: {
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC, millisecond precision
                 */
                effectiveFrom: string;
                contentHash: string;
            } | null;
        };
        GetRoutingRuleResponse: {
            rule: components["schemas"]["RoutingRule"];
        };
        GetSnapshotRequest: {
            /** @description A snapshotId from export-page-snapshots */
            snapshot_id?: string;
            /** @description A crawl-feed event id */
            id?: string;
        };
        GetSnapshotResponse: {
            /** @description The decompressed HTML served to the bot */
            html: string;
        };
        /** @description An unexpected failure; never carries details */
        InternalError: {
            /** @constant */
            error: "internal_error";
        };
        /** @description The API key is missing, invalid or revoked */
        InvalidApiKeyError: {
            /** @constant */
            error: "invalid_api_key";
        };
        /** @description The cursor is malformed, expired, another endpoint's or caller's, or its archive changed: restart from the first page */
        InvalidCursorError: {
            /** @enum {string} */
            error: "invalid_cursor";
            /** @description Which parameter or rule failed */
            message?: string;
        };
        /** @description The body is not a JSON object */
        InvalidJsonBodyError: {
            /** @constant */
            error: "invalid JSON body";
        };
        /** @description A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
        InvalidRequestError: {
            /** @enum {string} */
            error: "invalid_request";
            /** @description Which parameter or rule failed */
            message?: string;
        };
        ListRoutingRulesResponse: {
            /** Format: uuid */
            domainId: string;
            domain: string;
            role: components["schemas"]["Role"];
            /** @description Active and paused rules */
            ruleCount: number;
            /** @description Rules the domain owner's plan allows; null = unlimited */
            limit: number | null;
            rules: components["schemas"]["RoutingRule"][];
        };
        ListUserDomainsRequest: Record<string, never>;
        ListUserDomainsResponse: {
            /** Format: uuid */
            userId: string;
            domainCount: number;
            domains: components["schemas"]["Domain"][];
        };
        /** @description The path does not take this method */
        MethodNotAllowedError: {
            /** @constant */
            error: "method_not_allowed";
        };
        /** @description No such path, or a refused presigned link */
        NotFoundError: {
            /** @constant */
            error: "not_found";
        };
        /** @description The request body is over 1 MiB */
        PayloadTooLargeError: {
            /** @enum {string} */
            error: "invalid_request";
            /** @description Which parameter or rule failed */
            message?: string;
        };
        /** @description Programmatic access needs the Pro plan or above */
        PlanUpgradeRequiredError: {
            /** @constant */
            error: "plan_upgrade_required";
        };
        PurgeCacheRequest: {
            /** @description Hostname of a domain the key owner can access */
            domain: string;
            /** @description URL path starting with /; a query string is kept */
            path: string;
            /**
             * @description Re-render only this device render of the page (one of the domain's render variants); default: every render the domain keeps
             * @enum {string}
             */
            variant?: "desktop" | "mobile";
        };
        PurgeCacheResponse: {
            /** @description false when a re-render of the same page (of each variant purged) that starts after this request was already pending (not queued twice); a render already under way is followed by another */
            queued: boolean;
            path: string;
            message: string;
        };
        /** @description Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
        RateLimitError: {
            /** @enum {string} */
            error: "rate_limit_exceeded_per_minute" | "rate_limit_exceeded_monthly";
            /** @description Requests counted in the exhausted window */
            usage: number;
            /** @description The window's limit */
            limit: number;
        };
        ReplaceCrawlerPolicyRequest: {
            rules?: {
                match: {
                    /** @constant */
                    type: "botId";
                    value: string;
                } | {
                    /** @constant */
                    type: "operator";
                    value: string;
                } | {
                    /** @constant */
                    type: "intent";
                    /** @enum {string} */
                    value: "training" | "answer-fetch" | "search-index" | "search-classic" | "social" | "seo-tool" | "ads" | "other";
                } | {
                    /** @constant */
                    type: "tier";
                    /** @enum {string} */
                    value: "verified" | "declared" | "unknown";
                } | {
                    /** @constant */
                    type: "signatureAgent";
                    value: string;
                };
                /** @description Source-path pattern (routing grammar, at most 2,048 characters, trimmed, no query); null: every path */
                path?: string | null;
                action: {
                    /** @constant */
                    type: "allow";
                } | {
                    /** @constant */
                    type: "block";
                    /**
                     * @default 403
                     * @enum {number}
                     */
                    status?: 403 | 402;
                    /**
                     * @description Shown to the crawler in the JSON body; null: a standard sentence
                     * @default null
                     */
                    message?: string | null;
                } | {
                    /** @constant */
                    type: "charge";
                    price: {
                        amount: string;
                        currency: string;
                    };
                    /**
                     * @description Shown to the crawler in the JSON body; null: a standard sentence
                     * @default null
                     */
                    message?: string | null;
                };
            }[];
            /**
             * @default {
             *       "type": "allow"
             *     }
             */
            defaultAction?: {
                /** @constant */
                type: "allow";
            } | {
                /** @constant */
                type: "block";
                /**
                 * @default 403
                 * @enum {number}
                 */
                status?: 403 | 402;
                /**
                 * @description Shown to the crawler in the JSON body; null: a standard sentence
                 * @default null
                 */
                message?: string | null;
            } | {
                /** @constant */
                type: "charge";
                price: {
                    amount: string;
                    currency: string;
                };
                /**
                 * @description Shown to the crawler in the JSON body; null: a standard sentence
                 * @default null
                 */
                message?: string | null;
            };
            /**
             * @description true: a claim of a bot that can be verified, from an address that does not verify, is treated as the unknown bot (tier unknown), so no allow or verified-tier rule admits it; block and charge rules naming the claimed bot, operator or intent apply to it either way
             * @default true
             */
            impostorProtection?: boolean;
            /**
             * @description true: the origin may set the price of a page with its own crawler-price response header (a paid request then goes to the origin, not the page cache)
             * @default false
             */
            inBandPricing?: boolean;
            /**
             * @description The x402 v2 receiver: USD-priced charges are also offered with a PAYMENT-REQUIRED challenge and paid with PAYMENT-SIGNATURE; null: no x402
             * @default null
             */
            x402?: {
                network: string;
                asset: string;
                payTo: string;
                decimals: number;
            } | null;
            /**
             * @description Content Signals for the whole site: search, aiInput, aiTrain, each "yes", "no" or null (unset); default all unset
             * @default {
             *       "search": null,
             *       "aiInput": null,
             *       "aiTrain": null
             *     }
             */
            contentSignals?: {
                /** @default null */
                search?: ("yes" | "no") | null;
                /** @default null */
                aiInput?: ("yes" | "no") | null;
                /** @default null */
                aiTrain?: ("yes" | "no") | null;
            };
            /** @description Ordered per-path overrides {path, search?, aiInput?, aiTrain?} (path in the routing grammar, at most 100): for each key, the first override matching a page's path that sets it decides */
            contentSignalPaths?: {
                path: string;
                /** @default null */
                search?: ("yes" | "no") | null;
                /** @default null */
                aiInput?: ("yes" | "no") | null;
                /** @default null */
                aiTrain?: ("yes" | "no") | null;
            }[];
            /** @description An RSL licence document (absolute https URL): robots.txt License line and Link rel=license header; null: none */
            licenseUrl?: string | null;
        };
        ReplaceCrawlerPolicyResponse: {
            policy: components["schemas"]["CrawlerPolicy"];
            /** @description false: saved, but the domain's cached settings could not be refreshed at once; the change may take a few minutes to apply (no retry needed) */
            cacheInvalidated: boolean;
        };
        /**
         * @description The caller's role on the domain
         * @enum {string}
         */
        Role: "owner" | "manager" | "viewer";
        RoutingRule: {
            /** Format: uuid */
            ruleId: string;
            /** Format: uuid */
            domainId: string;
            sourcePath: string;
            targetUrl: string;
            /** @enum {string} */
            ruleType: "redirect" | "proxy";
            redirectCode: (301 | 302) | null;
            priority: number;
            isActive: boolean;
            notes: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC, millisecond precision
             */
            updatedAt: string;
        };
        /** @description The domain already has as many rules as its owner's plan allows */
        RuleLimitReachedError: {
            /** @constant */
            error: "rule_limit_reached";
            limit: number;
        };
        /** @description No rule with that ID on that domain */
        RuleNotFoundError: {
            /** @constant */
            error: "rule_not_found";
        };
        /** @description The database does not answer now; retry after the seconds in Retry-After */
        ServiceUnavailableError: {
            /** @constant */
            error: "service_unavailable";
        };
        SignedAgentTotals: {
            /** @description Agent origin the signatures verified against or claimed (Signature-Agent); null for invalid signatures naming none */
            agent: string | null;
            /** @description The taxonomy bot listing this agent origin, else the synthetic signed-agent bot */
            botId: string;
            verified: number;
            invalid: number;
            unverified: number;
            total: number;
        };
        Snapshot: {
            /** @description SHA-256 of the served HTML */
            contentHash: string;
            renderStatus: number | null;
            contentSizeBytes: number | null;
            /** @description Presigned download link (plain GET, no Authorization; a secret); null once the stored copy is gone */
            htmlUrl: string | null;
        };
        /** @description A known snapshot whose HTML is no longer retained */
        SnapshotHtmlGoneError: {
            /** @constant */
            error: "snapshot not found in storage";
        };
        /** @description Neither or both of id and snapshot_id */
        SnapshotIdRequiredError: {
            /** @constant */
            error: "id or snapshot_id required";
        };
        /** @description No such snapshot, or not accessible */
        SnapshotNotFoundError: {
            /** @constant */
            error: "not found";
        };
        /** @description Storage is temporarily unreachable; retry later */
        SnapshotStorageUnavailableError: {
            /** @constant */
            error: "snapshot storage unavailable";
        };
        /** @description T plus total */
        TierTotals: {
            verified: number;
            declared: number;
            unknown: number;
            total: number;
        };
        /** @description T: crawls per tier */
        Tiers: {
            verified: number;
            declared: number;
            unknown: number;
        };
        UpdateDomainSettingsRequest: {
            /** @description Seconds a cached page stays fresh (at most 30 days); null: the instance's default */
            pageCacheTtlSeconds?: number | null;
            /**
             * @description `public` sends the domain as the origin's Host (virtual hosts)
             * @enum {string}
             */
            originHost?: "origin" | "public";
            /** @description ["desktop"] or ["desktop", "mobile"] (any order; desktop is always kept) */
            renderVariants?: ("desktop" | "mobile")[];
            /** @description Sitemap URLs on the domain's host (http or https, no port or credentials), at most 50; [] clears the list */
            sitemaps?: string[];
            /** @description Renders per UTC hour warming may queue; null: the instance's default */
            warmRendersPerHour?: number | null;
            /** @description true: the hourly `sitemap_warm` job warms this domain */
            warmScheduled?: boolean;
        };
        UpdateDomainSettingsResponse: {
            /** Format: uuid */
            domainId: string;
            domain: string;
            role: components["schemas"]["Role"];
            /** @description Where renders and passed-on visitors go; set by the operator (CLI), not the API */
            originUrl: string | null;
            /**
             * @description The Host the origin gets: its own (`origin`) or the domain's (`public`)
             * @enum {string}
             */
            originHost: "origin" | "public";
            /** @description How long a cached page stays fresh; null: the instance's default */
            pageCacheTtlSeconds: number | null;
            /** @description Renders kept per page: desktop, or desktop and mobile (smartphone crawlers get the mobile one) */
            renderVariants: ("desktop" | "mobile")[];
            /** @description Sitemaps warming reads besides the origin's robots.txt `Sitemap:` lines (http(s) URLs on the domain's host) */
            sitemaps: string[];
            /** @description Renders per UTC hour warming may queue; null: the instance's default */
            warmRendersPerHour: number | null;
            /** @description The hourly `sitemap_warm` job warms this domain */
            warmScheduled: boolean;
            /** @description false: saved, but the domain's cached settings could not be refreshed at once; the change may take a few minutes to apply (no retry needed) */
            cacheInvalidated: boolean;
        };
        UpdateRoutingRuleRequest: {
            /** @description Only the path's own domainId (a rule cannot move domains) */
            domainId?: string;
            /** @description Path pattern starting with /, at most 2,048 characters, trimmed; unique per domain ignoring letter case and a trailing slash */
            sourcePath?: string;
            /** @enum {string} */
            ruleType?: "redirect" | "proxy";
            redirectCode?: (301 | 302) | null;
            priority?: number;
            /** @description false: kept but not applied */
            isActive?: boolean;
            /** @description Internal, at most 2,000 characters, trimmed; null or empty clears */
            notes?: string | null;
            targetUrl?: string | null;
        };
        UpdateRoutingRuleResponse: {
            rule: components["schemas"]["RoutingRule"];
            /** @description false: saved, but the domain's cached settings could not be refreshed at once; the change may take a few minutes to apply (no retry needed) */
            cacheInvalidated: boolean;
        };
        /** @description What to publish to prove control of the host */
        VerificationChallenge: {
            /** @description The domain's token: the same until the domain is verified */
            token: string;
            /** @description Where to publish a TXT record: `_crawlgate-challenge.<host>` */
            dnsName: string;
            /** @description The TXT record's value (the token) */
            dnsValue: string;
            /** @description Or: the path on the domain's origin of a file whose trimmed body is the token */
            httpPath: string;
        };
        VerifyDomainRequest: Record<string, never>;
        VerifyDomainResponse: {
            /** Format: uuid */
            domainId: string;
            /** @description `verified`, or `pending` when no check found the token */
            verificationStage: string;
            /** @description null once the domain is verified */
            challenge: components["schemas"]["VerificationChallenge"] | null;
            /** @description How the domain was verified, or what each check found */
            message: string;
        };
        WarmCacheRequest: {
            /** @description Hostname of a domain the key owner owns or manages */
            domain: string;
            /** @description Read this sitemap or sitemap index (an http(s) URL on the domain's host) instead of the domain's own */
            sitemapUrl?: string;
            /** @description Pages to render whatever their cache holds (unless a render is pending); without sitemapUrl no sitemap is read */
            paths?: string[];
            /** @description Compute the answer without queueing anything or spending budget */
            dryRun?: boolean;
        };
        WarmCacheResponse: {
            /** @description Pages queued for a render */
            queued: number;
            /** @description Listed pages whose cached render is current */
            alreadyFresh: number;
            /** @description Entries not warmed: not a page URL of the domain (another host, outside the sitemap's directory) or a render already pending */
            skipped: number;
            /** @description Pages that need a render but are over the domain's renders-per-hour budget (a later warm queues them) */
            budgetDeferred: number;
            /** @description Every sitemap file met, in the order read */
            sitemaps: components["schemas"]["WarmedSitemap"][];
        };
        WarmedSitemap: {
            url: string;
            /** @description Entries read from the file (pages, or an index's sitemaps) */
            urls: number;
            /** @description What was wrong with the file (with its line), or null */
            error: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    purgeCache: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domain": "shop.example.com",
                 *       "path": "/products/widget"
                 *     }
                 */
                "application/json": components["schemas"]["PurgeCacheRequest"];
            };
        };
        responses: {
            /** @description Queue a re-render of one page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "queued": true,
                     *       "path": "/products/widget",
                     *       "message": "Re-render queued; fresh HTML is typically available within seconds."
                     *     }
                     */
                    "application/json": components["schemas"]["PurgeCacheResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `domain_not_authorized`: The domain is not one the key owner can access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotAuthorizedError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    warmCache: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domain": "shop.example.com"
                 *     }
                 */
                "application/json": components["schemas"]["WarmCacheRequest"];
            };
        };
        responses: {
            /** @description Warm the page cache from the domain's sitemaps */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "queued": 1200,
                     *       "alreadyFresh": 8650,
                     *       "skipped": 12,
                     *       "budgetDeferred": 138,
                     *       "sitemaps": [
                     *         {
                     *           "url": "https://shop.example.com/sitemap_index.xml",
                     *           "urls": 2,
                     *           "error": null
                     *         },
                     *         {
                     *           "url": "https://shop.example.com/sitemaps/products.xml.gz",
                     *           "urls": 9988,
                     *           "error": null
                     *         },
                     *         {
                     *           "url": "https://shop.example.com/sitemaps/blog.xml",
                     *           "urls": 0,
                     *           "error": "line 41: unclosed tag: url"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WarmCacheResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `domain_not_authorized`: The domain is not one the key owner can access / `forbidden`: Viewers cannot create, update or delete routing rules / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotAuthorizedError"] | components["schemas"]["ForbiddenError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    listUserDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["ListUserDomainsRequest"];
            };
        };
        responses: {
            /** @description List accessible domains */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "domainCount": 1,
                     *       "domains": [
                     *         {
                     *           "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *           "domain": "shop.example.com",
                     *           "originUrl": "https://origin.example.com",
                     *           "role": "owner",
                     *           "verificationStage": "pending",
                     *           "createdAt": "2026-11-20T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListUserDomainsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportUserAnalytics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "period": "1d"
                 *     }
                 */
                "application/json": components["schemas"]["ExportUserAnalyticsRequest"];
            };
        };
        responses: {
            /** @description Export per-domain cache and legacy bot analytics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": "1d",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "domainCount": 1,
                     *       "domains": [
                     *         {
                     *           "domain": "shop.example.com",
                     *           "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *           "role": "owner",
                     *           "summary": {
                     *             "totalCrawls": 4,
                     *             "prerenders": 1,
                     *             "cachedViews": 3,
                     *             "cacheMisses": 1,
                     *             "cacheHitRate": 75
                     *           },
                     *           "botTotals": {
                     *             "googlebot": 3,
                     *             "bingbot": 0,
                     *             "gptbot": 1,
                     *             "claudebot": 0,
                     *             "perplexitybot": 0,
                     *             "bytespider": 0,
                     *             "facebookbot": 0,
                     *             "twitterbot": 0,
                     *             "linkedinbot": 0,
                     *             "pinterestbot": 0,
                     *             "redditbot": 0,
                     *             "slackbot": 0,
                     *             "discordbot": 0,
                     *             "telegrambot": 0,
                     *             "whatsappbot": 0,
                     *             "skypebot": 0,
                     *             "vkbot": 0,
                     *             "snapchatbot": 0,
                     *             "social_other": 0,
                     *             "applebot": 0,
                     *             "amazonbot": 0,
                     *             "yandexbot": 0,
                     *             "baiduspider": 0,
                     *             "duckduckbot": 0,
                     *             "ccbot": 0
                     *           },
                     *           "botSeries": [
                     *             {
                     *               "date": "2026-11-20",
                     *               "googlebot": 3,
                     *               "bingbot": 0,
                     *               "gptbot": 1,
                     *               "claudebot": 0,
                     *               "perplexitybot": 0,
                     *               "bytespider": 0,
                     *               "facebookbot": 0,
                     *               "twitterbot": 0,
                     *               "linkedinbot": 0,
                     *               "pinterestbot": 0,
                     *               "redditbot": 0,
                     *               "slackbot": 0,
                     *               "discordbot": 0,
                     *               "telegrambot": 0,
                     *               "whatsappbot": 0,
                     *               "skypebot": 0,
                     *               "vkbot": 0,
                     *               "snapchatbot": 0,
                     *               "social_other": 0,
                     *               "applebot": 0,
                     *               "amazonbot": 0,
                     *               "yandexbot": 0,
                     *               "baiduspider": 0,
                     *               "duckduckbot": 0,
                     *               "ccbot": 0
                     *             }
                     *           ],
                     *           "topPages": [
                     *             {
                     *               "url": "https://shop.example.com/products/widget",
                     *               "seoScore": 85,
                     *               "seoIssuesCount": 2,
                     *               "botTotal": 4
                     *             }
                     *           ],
                     *           "seo": {
                     *             "good": 1,
                     *             "needsWork": 0,
                     *             "poor": 0,
                     *             "unknown": 0,
                     *             "totalPages": 1,
                     *             "totalIssues": 2
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ExportUserAnalyticsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportCrawlAnalytics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "startDate": "2026-11-19"
                 *     }
                 */
                "application/json": components["schemas"]["ExportCrawlAnalyticsRequest"];
            };
        };
        responses: {
            /** @description Export per-bot crawl analytics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": null,
                     *       "startDate": "2026-11-19",
                     *       "endDate": "2026-11-20",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "legacyCutover": "2026-07-09",
                     *       "definitionsVersion": "1.1",
                     *       "domainCount": 1,
                     *       "domains": [
                     *         {
                     *           "domain": "shop.example.com",
                     *           "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *           "role": "owner",
                     *           "summary": {
                     *             "totalCrawls": 6,
                     *             "namedCrawls": 6,
                     *             "verifiedCrawls": 3
                     *           },
                     *           "botTotals": {
                     *             "googlebot": {
                     *               "intent": "search-classic",
                     *               "verified": 2,
                     *               "declared": 1,
                     *               "unknown": 0,
                     *               "total": 3
                     *             },
                     *             "chatgpt-agent": {
                     *               "intent": "answer-fetch",
                     *               "verified": 1,
                     *               "declared": 1,
                     *               "unknown": 0,
                     *               "total": 2
                     *             },
                     *             "gptbot": {
                     *               "intent": "training",
                     *               "verified": 0,
                     *               "declared": 1,
                     *               "unknown": 0,
                     *               "total": 1
                     *             }
                     *           },
                     *           "botSeries": [
                     *             {
                     *               "date": "2026-11-19",
                     *               "googlebot": {
                     *                 "verified": 1,
                     *                 "declared": 0,
                     *                 "unknown": 0,
                     *                 "total": 1
                     *               },
                     *               "chatgpt-agent": {
                     *                 "verified": 0,
                     *                 "declared": 0,
                     *                 "unknown": 0,
                     *                 "total": 0
                     *               },
                     *               "gptbot": {
                     *                 "verified": 0,
                     *                 "declared": 1,
                     *                 "unknown": 0,
                     *                 "total": 1
                     *               }
                     *             },
                     *             {
                     *               "date": "2026-11-20",
                     *               "googlebot": {
                     *                 "verified": 1,
                     *                 "declared": 1,
                     *                 "unknown": 0,
                     *                 "total": 2
                     *               },
                     *               "chatgpt-agent": {
                     *                 "verified": 1,
                     *                 "declared": 1,
                     *                 "unknown": 0,
                     *                 "total": 2
                     *               },
                     *               "gptbot": {
                     *                 "verified": 0,
                     *                 "declared": 0,
                     *                 "unknown": 0,
                     *                 "total": 0
                     *               }
                     *             }
                     *           ],
                     *           "signedAgents": [
                     *             {
                     *               "agent": "https://chatgpt.com",
                     *               "botId": "chatgpt-agent",
                     *               "verified": 1,
                     *               "invalid": 1,
                     *               "unverified": 0,
                     *               "total": 2
                     *             }
                     *           ],
                     *           "signedAgentCount": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ExportCrawlAnalyticsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportPageAnalytics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "period": "7d",
                 *       "pageSize": 1
                 *     }
                 */
                "application/json": components["schemas"]["ExportPageAnalyticsRequest"];
            };
        };
        responses: {
            /** @description Export pages ranked by crawl volume */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": "7d",
                     *       "startDate": "2026-11-14",
                     *       "endDate": "2026-11-20",
                     *       "granularity": "day",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "legacyCutover": "2026-07-09",
                     *       "domain": "shop.example.com",
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "role": "owner",
                     *       "pageCount": 2,
                     *       "pages": [
                     *         {
                     *           "path": "/products/widget",
                     *           "total": 3,
                     *           "tiers": {
                     *             "verified": 2,
                     *             "declared": 1,
                     *             "unknown": 0
                     *           },
                     *           "bots": {
                     *             "googlebot": {
                     *               "verified": 2,
                     *               "declared": 0,
                     *               "unknown": 0,
                     *               "total": 2
                     *             },
                     *             "gptbot": {
                     *               "verified": 0,
                     *               "declared": 1,
                     *               "unknown": 0,
                     *               "total": 1
                     *             }
                     *           },
                     *           "series": [
                     *             {
                     *               "bucketStart": "2026-11-14",
                     *               "bucketEnd": "2026-11-14",
                     *               "verified": 0,
                     *               "declared": 0,
                     *               "unknown": 0,
                     *               "total": 0
                     *             },
                     *             {
                     *               "bucketStart": "2026-11-20",
                     *               "bucketEnd": "2026-11-20",
                     *               "verified": 2,
                     *               "declared": 1,
                     *               "unknown": 0,
                     *               "total": 3
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "nextCursor": "v1.k1.eyJkIjoi…In0.c2lnbmF0dXJl"
                     *     }
                     */
                    "application/json": components["schemas"]["ExportPageAnalyticsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json / `invalid_cursor`: The cursor is malformed, expired, another endpoint's or caller's, or its archive changed: restart from the first page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidCursorError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportPageSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "url": "https://shop.example.com/products/widget?ref=x"
                 *     }
                 */
                "application/json": components["schemas"]["ExportPageSnapshotsRequest"];
            };
        };
        responses: {
            /** @description Export which snapshot each bot was served, per day, for one page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "legacyCutover": "2026-07-09",
                     *       "definitionsVersion": "1.1",
                     *       "domain": "shop.example.com",
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "role": "owner",
                     *       "period": "30d",
                     *       "startDate": "2026-10-22",
                     *       "endDate": "2026-11-20",
                     *       "url": "https://shop.example.com/products/widget?ref=x",
                     *       "path": "/products/widget",
                     *       "rows": [
                     *         {
                     *           "day": "2026-11-18",
                     *           "total": 2,
                     *           "tiers": {
                     *             "verified": 1,
                     *             "declared": 1,
                     *             "unknown": 0
                     *           },
                     *           "bots": {
                     *             "googlebot": {
                     *               "total": 2,
                     *               "tiers": {
                     *                 "verified": 1,
                     *                 "declared": 1,
                     *                 "unknown": 0
                     *               },
                     *               "served": [
                     *                 {
                     *                   "servedFrom": "cache",
                     *                   "snapshotId": "a3bb189e-8bf9-3888-9912-ace4e6543002",
                     *                   "variant": "desktop",
                     *                   "tiers": {
                     *                     "verified": 1,
                     *                     "declared": 1,
                     *                     "unknown": 0
                     *                   },
                     *                   "total": 2,
                     *                   "lastSeenAt": "2026-11-18T12:00:00.000Z"
                     *                 }
                     *               ]
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "snapshots": {
                     *         "a3bb189e-8bf9-3888-9912-ace4e6543002": {
                     *           "contentHash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                     *           "renderStatus": 200,
                     *           "contentSizeBytes": 5120,
                     *           "htmlUrl": "https://api.example.com/functions/v1/files/snapshots/a3bb189e-8bf9-3888-9912-ace4e6543002?expires=1795780800&kid=k1&sig=c2ln"
                     *         }
                     *       },
                     *       "htmlUrlExpiresAt": "2026-11-21T10:00:00.000Z",
                     *       "dayCount": 1,
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["ExportPageSnapshotsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json / `invalid_cursor`: The cursor is malformed, expired, another endpoint's or caller's, or its archive changed: restart from the first page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidCursorError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportAiReferrals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "period": "1d"
                 *     }
                 */
                "application/json": components["schemas"]["ExportAiReferralsRequest"];
            };
        };
        responses: {
            /** @description Export human visits from AI answer surfaces */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": "1d",
                     *       "startDate": "2026-11-20",
                     *       "endDate": "2026-11-20",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "domainCount": 1,
                     *       "domains": [
                     *         {
                     *           "domain": "shop.example.com",
                     *           "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *           "role": "owner",
                     *           "referralTotals": {
                     *             "chatgpt": {
                     *               "surfaceType": "assistant",
                     *               "count": 3
                     *             },
                     *             "perplexity": {
                     *               "surfaceType": "answer",
                     *               "count": 1
                     *             }
                     *           },
                     *           "referralSeries": [
                     *             {
                     *               "date": "2026-11-20",
                     *               "chatgpt": 3,
                     *               "perplexity": 1
                     *             }
                     *           ],
                     *           "topLandingPaths": [
                     *             {
                     *               "path": "/pricing",
                     *               "referralTotal": 4,
                     *               "bySource": {
                     *                 "chatgpt": 3,
                     *                 "perplexity": 1
                     *               }
                     *             }
                     *           ],
                     *           "landingPathCount": 1,
                     *           "truncated": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ExportAiReferralsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportCrawlLogs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "period": "1d",
                 *       "pageSize": 1
                 *     }
                 */
                "application/json": components["schemas"]["ExportCrawlLogsRequest"];
            };
        };
        responses: {
            /** @description Export the raw crawl log of one domain. format csv: RFC 4180 CSV (CRLF line ends) with a header row of the row field names; paging metadata moves to headers. Safe in spreadsheets of any locale: a field holding a comma, semicolon, quote, tab or line break is quoted, and a ' is put before a formula trigger (=, +, -, @, tab, CR) at the start of a text field and after any semicolon, tab or line break inside it (where a semicolon-separator spreadsheet starts a cell), also before a quote there and at the field's end after one of those. */
            200: {
                headers: {
                    /** @description text/csv only. Continuation token; absent on the last page */
                    "X-Next-Cursor"?: string;
                    /** @description text/csv only. Comma-separated days with no data yet (empty when none) */
                    "X-Missing-Days"?: string;
                    /** @description text/csv only. Comma-separated provisional days (empty when none) */
                    "X-Provisional-Days"?: string;
                    /** @description text/csv only. attachment; filename="crawl-logs-<domain>-<start>-<end>.csv" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": "1d",
                     *       "startDate": "2026-11-20",
                     *       "endDate": "2026-11-20",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "domain": "shop.example.com",
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "role": "owner",
                     *       "format": "json",
                     *       "rows": [
                     *         {
                     *           "ts": "2026-11-19T09:00:00.000Z",
                     *           "domain": "shop.example.com",
                     *           "path": "/products/widget",
                     *           "userAgent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                     *           "uaHash": "8b1a9953c4611296",
                     *           "servedFrom": "cache",
                     *           "status": 200,
                     *           "bytes": 5120,
                     *           "botOperator": "Google",
                     *           "matchedRange": "66.249.64.0/27",
                     *           "tier": "verified",
                     *           "contentHash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                     *           "signatureAgent": null,
                     *           "signature": null
                     *         }
                     *       ],
                     *       "rowCount": 1,
                     *       "missingDays": [
                     *         "2026-11-20"
                     *       ],
                     *       "provisionalDays": [
                     *         "2026-11-19"
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["ExportCrawlLogsResponse"];
                    "text/csv": string;
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json / `invalid_cursor`: The cursor is malformed, expired, another endpoint's or caller's, or its archive changed: restart from the first page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidCursorError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportRobotsCompliance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "period": "1d"
                 *     }
                 */
                "application/json": components["schemas"]["ExportRobotsComplianceRequest"];
            };
        };
        responses: {
            /** @description Export robots.txt compliance per bot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": "1d",
                     *       "startDate": "2026-11-20",
                     *       "endDate": "2026-11-20",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "domain": "shop.example.com",
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "role": "owner",
                     *       "summary": {
                     *         "requests": 5,
                     *         "disallowedRequests": 2,
                     *         "signalContradictions": 2
                     *       },
                     *       "botTotals": {
                     *         "gptbot": {
                     *           "requests": 2,
                     *           "disallowedRequests": 2,
                     *           "signalContradictions": 2,
                     *           "lastViolationAt": "2026-11-20T09:12:04.117Z"
                     *         },
                     *         "googlebot": {
                     *           "requests": 3,
                     *           "disallowedRequests": 0,
                     *           "signalContradictions": 0,
                     *           "lastViolationAt": null
                     *         }
                     *       },
                     *       "botSeries": [
                     *         {
                     *           "date": "2026-11-20",
                     *           "gptbot": {
                     *             "requests": 2,
                     *             "disallowedRequests": 2,
                     *             "signalContradictions": 2
                     *           },
                     *           "googlebot": {
                     *             "requests": 3,
                     *             "disallowedRequests": 0,
                     *             "signalContradictions": 0
                     *           }
                     *         }
                     *       ],
                     *       "robotsVersions": [
                     *         {
                     *           "effectiveFrom": "2026-11-18T07:00:00.000Z",
                     *           "contentHash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ExportRobotsComplianceResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportCrawlerCharges: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "period": "7d",
                 *       "groupBy": "payer"
                 *     }
                 */
                "application/json": components["schemas"]["ExportCrawlerChargesRequest"];
            };
        };
        responses: {
            /** @description Export what crawlers paid. format csv: RFC 4180 CSV (CRLF line ends), header row `day,path,botId,signatureAgent,currency,charged,amount` (`day` and `path` empty unless grouped by them); totals are not repeated. A text cell starting with =, +, -, @, tab or CR gets a leading '. */
            200: {
                headers: {
                    /** @description text/csv only. attachment; filename="crawler-charges-<domain>-<start>-<end>.csv" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": "7d",
                     *       "startDate": "2026-11-14",
                     *       "endDate": "2026-11-20",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "domain": "shop.example.com",
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "role": "owner",
                     *       "groupBy": "payer",
                     *       "rows": [
                     *         {
                     *           "payer": {
                     *             "botId": "chatgpt-agent",
                     *             "signatureAgent": "https://chatgpt.com"
                     *           },
                     *           "charged": 5,
                     *           "amount": "0.05",
                     *           "currency": "USD"
                     *         },
                     *         {
                     *           "payer": {
                     *             "botId": "signed-agent",
                     *             "signatureAgent": "https://search.bot.kernel.sh"
                     *           },
                     *           "charged": 2,
                     *           "amount": "0.50",
                     *           "currency": "EUR"
                     *         }
                     *       ],
                     *       "totals": [
                     *         {
                     *           "currency": "EUR",
                     *           "charged": 2,
                     *           "amount": "0.50"
                     *         },
                     *         {
                     *           "currency": "USD",
                     *           "charged": 5,
                     *           "amount": "0.05"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ExportCrawlerChargesResponse"];
                    "text/csv": string;
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `forbidden`: Viewers cannot create, update or delete routing rules / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    exportCrawlToRefer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                 *       "period": "30d",
                 *       "groupBy": "path"
                 *     }
                 */
                "application/json": components["schemas"]["ExportCrawlToReferRequest"];
            };
        };
        responses: {
            /** @description Export crawl-to-refer ratios per AI operator */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "period": "30d",
                     *       "startDate": "2026-10-22",
                     *       "endDate": "2026-11-20",
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "domain": "shop.example.com",
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "role": "owner",
                     *       "definitionsVersion": "1.1",
                     *       "groupBy": "path",
                     *       "operators": [
                     *         {
                     *           "operator": "Anthropic",
                     *           "crawls": 830,
                     *           "referrals": 0,
                     *           "ratio": null,
                     *           "paths": [
                     *             {
                     *               "path": "/products/widget",
                     *               "crawls": 830,
                     *               "referrals": 0,
                     *               "ratio": null
                     *             }
                     *           ],
                     *           "pathCount": 1
                     *         },
                     *         {
                     *           "operator": "OpenAI",
                     *           "crawls": 530,
                     *           "referrals": 64,
                     *           "ratio": 8.28,
                     *           "paths": [
                     *             {
                     *               "path": "/products/widget",
                     *               "crawls": 410,
                     *               "referrals": 64,
                     *               "ratio": 6.41
                     *             },
                     *             {
                     *               "path": "/blog/launch",
                     *               "crawls": 120,
                     *               "referrals": 0,
                     *               "ratio": null
                     *             }
                     *           ],
                     *           "pathCount": 2
                     *         }
                     *       ],
                     *       "unattributedReferrals": 3
                     *     }
                     */
                    "application/json": components["schemas"]["ExportCrawlToReferResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getBotDefinitions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "version": "1.1"
                 *     }
                 */
                "application/json": components["schemas"]["GetBotDefinitionsRequest"];
            };
        };
        responses: {
            /** @description Get the bot taxonomy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "generatedAt": "2026-11-20T10:00:00.000Z",
                     *       "definitionsVersion": "1.1",
                     *       "definitionsEffectiveFrom": "2026-11-27T00:00:00.000Z",
                     *       "isCurrent": true,
                     *       "userId": "5b0e3c1a-6f3e-4a8e-9c57-2f1d0c7e9a10",
                     *       "intentCount": 1,
                     *       "botCount": 1,
                     *       "intents": [
                     *         {
                     *           "intent": "training",
                     *           "label": "AI training",
                     *           "description": "Crawlers that collect content to train AI models.",
                     *           "isAiIntent": true,
                     *           "botCount": 1
                     *         }
                     *       ],
                     *       "bots": [
                     *         {
                     *           "botId": "gptbot",
                     *           "displayName": "GPTBot",
                     *           "operator": "OpenAI",
                     *           "intent": "training",
                     *           "uaPatterns": [
                     *             "gptbot"
                     *           ],
                     *           "verificationMethod": "published_ip_ranges",
                     *           "isActive": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetBotDefinitionsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "snapshot_id": "a3bb189e-8bf9-3888-9912-ace4e6543002"
                 *     }
                 */
                "application/json": components["schemas"]["GetSnapshotRequest"];
            };
        };
        responses: {
            /** @description Get a snapshot's HTML */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "html": "<!doctype html><html lang=\"en\"><title>Widget</title></html>"
                     *     }
                     */
                    "application/json": components["schemas"]["GetSnapshotResponse"];
                };
            };
            /** @description `id or snapshot_id required`: Neither or both of id and snapshot_id / `invalid JSON body`: The body is not a JSON object / `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SnapshotIdRequiredError"] | components["schemas"]["InvalidJsonBodyError"] | components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `not found`: No such snapshot, or not accessible / `snapshot not found in storage`: A known snapshot whose HTML is no longer retained */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SnapshotNotFoundError"] | components["schemas"]["SnapshotHtmlGoneError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `snapshot storage unavailable`: Storage is temporarily unreachable; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SnapshotStorageUnavailableError"];
                };
            };
        };
    };
    listRoutingRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List a domain's routing rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "domain": "shop.example.com",
                     *       "role": "owner",
                     *       "ruleCount": 1,
                     *       "limit": 100,
                     *       "rules": [
                     *         {
                     *           "ruleId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *           "sourcePath": "/old-pricing",
                     *           "targetUrl": "/pricing",
                     *           "ruleType": "redirect",
                     *           "redirectCode": 301,
                     *           "priority": 0,
                     *           "isActive": true,
                     *           "notes": "Moved in the 2026 redesign",
                     *           "createdAt": "2026-11-20T10:00:00.000Z",
                     *           "updatedAt": "2026-11-20T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ListRoutingRulesResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    createRoutingRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sourcePath": "/old-pricing",
                 *       "targetUrl": "/pricing",
                 *       "notes": "Moved in the 2026 redesign"
                 *     }
                 */
                "application/json": components["schemas"]["CreateRoutingRuleRequest"];
            };
        };
        responses: {
            /** @description Create a routing rule */
            201: {
                headers: {
                    /** @description `/functions/v1/domains/{domainId}/routing-rules/{ruleId}` of the new rule */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rule": {
                     *         "ruleId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *         "sourcePath": "/old-pricing",
                     *         "targetUrl": "/pricing",
                     *         "ruleType": "redirect",
                     *         "redirectCode": 301,
                     *         "priority": 0,
                     *         "isActive": true,
                     *         "notes": "Moved in the 2026 redesign",
                     *         "createdAt": "2026-11-20T10:00:00.000Z",
                     *         "updatedAt": "2026-11-20T10:00:00.000Z"
                     *       },
                     *       "cacheInvalidated": true
                     *     }
                     */
                    "application/json": components["schemas"]["CreateRoutingRuleResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `forbidden`: Viewers cannot create, update or delete routing rules / `rule_limit_reached`: The domain already has as many rules as its owner's plan allows / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"] | components["schemas"]["RuleLimitReachedError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `duplicate_source_path`: Another rule of the domain has this sourcePath (letter case and one trailing slash ignored) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateSourcePathError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getRoutingRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
                /** @description UUID-style ID, either letter case */
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get one routing rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rule": {
                     *         "ruleId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *         "sourcePath": "/old-pricing",
                     *         "targetUrl": "/pricing",
                     *         "ruleType": "redirect",
                     *         "redirectCode": 301,
                     *         "priority": 0,
                     *         "isActive": true,
                     *         "notes": "Moved in the 2026 redesign",
                     *         "createdAt": "2026-11-20T10:00:00.000Z",
                     *         "updatedAt": "2026-11-20T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetRoutingRuleResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible / `rule_not_found`: No rule with that ID on that domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"] | components["schemas"]["RuleNotFoundError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    deleteRoutingRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
                /** @description UUID-style ID, either letter case */
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a routing rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deleted": true,
                     *       "rule": {
                     *         "ruleId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *         "sourcePath": "/old-pricing",
                     *         "targetUrl": "/pricing",
                     *         "ruleType": "redirect",
                     *         "redirectCode": 301,
                     *         "priority": 0,
                     *         "isActive": true,
                     *         "notes": "Moved in the 2026 redesign",
                     *         "createdAt": "2026-11-20T10:00:00.000Z",
                     *         "updatedAt": "2026-11-20T10:00:00.000Z"
                     *       },
                     *       "cacheInvalidated": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteRoutingRuleResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `forbidden`: Viewers cannot create, update or delete routing rules / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible / `rule_not_found`: No rule with that ID on that domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"] | components["schemas"]["RuleNotFoundError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    updateRoutingRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
                /** @description UUID-style ID, either letter case */
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "redirectCode": 302
                 *     }
                 */
                "application/json": components["schemas"]["UpdateRoutingRuleRequest"];
            };
        };
        responses: {
            /** @description Update a routing rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rule": {
                     *         "ruleId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *         "sourcePath": "/old-pricing",
                     *         "targetUrl": "/pricing",
                     *         "ruleType": "redirect",
                     *         "redirectCode": 302,
                     *         "priority": 0,
                     *         "isActive": true,
                     *         "notes": "Moved in the 2026 redesign",
                     *         "createdAt": "2026-11-20T10:00:00.000Z",
                     *         "updatedAt": "2026-11-20T10:00:00.000Z"
                     *       },
                     *       "cacheInvalidated": true
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateRoutingRuleResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `forbidden`: Viewers cannot create, update or delete routing rules / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible / `rule_not_found`: No rule with that ID on that domain */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"] | components["schemas"]["RuleNotFoundError"];
                };
            };
            /** @description `duplicate_source_path`: Another rule of the domain has this sourcePath (letter case and one trailing slash ignored) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateSourcePathError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getCrawlerPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get the domain's crawler policy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetCrawlerPolicyResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    replaceCrawlerPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ReplaceCrawlerPolicyRequest"];
            };
        };
        responses: {
            /** @description Replace the domain's crawler policy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplaceCrawlerPolicyResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `forbidden`: Viewers cannot create, update or delete routing rules / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getRobotsTxt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Preview a domain's robots.txt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "domain": "shop.example.com",
                     *       "role": "owner",
                     *       "robotsTxt": "# crawlgate: generated from the crawler policy (blocked crawlers)\nUser-agent: GPTBot\nDisallow: /\n\n# crawlgate: the origin's robots.txt follows\nUser-agent: *\nDisallow: /admin\n",
                     *       "contentHash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                     *       "originFound": true,
                     *       "blockedBots": [
                     *         {
                     *           "botId": "gptbot",
                     *           "tokens": [
                     *             "GPTBot"
                     *           ]
                     *         }
                     *       ],
                     *       "servedVersion": {
                     *         "effectiveFrom": "2026-11-20T09:00:00.000Z",
                     *         "contentHash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GetRobotsTxtResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    verifyDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["VerifyDomainRequest"];
            };
        };
        responses: {
            /** @description Verify ownership of a domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "verificationStage": "pending",
                     *       "challenge": {
                     *         "token": "cg-Zk3xQ9vR2mT7bW1nY5cH8dJ4pL6sA0eF",
                     *         "dnsName": "_crawlgate-challenge.shop.example.com",
                     *         "dnsValue": "cg-Zk3xQ9vR2mT7bW1nY5cH8dJ4pL6sA0eF",
                     *         "httpPath": "/.well-known/crawlgate-verification.txt"
                     *       },
                     *       "message": "Not verified yet. DNS: TXT _crawlgate-challenge.shop.example.com: no record found (queryTxt ENOTFOUND). HTTP: https://origin.example.com/.well-known/crawlgate-verification.txt answered 404."
                     *     }
                     */
                    "application/json": components["schemas"]["VerifyDomainResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `forbidden`: Viewers cannot create, update or delete routing rules / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getDomainSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read a domain's settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "domain": "shop.example.com",
                     *       "role": "owner",
                     *       "originUrl": "https://origin.example.com",
                     *       "originHost": "origin",
                     *       "pageCacheTtlSeconds": 3600,
                     *       "renderVariants": [
                     *         "desktop",
                     *         "mobile"
                     *       ],
                     *       "sitemaps": [
                     *         "https://shop.example.com/sitemap_index.xml"
                     *       ],
                     *       "warmRendersPerHour": null,
                     *       "warmScheduled": true
                     *     }
                     */
                    "application/json": components["schemas"]["GetDomainSettingsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    updateDomainSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "renderVariants": [
                 *         "desktop",
                 *         "mobile"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateDomainSettingsRequest"];
            };
        };
        responses: {
            /** @description Change a domain's settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "domainId": "0f8fad5b-d9cb-469f-a165-70867728950e",
                     *       "domain": "shop.example.com",
                     *       "role": "owner",
                     *       "originUrl": "https://origin.example.com",
                     *       "originHost": "origin",
                     *       "pageCacheTtlSeconds": 3600,
                     *       "renderVariants": [
                     *         "desktop",
                     *         "mobile"
                     *       ],
                     *       "sitemaps": [
                     *         "https://shop.example.com/sitemap_index.xml"
                     *       ],
                     *       "warmRendersPerHour": null,
                     *       "warmScheduled": true,
                     *       "cacheInvalidated": true
                     *     }
                     */
                    "application/json": components["schemas"]["UpdateDomainSettingsResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `forbidden`: Viewers cannot create, update or delete routing rules / `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"] | components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `invalid_request`: The request body is over 1 MiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLargeError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getCacheStatus: {
        parameters: {
            query: {
                /** @description URL path starting with /; a query string is kept (tracking parameters dropped) */
                path: string;
            };
            header?: never;
            path: {
                /** @description UUID-style ID, either letter case */
                domainId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cache status of one page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "path": "/products/widget",
                     *       "variants": [
                     *         {
                     *           "variant": "desktop",
                     *           "cached": true,
                     *           "renderedAt": "2026-11-20T09:00:00.000Z",
                     *           "expiresAt": "2026-11-21T09:00:00.000Z",
                     *           "fresh": true,
                     *           "contentHash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                     *           "pendingRender": false
                     *         },
                     *         {
                     *           "variant": "mobile",
                     *           "cached": false,
                     *           "renderedAt": null,
                     *           "expiresAt": null,
                     *           "fresh": false,
                     *           "contentHash": null,
                     *           "pendingRender": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["GetCacheStatusResponse"];
                };
            };
            /** @description `invalid_request`: A missing or invalid parameter, window, enum, ID in the path, or a body that is not a JSON object sent as application/json */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            /** @description `invalid_api_key`: The API key is missing, invalid or revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidApiKeyError"];
                };
            };
            /** @description `plan_upgrade_required`: Programmatic access needs the Pro plan or above */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanUpgradeRequiredError"];
                };
            };
            /** @description `domain_not_found`: The domain does not exist or is not accessible */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainNotFoundError"];
                };
            };
            /** @description `rate_limit_exceeded_per_minute` or `rate_limit_exceeded_monthly`: Quota exceeded; match on the rate_limit_exceeded prefix. Retry-After gives the seconds until the window resets */
            429: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `internal_error`: An unexpected failure; never carries details */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description `service_unavailable`: The database does not answer now; retry after the seconds in Retry-After */
            503: {
                headers: {
                    /** @description Whole seconds until the exhausted window resets */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceUnavailableError"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    downloadSnapshotHtml: {
        parameters: {
            query: {
                /** @description Expiry, Unix seconds */
                expires: string;
                /** @description Signing key ID */
                kid: string;
                /** @description Signature */
                sig: string;
            };
            header?: never;
            path: {
                /** @description Lowercase snapshot ID */
                snapshotId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    /** @description no-store, no-transform (sent as stored: never compressed again) */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description `not_found`: No such path, or a refused presigned link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description `snapshot storage unavailable`: Storage is temporarily unreachable; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SnapshotStorageUnavailableError"];
                };
            };
        };
    };
    downloadArchivePart: {
        parameters: {
            query: {
                /** @description Expiry, Unix seconds */
                expires: string;
                /** @description Signing key ID */
                kid: string;
                /** @description Signature */
                sig: string;
            };
            header?: never;
            path: {
                /** @description Lowercase domain ID */
                domainId: string;
                /** @description UTC day */
                day: string;
                /** @description Part file name */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    /** @description no-store, no-transform (sent as stored: never compressed again) */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apache.parquet": string;
                };
            };
            /** @description `not_found`: No such path, or a refused presigned link */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description `snapshot storage unavailable`: Storage is temporarily unreachable; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SnapshotStorageUnavailableError"];
                };
            };
        };
    };
}
