/**
 * The demo world's sites: one table that every demo module reads (accounts, snapshots, crawls,
 * legacy counts, referrals). It imports nothing, so the demo's modules form no import circle.
 */

/** How much history the demo world has: about six months, so it spans the legacy cutover. */
export const DEMO_DAYS = 180;

/** Demo snapshot HTML is kept this many days after a version was last served. */
export const DEMO_RETENTION_DAYS = 30;

export type SiteKind = "shop" | "blog";

/** A demo site as seeded: its domain ID and which table row it follows. */
export interface DemoSite {
  domainId: string;
  kind: SiteKind;
}

export interface SiteSpec {
  hostname: string;
  originUrl: string;
  /** Distinct paths of the site (`sitePaths`). */
  paths: number;
  /** Raw crawls: daily volume at the start of the window, and the PRNG seed. */
  crawls: { base: number; seed: number };
  /** Per-key counts before the cutover. */
  legacy: { base: number; seed: number };
  /** AI referral visits: daily volume at the start, growth by the end, seed. */
  referrals: { start: number; growth: number; seed: number };
}

export const SITES: Readonly<Record<SiteKind, SiteSpec>> = {
  shop: {
    hostname: "shop.example.com",
    originUrl: "https://origin.shop.example.com",
    // Over 500 landing paths in a 30-day window: the export's top-paths cap shows.
    paths: 3_000,
    crawls: { base: 450, seed: 1 },
    legacy: { base: 450, seed: 21 },
    referrals: { start: 60, growth: 3, seed: 11 },
  },
  blog: {
    hostname: "blog.example.com",
    originUrl: "https://origin.blog.example.com",
    paths: 800,
    crawls: { base: 150, seed: 2 },
    legacy: { base: 150, seed: 22 },
    referrals: { start: 20, growth: 2.5, seed: 12 },
  },
};

/** What a demo crawl of a page on a day was served: the snapshot valid that day. */
export interface ServedSnapshot {
  snapshotId: string;
  contentHash: string;
}

/** The snapshot valid for a page of a domain on a day, or `null` (no version known). */
export type DemoSnapshotLookup = (
  domainId: string,
  path: string,
  day: string,
) => ServedSnapshot | null;

/**
 * The robots.txt versions each demo site served, oldest first, by days before today (the first
 * before the cutover, so every seeded crawl is judged). The shop and the blog tighten theirs over
 * time, disallowing AI trainers and scrapers that the demo's traffic keeps sending: the robots
 * compliance view has versions to compare and violators to show.
 */
export const DEMO_ROBOTS: Readonly<Record<SiteKind, readonly { daysAgo: number; text: string }[]>> =
  {
    shop: [
      {
        daysAgo: 170,
        text: "User-agent: *\nDisallow: /cart\nDisallow: /checkout\n\nSitemap: https://shop.example.com/sitemap.xml\n",
      },
      {
        daysAgo: 75,
        text: "User-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\nDisallow: /checkout\n\nSitemap: https://shop.example.com/sitemap.xml\n",
      },
      {
        daysAgo: 20,
        text: "User-agent: GPTBot\nUser-agent: Bytespider\nDisallow: /products/\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\nDisallow: /checkout\n\nSitemap: https://shop.example.com/sitemap.xml\n",
      },
    ],
    blog: [
      { daysAgo: 170, text: "User-agent: *\nAllow: /\n" },
      {
        daysAgo: 45,
        text: "User-agent: Bytespider\nDisallow: /\n\nUser-agent: *\nDisallow: /drafts/\n\nSitemap: https://blog.example.com/sitemap.xml\n",
      },
    ],
  };
