import { z } from "zod";
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
});

/** A domain's settings as the API answers them. */
export function domainSettingsJson(access: DomainAccess, domain: Domain = access.domain) {
  return {
    domainId: domain.domainId,
    domain: domain.hostname,
    role: access.role,
    originUrl: domain.originUrl,
    originHost: domain.originHost,
    pageCacheTtlSeconds: domain.pageCacheTtlSeconds,
    renderVariants: domain.renderVariants,
  };
}
