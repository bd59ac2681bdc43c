import { z } from "zod";
import type { WarmSettings } from "../../ports/index.js";
import type { Domain, DomainAccess } from "../../types.js";
import { role, uuid } from "../responses/shapes.js";

/** The settings of a domain the API shows and edits (get- and update-domain-settings). */
export const domainSettingsShape = z.strictObject({
  domainId: uuid,
  domain: z.string(),
  role,
  originUrl: z
    .string()
    .nullable()
    .describe("Where renders and passed-on visitors go; set by the operator (CLI), not the API"),
  originHost: z
    .enum(["origin", "public"])
    .describe("The Host the origin gets: its own (`origin`) or the domain's (`public`)"),
  pageCacheTtlSeconds: z
    .int()
    .nullable()
    .describe("How long a cached page stays fresh; null: the instance's default"),
  renderVariants: z
    .array(z.enum(["desktop", "mobile"]))
    .describe(
      "Renders kept per page: desktop, or desktop and mobile (smartphone crawlers get the mobile one)",
    ),
  sitemaps: z
    .array(z.string())
    .describe(
      "Sitemaps warming reads besides the origin's robots.txt `Sitemap:` lines (http(s) URLs on the domain's host)",
    ),
  warmRendersPerHour: z
    .int()
    .nullable()
    .describe("Renders per UTC hour warming may queue; null: the instance's default"),
  warmScheduled: z.boolean().describe("The hourly `sitemap_warm` job warms this domain"),
});

/** A domain's settings (its edge settings and its warm settings) as the API answers them. */
export function domainSettingsJson(access: DomainAccess, domain: Domain, warm: WarmSettings) {
  return {
    domainId: domain.domainId,
    domain: domain.hostname,
    role: access.role,
    originUrl: domain.originUrl,
    originHost: domain.originHost,
    pageCacheTtlSeconds: domain.pageCacheTtlSeconds,
    renderVariants: domain.renderVariants,
    sitemaps: warm.sitemapUrls,
    warmRendersPerHour: warm.rendersPerHour,
    warmScheduled: warm.scheduled,
  };
}
