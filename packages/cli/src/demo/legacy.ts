import {
  createCrawlgate,
  getTaxonomy,
  type IngestService,
  type Logger,
  type Stores,
  type Taxonomy,
} from "@crawlgate/core";
import { LEGACY_CUTOVER, type LegacyCountInput, legacyKeys } from "@crawlgate/core/adapter-kit";
import { DEMO_DAYS, type DemoSite, SITES } from "./sites.js";
import {
  DEMO_MIX,
  dailyVolume,
  demoDays,
  demoResolver,
  ELSEWHERE,
  prng,
  type Source,
} from "./traffic.js";

/**
 * Share of a site's daily crawls per legacy key before the cutover. Keys not listed had no
 * traffic on the demo sites; the rest of the crawls were under no key. How many of a key's
 * crawls were verified is not seeded: each crawl gets an address as the demo's live traffic
 * does (its bot's source, or a spoofer's from elsewhere: `DEMO_MIX`) and the real verifier
 * decides (`verifiedCount`).
 */
export const LEGACY_MIX: Readonly<Record<string, { share: number }>> = {
  googlebot: { share: 0.3 },
  bingbot: { share: 0.11 },
  gptbot: { share: 0.07 },
  claudebot: { share: 0.04 },
  perplexitybot: { share: 0.015 },
  bytespider: { share: 0.05 },
  facebookbot: { share: 0.05 },
  twitterbot: { share: 0.015 },
  linkedinbot: { share: 0.008 },
  pinterestbot: { share: 0.006 },
  redditbot: { share: 0.004 },
  slackbot: { share: 0.006 },
  discordbot: { share: 0.004 },
  telegrambot: { share: 0.003 },
  whatsappbot: { share: 0.005 },
  skypebot: { share: 0.0005 },
  vkbot: { share: 0.001 },
  snapchatbot: { share: 0.001 },
  social_other: { share: 0.004 },
  applebot: { share: 0.03 },
  amazonbot: { share: 0.04 },
  yandexbot: { share: 0.02 },
  baiduspider: { share: 0.012 },
  duckduckbot: { share: 0.006 },
  ccbot: { share: 0.02 },
};

type Verify = Pick<IngestService["verifier"], "verify">;
type BotDefinition = Parameters<Verify["verify"]>[0];

/**
 * Where a legacy key's crawls come from: the bot of its `DEMO_MIX` entry (its addresses and
 * spoofed share), else its first bot from elsewhere; `null` for a key that names no bot.
 */
function keySources(): Map<
  string,
  { bot: Readonly<BotDefinition>; source: Source; spoofed: number } | null
> {
  const bots = new Map((getTaxonomy() as Taxonomy).bots.map((b) => [b.botId, b]));
  return new Map(
    legacyKeys().map((k) => {
      const mix = DEMO_MIX.find((m) => k.botIds.includes(m.botId));
      const bot = bots.get(mix?.botId ?? k.botIds[0] ?? "");
      if (!bot) return [k.key, null];
      return [k.key, { bot, source: mix?.source ?? ELSEWHERE, spoofed: mix?.spoofed ?? 0 }];
    }),
  );
}

/**
 * Of `total` crawls of a key on a day, how many the verifier confirms: each gets an address
 * (deterministic per `seed`) and is verified; answers are kept per address.
 */
async function verifiedCount(
  total: number,
  from: { bot: Readonly<BotDefinition>; source: Source; spoofed: number } | null,
  seed: number,
  verify: (bot: Readonly<BotDefinition>, ip: string) => Promise<boolean>,
): Promise<number> {
  if (!from) return 0;
  const random = prng(seed);
  let verified = 0;
  for (let i = 0; i < total; i++) {
    const ip = random() < from.spoofed ? ELSEWHERE(random) : from.source(random);
    if (await verify(from.bot, ip)) verified++;
  }
  return verified;
}

/** The verifier of the demo's live traffic: shipped ranges, and the demo's DNS for the rest. */
function demoVerification(stores: Stores, now: Date, logger: Logger) {
  const { ingest } = createCrawlgate({
    ...stores,
    clock: { now: () => now },
    logger,
    resolver: demoResolver,
  });
  return { verifier: ingest.verifier, close: () => ingest.close() };
}

/**
 * Imports per-key crawl counts for the demo days before the cutover (what a legacy system
 * would have kept: no raw rows, no tiers but verified/total), the verified counts from running
 * `verifier` (default: the demo's, as for its live traffic) on addresses drawn for each crawl.
 * Days that already have legacy counts are skipped, so a restart adds nothing twice.
 */
export async function seedDemoLegacy(options: {
  stores: Stores;
  sites: readonly DemoSite[];
  now: Date;
  logger: Logger;
  verifier?: Verify;
}): Promise<{ days: number }> {
  const today = options.now.toISOString().slice(0, 10);
  const all = demoDays(today, DEMO_DAYS);
  const days = all.filter((day) => day < LEGACY_CUTOVER);
  if (days.length === 0) return { days: 0 };
  const own = options.verifier
    ? null
    : demoVerification(options.stores, options.now, options.logger);
  const verifier = options.verifier ?? (own?.verifier as Verify);
  const answers = new Map<string, boolean>();
  const verify = async (bot: Readonly<BotDefinition>, ip: string) => {
    const key = `${bot.botId} ${ip}`;
    let ok = answers.get(key);
    if (ok === undefined) {
      ok = (await verifier.verify(bot, ip)).tier === "verified";
      answers.set(key, ok);
    }
    return ok;
  };
  const sources = keySources();
  let seeded = 0;
  try {
    for (const site of options.sites) {
      const spec = SITES[site.kind].legacy;
      const existing = new Set(
        (
          await options.stores.crawls.legacyDayCounts(
            site.domainId,
            days[0] as string,
            days.at(-1) as string,
          )
        ).map((c) => c.day),
      );
      for (const day of days) {
        if (existing.has(day)) continue;
        const index = all.indexOf(day);
        const progress = index / Math.max(1, all.length - 1);
        const random = prng(spec.seed * 100_000 + index);
        const volume = dailyVolume(spec.base, day, progress, random);
        const rows: LegacyCountInput[] = [];
        for (const [k, { key }] of legacyKeys().entries()) {
          const mix = LEGACY_MIX[key];
          if (!mix) continue;
          const total = Math.round(volume * mix.share * (0.8 + 0.4 * random()));
          const seed = (spec.seed * 100_000 + index) * 32 + k;
          const verified = await verifiedCount(total, sources.get(key) ?? null, seed, verify);
          rows.push({ key, total, verified });
        }
        await options.stores.crawls.addLegacyCounts(site.domainId, day, rows);
        seeded++;
      }
    }
  } finally {
    await own?.close();
  }
  options.logger.info("demo.legacy_seeded", { days: seeded });
  return { days: seeded };
}
