import { robotsSitemaps } from "../robots/parse.js";

/**
 * The sitemaps a warm starts from: `explicit` alone when given; else the domain's own list and
 * then the `Sitemap:` lines of the origin's robots.txt (relative ones resolved against the
 * domain's root), each once in that order; else `/sitemap.xml` on the domain's host.
 */
export function sitemapRoots(input: {
  explicit: string | null;
  listed: readonly string[];
  robotsText: string | null;
  hostname: string;
  scheme: "http" | "https";
}): string[] {
  if (input.explicit !== null) return [input.explicit];
  const base = `${input.scheme}://${input.hostname}/`;
  const fromRobots = input.robotsText === null ? [] : robotsSitemaps(input.robotsText);
  const roots: string[] = [];
  for (const value of [...input.listed, ...fromRobots]) {
    let url: string;
    try {
      url = new URL(value, base).href;
    } catch {
      url = value;
    }
    if (!roots.includes(url)) roots.push(url);
  }
  return roots.length > 0 ? roots : [`${base}sitemap.xml`];
}
