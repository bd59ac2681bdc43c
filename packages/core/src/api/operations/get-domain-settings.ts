import type { z } from "zod";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { domainAccess } from "../rules/rule-access.js";
import { NO_FIELDS } from "../validate.js";
import { domainSettingsJson, domainSettingsShape } from "./domain-settings.js";

export const input = NO_FIELDS;

export const output = domainSettingsShape;

export const contract: EndpointContract = {
  summary: "Read a domain's settings",
  description:
    "Any role. The domain's edge settings: its origin, the Host the origin gets, the page-cache lifetime, the render variants kept per page, and how the cache is warmed (listed sitemaps, renders-per-hour budget, hourly warming).",
  status: 200,
  errors: ["invalid_request", "domain_not_found"],
};

/** GET /domains/{domainId}/settings. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await domainAccess(ctx);
  ctx.input();
  const warm = await ctx.deps.warming.getWarmSettings(access.domain.domainId);
  return { status: 200, body: domainSettingsJson(access, access.domain, warm) };
};
