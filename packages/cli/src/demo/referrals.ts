import { createCrawlgate, type Logger, type Stores } from "@crawlgate/core";
import { DEMO_DAYS, type DemoSite, SITES } from "./sites.js";
import { demoDays, prng, sitePaths, zipfIndex } from "./traffic.js";

/** Where a demo AI visit comes from: a Referer (or only a utm tag), with a share that moves. */
interface ReferrerMix {
  /** The Referer header; `null`: stripped, the visit is found by its `utm_source` only. */
  referer: string | null;
  utmSource?: string;
  /** Relative weight at the start of the window and at its end (AI traffic shifts over time). */
  from: number;
  to: number;
}

/**
 * Hosts from `ai-sources.json` (so the real detection attributes them), a few stripped
 * Referers that keep a utm tag, and unrecognised AI-looking hosts that land under `unknown`.
 */
export const DEMO_REFERRERS: readonly ReferrerMix[] = [
  { referer: "https://chatgpt.com/", from: 50, to: 52 },
  { referer: null, utmSource: "chatgpt.com", from: 6, to: 8 },
  { referer: "https://www.perplexity.ai/", from: 14, to: 12 },
  { referer: null, utmSource: "perplexity", from: 2, to: 2 },
  { referer: "https://claude.ai/", from: 5, to: 9 },
  { referer: "https://gemini.google.com/", from: 5, to: 7 },
  { referer: "https://copilot.microsoft.com/", from: 5, to: 4 },
  { referer: "https://chat.deepseek.com/", from: 3, to: 2 },
  { referer: "https://www.meta.ai/", from: 1, to: 1.5 },
  { referer: "https://grok.com/", from: 0.5, to: 1.5 },
  { referer: "https://chat.mistral.ai/", from: 0.5, to: 1 },
  { referer: "https://you.com/", from: 1, to: 0.5 },
  { referer: "https://www.phind.com/", from: 0.5, to: 0.5 },
  { referer: "https://poe.com/", from: 0.5, to: 0.5 },
  { referer: "https://notebooklm.google.com/", from: 0, to: 0.5 },
  { referer: "https://answers.askbot.ai/", from: 0.5, to: 0.7 },
  { referer: "https://mygpt-helper.com/", from: 0.3, to: 0.5 },
  { referer: "https://llmdesk.io/", from: 0.2, to: 0.4 },
];

function pickReferrer(random: () => number, progress: number): ReferrerMix {
  const weight = (r: ReferrerMix) => r.from + (r.to - r.from) * progress;
  let left = random() * DEMO_REFERRERS.reduce((sum, r) => sum + weight(r), 0);
  for (const r of DEMO_REFERRERS) {
    left -= weight(r);
    if (left < 0) return r;
  }
  return DEMO_REFERRERS[0] as ReferrerMix;
}

/**
 * Records about six months of AI referral visits through the real referral ingest (source
 * detection, write buffer, store), growing over the window, landing on the demo sites' paths.
 * Days that already have referrals are skipped and visit ids are derived from domain, day and
 * index, so a restart only tops the history up to today.
 */
export async function seedDemoReferrals(options: {
  stores: Stores;
  sites: readonly DemoSite[];
  now: Date;
  logger: Logger;
}): Promise<{ days: number; visits: number }> {
  const { referrals } = options.stores;
  const { ingest } = createCrawlgate(
    { ...options.stores, clock: { now: () => options.now }, logger: options.logger },
    { ingest: { maxBatch: 2_000, intervalMs: 50 } },
  );
  const today = options.now.toISOString().slice(0, 10);
  const days = demoDays(today, DEMO_DAYS);
  let seededDays = 0;
  let seededVisits = 0;
  const acks: Promise<unknown>[] = [];
  try {
    for (const site of options.sites) {
      const { referrals: spec, paths: pathCount, hostname } = SITES[site.kind];
      const paths = sitePaths(site.kind, pathCount);
      const existing = new Set(
        (await referrals.referralDayCounts(site.domainId, days[0] as string, today)).map(
          (c) => c.day,
        ),
      );
      for (const [index, day] of days.entries()) {
        if (existing.has(day)) continue;
        const progress = index / Math.max(1, days.length - 1);
        const random = prng(spec.seed * 100_000 + index);
        const volume = Math.round(
          spec.start * (1 + spec.growth * progress) * (0.8 + 0.4 * random()),
        );
        const midnight = Date.parse(`${day}T00:00:00.000Z`);
        for (let i = 0; i < volume; i++) {
          const ts = new Date(midnight + Math.floor(random() * 86_400_000));
          const referrer = pickReferrer(random, progress);
          // Half the visits land on a long tail: AI answers link deep pages.
          const path =
            random() < 0.5
              ? (paths[zipfIndex(random, paths.length)] as string)
              : (paths[Math.floor(random() * paths.length)] as string);
          if (ts > options.now) continue;
          acks.push(
            ingest.recordReferral({
              visitId: `demo-${site.domainId}-${day}-${i}`,
              domainId: site.domainId,
              ts,
              path: referrer.utmSource ? `${path}?utm_source=${referrer.utmSource}` : path,
              referer: referrer.referer,
              siteHost: hostname,
            }),
          );
          seededVisits++;
        }
        if (acks.length >= 20_000) await Promise.all(acks.splice(0));
        seededDays++;
      }
      options.logger.info("demo.referrals_progress", {
        domainId: site.domainId,
        days: seededDays,
        visits: seededVisits,
      });
    }
    await Promise.all(acks);
  } finally {
    await ingest.close();
  }
  return { days: seededDays, visits: seededVisits };
}
