import { createCrawlgate, type Logger, type Stores } from "@crawlgate/core";
import { addDays, dayNumber } from "@crawlgate/core/adapter-kit";
import {
  DEMO_RETENTION_DAYS,
  type DemoSite,
  type DemoSnapshotLookup,
  type ServedSnapshot,
  type SiteKind,
} from "./sites.js";

/** One version of a page: served from `since` (days before today) until the next one. */
interface PageVersion {
  since: number;
  title: string;
  description: string | null;
  h1: readonly string[];
  canonical: boolean;
  noindex?: boolean;
  renderStatus: number;
}

const SALE = "Up to 40% off shoes, jackets and bags in the summer sale, while stocks last.";
const AUTUMN = "Warm jackets, boots and bags for the autumn, with free delivery over 50 euros.";
const MEMBERSHIP = "Compare the Demo Shop membership plans: free delivery, early access, returns.";
const CATALOGUE = "Browse every product of the Demo Shop: shoes, jackets, bags, watches and gifts.";
const BLOG = "Engineering deep dives, product notes and culture stories from the demo team.";

/** The busiest pages of each demo site (the head of `sitePaths`) and how they changed. */
const HISTORY: Record<SiteKind, Record<string, readonly PageVersion[]>> = {
  shop: {
    "/": [
      v(150, "Demo Shop", null, ["Welcome"], false),
      v(
        95,
        "Demo Shop – Shoes, Jackets and Bags",
        "Shop shoes, jackets and bags.",
        ["New in"],
        true,
      ),
      v(
        60,
        "Demo Shop – Summer Sale on Shoes, Jackets and Bags",
        SALE,
        ["Summer sale", "New in"],
        true,
      ),
      v(21, "Demo Shop – Autumn Collection", AUTUMN, ["The autumn collection"], true),
      v(4, "Demo Shop – Autumn Collection, Free Returns", AUTUMN, ["The autumn collection"], true),
    ],
    "/pricing": [
      v(120, "Pricing", "Plans and prices.", ["Pricing"], false),
      v(45, "Pricing – Demo Shop Membership Plans", MEMBERSHIP, ["Membership plans"], true),
      v(9, "Pricing – Demo Shop Membership Plans", MEMBERSHIP, ["Membership plans"], true, {
        noindex: true,
      }),
    ],
    "/products": [
      v(100, "All products – Demo Shop", CATALOGUE, ["All products"], true),
      // A failed render was cached for a day: a 503 page with no description, canonical or h1.
      v(33, "Service Unavailable", null, ["Temporarily unavailable"], false, { renderStatus: 503 }),
      // Then the earlier page came back byte for byte: the same snapshot again.
      v(32, "All products – Demo Shop", CATALOGUE, ["All products"], true),
    ],
  },
  blog: {
    "/": [
      v(140, "Demo Blog", "Notes from the demo team.", ["Latest posts"], true),
      v(70, "Demo Blog – Engineering, Product and Culture", BLOG, ["Latest posts"], true),
      v(14, "Demo Blog – Engineering, Product and Culture", BLOG, [], true),
    ],
    "/archive": [
      v(110, "Archive – Demo Blog", "Every post of the demo blog.", ["Archive"], false),
      v(40, "Archive – Demo Blog", "Every post of the demo blog, by month.", ["Archive"], true),
    ],
  },
};

function v(
  since: number,
  title: string,
  description: string | null,
  h1: readonly string[],
  canonical: boolean,
  extra: { noindex?: boolean; renderStatus?: number } = {},
): PageVersion {
  return { since, title, description, h1, canonical, renderStatus: 200, ...extra };
}

/** The rendered HTML of a version: realistic head and body, its SEO flaws included. */
function htmlOf(hostname: string, path: string, version: PageVersion): string {
  const head = [
    '<meta charset="utf-8">',
    `<title>${version.title}</title>`,
    version.description === null
      ? ""
      : `<meta name="description" content="${version.description}">`,
    version.canonical ? `<link rel="canonical" href="https://${hostname}${path}">` : "",
    version.noindex ? '<meta name="robots" content="noindex">' : "",
  ].filter(Boolean);
  const body = [
    ...version.h1.map((h) => `<h1>${h}</h1>`),
    `<p>${version.description ?? version.title}</p>`,
    '<img src="/img/hero.jpg">',
  ];
  return `<!doctype html><html lang="en"><head>${head.join("")}</head><body>${body.join("")}</body></html>`;
}

/**
 * Records the snapshots of the demo's busiest pages, version by version, through
 * `crawlgate.snapshots.record` at the dates each version was first and last served (a clock of
 * its own), then runs the retention job so versions last served more than
 * `DEMO_RETENTION_DAYS` ago keep their metadata but lose their HTML. Recording the same HTML
 * again finds the same snapshot, so a restart changes nothing. Returns the lookup the demo
 * crawls use to carry the snapshot valid on their day.
 */
export async function seedDemoSnapshots(options: {
  stores: Stores;
  sites: readonly DemoSite[];
  now: Date;
  logger: Logger;
}): Promise<{ lookup: DemoSnapshotLookup; snapshots: number; dropped: number }> {
  let at = options.now;
  const recorder = createCrawlgate({
    ...options.stores,
    clock: { now: () => at },
    logger: options.logger,
  });
  const today = options.now.toISOString().slice(0, 10);
  const instant = (day: string) =>
    new Date(Math.min(Date.parse(`${day}T00:00:00.000Z`), options.now.getTime()));
  /** domainId → path → versions from oldest, each with its first day. */
  const table = new Map<string, Map<string, { from: string; served: ServedSnapshot }[]>>();
  const ids = new Set<string>();
  for (const site of options.sites) {
    const hostname =
      (await options.stores.accounts.getDomain(site.domainId))?.hostname ?? "localhost";
    const pages = new Map<string, { from: string; served: ServedSnapshot }[]>();
    table.set(site.domainId, pages);
    for (const [path, versions] of Object.entries(HISTORY[site.kind])) {
      const list: { from: string; served: ServedSnapshot }[] = [];
      for (const [i, version] of versions.entries()) {
        const from = addDays(today, -version.since);
        const next = versions[i + 1];
        const until = next ? addDays(today, -next.since - 1) : today;
        const input = {
          domainId: site.domainId,
          path,
          html: htmlOf(hostname, path, version),
          renderStatus: version.renderStatus,
        };
        // First served on `from`, last on `until`: that is what retention measures.
        at = instant(from);
        const { snapshot } = await recorder.snapshots.record(input);
        at = instant(until);
        await recorder.snapshots.record(input);
        list.push({
          from,
          served: { snapshotId: snapshot.snapshotId, contentHash: snapshot.contentHash },
        });
        ids.add(snapshot.snapshotId);
      }
      pages.set(path, list);
    }
  }
  at = options.now;
  const { dropped } = await recorder.snapshots.dropExpiredHtml(
    new Date(options.now.getTime() - DEMO_RETENTION_DAYS * 86_400_000),
  );
  const lookup: DemoSnapshotLookup = (domainId, path, day) => {
    const versions = table.get(domainId)?.get(path);
    if (!versions) return null;
    let found: ServedSnapshot | null = null;
    for (const version of versions) {
      if (dayNumber(version.from) <= dayNumber(day)) found = version.served;
    }
    return found;
  };
  return { lookup, snapshots: ids.size, dropped };
}
