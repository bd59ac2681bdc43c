import { createCrawlgate, type Logger, type Stores } from "@crawlgate/core";
import { LEGACY_CUTOVER } from "@crawlgate/core/adapter-kit";
import { createDemoSigner, type DemoSigning, type SignedCounts } from "./signed-agents.js";
import { DEMO_DAYS, type DemoSite, type DemoSnapshotLookup, SITES } from "./sites.js";
import { crawlsOfDay, dailyVolume, demoDays, demoResolver, prng, sitePaths } from "./traffic.js";

/**
 * Records the demo's crawl history through the real ingest (classification, verification, the
 * write buffer, the store), for every day of the window that has no data yet, so a restart
 * tops the history up to today instead of writing it again. Days before the cutover are not
 * seeded as raw crawls: verified tracking starts at the cutover. With `signing`, a share of the
 * agent traffic is signed by the demo agent and judged by the real Web Bot Auth verifier
 * (`createDemoSigner`); `signed` then counts the outcomes.
 */
export async function seedDemoCrawls(options: {
  stores: Stores;
  sites: readonly DemoSite[];
  now: Date;
  logger: Logger;
  /** The snapshot valid per page and day (`seedDemoSnapshots`); crawls carry none without it. */
  snapshots?: DemoSnapshotLookup;
  /** The demo origin's signed agent; without it nothing is signed. */
  signing?: DemoSigning;
}): Promise<{ days: number; crawls: number; signed?: SignedCounts }> {
  const { crawls } = options.stores;
  const signer = options.signing ? createDemoSigner(options.signing) : null;
  const { ingest } = createCrawlgate(
    {
      ...options.stores,
      clock: { now: () => options.now },
      logger: options.logger,
      resolver: demoResolver,
    },
    { ingest: { maxBatch: 2_000, intervalMs: 50, verifyTimeoutMs: 1_000 } },
  );
  const today = options.now.toISOString().slice(0, 10);
  const days = demoDays(today, DEMO_DAYS).filter((day) => day >= LEGACY_CUTOVER);
  let seededDays = 0;
  let seededCrawls = 0;
  const acks: Promise<unknown>[] = [];
  try {
    for (const site of options.sites) {
      const spec = SITES[site.kind];
      const { base, seed: siteSeed } = spec.crawls;
      const paths = sitePaths(site.kind, spec.paths);
      const first = days[0] as string;
      const existing = new Set(
        (await crawls.botDayCounts(site.domainId, first, today)).map((c) => c.day),
      );
      for (const [index, day] of days.entries()) {
        if (existing.has(day)) continue;
        const progress = index / Math.max(1, days.length - 1);
        const seed = siteSeed * 100_000 + index;
        const planned = crawlsOfDay({
          domainId: site.domainId,
          day,
          progress,
          crawls: dailyVolume(base, day, progress, prng(seed)),
          paths,
          seed,
          ...(options.snapshots ? { snapshots: options.snapshots } : {}),
        }).filter((event) => event.ts <= options.now);
        const events = signer ? await signer.sign(planned, spec.hostname, options.now) : planned;
        // Days are submitted without waiting for each other: the buffer batches across days.
        for (const event of events) acks.push(ingest.recordCrawl(event));
        if (acks.length >= 20_000) await Promise.all(acks.splice(0));
        seededDays++;
        seededCrawls += events.length;
      }
      options.logger.info("demo.traffic_progress", {
        domainId: site.domainId,
        days: seededDays,
        crawls: seededCrawls,
      });
    }
    await Promise.all(acks);
  } finally {
    await ingest.close();
  }
  return {
    days: seededDays,
    crawls: seededCrawls,
    ...(signer ? { signed: signer.counts() } : {}),
  };
}
