import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate, type Job } from "@crawlgate/core";
import { type MachineInfo, machineInfo } from "./measure.js";

/**
 * `bench warm`: a domain whose loopback origin serves a 10,000-URL sitemap (distinct lastmods)
 * and the pages. Times, through `crawlgate.warm` over memory stores: the sitemap read, parsed
 * and diffed against an empty cache (a dry run), the real warm (10,000 renders queued), the page
 * worker rendering them with the fetch renderer (renders/s, beside `bench edge`'s fetch-renderer
 * rate), and the same sitemap diffed against the full cache. RSS is sampled every 5 ms during
 * each step: the target judges the growth during the parse and diff (cold and cached); the
 * renders' growth is reported apart (memory stores keep every rendered page in the process).
 * Quick: the same 10,000-URL parse and diff; 1,000 renders.
 */

const URLS = 10_000;
const HOST = "shop.example.com";
/** Targets of the issue: parse and diff of 10,000 URLs under 2 s and 100 MB RSS. */
const PARSE_DIFF_TARGET_MS = 2_000;
const RSS_TARGET_MB = 100;

export interface WarmReport {
  machine: MachineInfo;
  loadAverage: number[];
  urls: number;
  parseDiffColdMs: number;
  parseDiffCachedMs: number;
  queueMs: number;
  renders: number;
  rendersPerSecond: number;
  /** RSS growth (MB) during each step, from its start; `baseline` before the first. */
  rssMb: {
    baseline: number;
    parseDiffCold: number;
    queue: number;
    renders: number;
    parseDiffCached: number;
  };
  targets: { parseDiffUnder2s: boolean; rssUnder100Mb: boolean };
  regressions: string[];
}

function sitemap(): string {
  const start = Date.UTC(2026, 9, 1);
  const urls: string[] = [];
  for (let i = 0; i < URLS; i++)
    urls.push(
      `<url><loc>https://${HOST}/products/item-${i}</loc><lastmod>${new Date(start + i * 60_000).toISOString()}</lastmod></url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

async function startOrigin() {
  const body = sitemap();
  const server = createServer((req, res) => {
    if (req.url === "/sitemap.xml") {
      res.writeHead(200, { "content-type": "application/xml" }).end(body);
    } else if (req.url === "/robots.txt") {
      res.writeHead(404).end();
    } else {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>${req.url}</title><h1>Product ${req.url}</h1>`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 ** 2);

/** Runs `step`, sampling RSS every 5 ms: its result and the growth (MB) over its start. */
async function measured<T>(
  step: () => Promise<T>,
): Promise<{ value: T; ms: number; growthMb: number }> {
  const start = rssMb();
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 5);
  const t = performance.now();
  try {
    const value = await step();
    const ms = since(t);
    peak = Math.max(peak, rssMb());
    return { value, ms, growthMb: peak - start };
  } finally {
    clearInterval(timer);
  }
}
const since = (t: number) => Math.round(performance.now() - t);

export async function warmSuite(quick: boolean): Promise<WarmReport> {
  const origin = await startOrigin();
  const baseline = rssMb();
  try {
    const stores = createMemoryStores();
    const crawlgate = createCrawlgate(
      { ...stores, logger: false },
      { edge: { workerConcurrency: 8, hotCacheMs: 0 } },
    );
    const user = await crawlgate.admin.createUser("bench", "pro");
    if (!user.ok) throw new Error(user.message);
    const added = await crawlgate.admin.addDomain(user.value.userId, HOST, {
      originUrl: origin.url,
    });
    if (!added.ok) throw new Error(added.message);
    const domain = added.value;
    const renders = quick ? 1_000 : URLS;
    await crawlgate.admin.setWarmSettings(domain.domainId, { rendersPerHour: renders });

    const cold = await measured(() => crawlgate.warm(domain, { dryRun: true }));
    if (cold.value.queued !== renders || cold.value.budgetDeferred !== URLS - renders)
      throw new Error(`dry run answered ${JSON.stringify({ ...cold.value, sitemaps: undefined })}`);
    const warmed = await measured(() => crawlgate.warm(domain));
    const worker = crawlgate.jobs.find((j) => j.name === "page_worker") as Job;
    const rendered = await measured(async () => {
      while ((await stores.purgeQueue.pendingCount()) > 0) await worker.run(new Date());
    });
    const cached = await measured(() => crawlgate.warm(domain, { dryRun: true }));
    if (cached.value.alreadyFresh !== renders)
      throw new Error(
        `after the renders ${cached.value.alreadyFresh} pages were fresh, not ${renders}`,
      );
    const parseDiffColdMs = cold.ms;
    const parseDiffCachedMs = cached.ms;
    const parseDiffGrowth = Math.max(cold.growthMb, cached.growthMb);

    const report: WarmReport = {
      machine: machineInfo(),
      loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
      urls: URLS,
      parseDiffColdMs,
      parseDiffCachedMs,
      queueMs: warmed.ms,
      renders: warmed.value.queued,
      rendersPerSecond: Math.round((warmed.value.queued / (rendered.ms / 1000)) * 100) / 100,
      rssMb: {
        baseline,
        parseDiffCold: cold.growthMb,
        queue: warmed.growthMb,
        renders: rendered.growthMb,
        parseDiffCached: cached.growthMb,
      },
      targets: {
        parseDiffUnder2s: Math.max(parseDiffColdMs, parseDiffCachedMs) < PARSE_DIFF_TARGET_MS,
        rssUnder100Mb: parseDiffGrowth < RSS_TARGET_MB,
      },
      regressions: [],
    };
    // Gross regressions only (this VM moves by ±30%): five times the targets.
    const slowest = Math.max(parseDiffColdMs, parseDiffCachedMs);
    if (slowest > 5 * PARSE_DIFF_TARGET_MS)
      report.regressions.push(`parse and diff of ${URLS} URLs took ${slowest} ms`);
    if (parseDiffGrowth > 5 * RSS_TARGET_MB)
      report.regressions.push(`parse and diff grew RSS by ${parseDiffGrowth} MB`);
    console.error(
      `warm: parse+diff ${parseDiffColdMs} ms cold (RSS +${cold.growthMb} MB), ${parseDiffCachedMs} ms cached (+${cached.growthMb} MB); queue ${warmed.ms} ms (+${warmed.growthMb} MB); ${report.renders} renders at ${report.rendersPerSecond}/s (fetch renderer, x8; +${rendered.growthMb} MB, the memory stores holding every page)`,
    );
    return report;
  } finally {
    await origin.close();
  }
}
