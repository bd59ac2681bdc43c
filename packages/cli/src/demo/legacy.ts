import { type CrawlStore, LEGACY_CUTOVER, type Logger } from "@crawlgate/core";
import { type LegacyCountInput, legacyKeys } from "@crawlgate/core/adapter-kit";
import { DEMO_DAYS, type DemoSite, SITES } from "./sites.js";
import { dailyVolume, demoDays, prng } from "./traffic.js";

/**
 * Share of a site's daily crawls per legacy key before the cutover, with the share of them that
 * was verified (only the two classic search engines carried a verified tier back then). Keys
 * not listed had no traffic on the demo sites. The rest of the crawls were under no key.
 */
export const LEGACY_MIX: Readonly<Record<string, { share: number; verified?: number }>> = {
  googlebot: { share: 0.3, verified: 0.92 },
  bingbot: { share: 0.11, verified: 0.88 },
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

/**
 * Imports per-key crawl counts for the demo days before the cutover (what a legacy system
 * would have kept: no raw rows, no tiers but verified/total). Days that already have legacy
 * counts are skipped, so a restart adds nothing twice.
 */
export async function seedDemoLegacy(options: {
  crawls: CrawlStore;
  sites: readonly DemoSite[];
  now: Date;
  logger: Logger;
}): Promise<{ days: number }> {
  const today = options.now.toISOString().slice(0, 10);
  const all = demoDays(today, DEMO_DAYS);
  const days = all.filter((day) => day < LEGACY_CUTOVER);
  let seeded = 0;
  if (days.length === 0) return { days: 0 };
  for (const site of options.sites) {
    const spec = SITES[site.kind].legacy;
    const existing = new Set(
      (
        await options.crawls.legacyDayCounts(
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
      for (const { key } of legacyKeys()) {
        const mix = LEGACY_MIX[key];
        if (!mix) continue;
        const total = Math.round(volume * mix.share * (0.8 + 0.4 * random()));
        rows.push({ key, total, verified: Math.round(total * (mix.verified ?? 0)) });
      }
      await options.crawls.addLegacyCounts(site.domainId, day, rows);
      seeded++;
    }
  }
  options.logger.info("demo.legacy_seeded", { days: seeded });
  return { days: seeded };
}
