import type { WarmSettings } from "../ports/index.js";
import { MAX_WARM_RENDERS_PER_HOUR } from "./limits.js";

/** Most sitemap URLs a domain may list. */
export const MAX_LISTED_SITEMAPS = 50;

/**
 * Warm settings as an owner gives them, checked: sitemap URLs are http(s) URLs on the domain's
 * host (no port or credentials; normalised by the URL parser, each once), at most
 * `MAX_LISTED_SITEMAPS`; a budget is an integer from 1 to `MAX_WARM_RENDERS_PER_HOUR` or `null`.
 */
export function checkWarmSettings(
  hostname: string,
  changes: Partial<WarmSettings>,
): { ok: true; value: Partial<WarmSettings> } | { ok: false; message: string } {
  const value: Partial<WarmSettings> = {};
  if (changes.sitemapUrls !== undefined) {
    const urls: string[] = [];
    for (const text of changes.sitemapUrls) {
      const url = URL.canParse(text.trim()) ? new URL(text.trim()) : null;
      const ok =
        url !== null &&
        (url.protocol === "http:" || url.protocol === "https:") &&
        url.hostname === hostname &&
        url.port === "" &&
        !url.username &&
        !url.password;
      if (!ok)
        return { ok: false, message: `sitemap ${text} is not an http(s) URL on ${hostname}` };
      if (!urls.includes(url.href)) urls.push(url.href);
    }
    if (urls.length > MAX_LISTED_SITEMAPS)
      return { ok: false, message: `a domain lists at most ${MAX_LISTED_SITEMAPS} sitemaps` };
    value.sitemapUrls = urls;
  }
  const budget = changes.rendersPerHour;
  if (budget !== undefined) {
    const valid =
      budget === null ||
      (Number.isSafeInteger(budget) && budget >= 1 && budget <= MAX_WARM_RENDERS_PER_HOUR);
    if (!valid)
      return {
        ok: false,
        message: `the warm budget must be 1 to ${MAX_WARM_RENDERS_PER_HOUR} renders per hour`,
      };
    value.rendersPerHour = budget;
  }
  if (changes.scheduled !== undefined) value.scheduled = changes.scheduled;
  return { ok: true, value };
}
