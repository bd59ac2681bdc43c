import { z } from "zod";
import { invalidRequest } from "../../errors.js";
import { crawlerPolicy, POLICY_LIMITS } from "../../policy/schema.js";
import { checkPolicyNames } from "../../policy/validate.js";
import { getTaxonomy, type Taxonomy } from "../../taxonomy/registry.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { crawlerPolicyShape } from "../responses/policy-shapes.js";
import { cacheInvalidated } from "../responses/shapes.js";
import { invalidateSettings, writableDomain } from "../rules/rule-access.js";

export const input = crawlerPolicy;

export const output = z.strictObject({ policy: crawlerPolicyShape, cacheInvalidated });

const { maxRules, maxMessageLength, maxValueLength } = POLICY_LIMITS;

export const contract: EndpointContract = {
  summary: "Replace the domain's crawler policy",
  description: [
    "Owner or manager. The body replaces the whole policy; omitted fields take the default's values (`rules` [], `defaultAction` allow, `impostorProtection` true, `inBandPricing` false, `x402` null, `contentSignals` all null, `contentSignalPaths` [], `licenseUrl` null; per rule `path` null = every path; a block's `status` 403 and `message` null).",
    "The edge applies the rules to crawler and automation requests (never to human visitors), after the routing rules: the first rule whose `match` names the request (`botId` and `operator` as get-bot-definitions spells them, `intent`, or the verification `tier`) and whose `path` pattern (routing grammar, no query) matches decides, else `defaultAction`.",
    '`block` answers `status` (403 or 402) with `{error: "crawler_blocked", message}`; `charge` answers 402 with the header `crawler-price: <CURRENCY> <amount>` (e.g. `USD 0.01`) and `{error: "payment_required", message, price}`. `message` null sends a standard sentence. A crawler whose Web Bot Auth signature verified and covers its `crawler-exact-price` or `crawler-max-price` header pays and is served as allowed, with `crawler-charged` on a 2xx answer (pay per crawl; refusals carry `crawler-error`; `/robots.txt`, `/sitemap.xml`, `/security.txt` and `/.well-known/*` are always free); with `inBandPricing` the origin may price a page with its own `crawler-price` response header. With an `x402` receiver (`{network, asset, payTo, decimals}`, CAIP-2 network; default null) and a facilitator configured on the instance, the 402 of a USD charge also carries an x402 v2 `PAYMENT-REQUIRED` challenge (the price in atomic units of the asset), and a `PAYMENT-SIGNATURE` retry is verified by the facilitator before anything is served, and settled only when the answer is 2xx, which then carries `PAYMENT-RESPONSE` (with `inBandPricing`, a `crawler-price` header on the origin answer sets the amount due). With `impostorProtection`, a crawler claiming a bot that can be verified, from an address that failed verification, is treated as the `unknown` bot at tier `unknown`: no `allow` or `verified`-tier rule admits it. A `block` or `charge` rule naming a bot, operator or intent applies to every request claiming it, verified or not, whatever `impostorProtection` says.',
    `Limits: at most ${maxRules} rules; \`message\` at most ${maxMessageLength} characters; \`botId\`/\`operator\` values at most ${maxValueLength}; \`path\` at most 2,048. An unknown \`botId\` or \`operator\` is 400.`,
  ].join("\n\n"),
  status: 200,
  errors: ["invalid_request", "forbidden", "domain_not_found"],
};

/**
 * PUT /domains/{domainId}/crawler-policy. Order: domain access (404) → role (403) → body (400)
 * → the taxonomy names (400); then saved, and the domain's edge settings refreshed.
 */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async (ctx) => {
  const access = await writableDomain(ctx);
  const { domainId } = access.domain;
  const policy = ctx.input();
  const problem = checkPolicyNames(policy, getTaxonomy() as Taxonomy);
  if (problem) throw invalidRequest(problem);
  const stored = await ctx.deps.rules.replacePolicy(domainId, policy, ctx.now);
  const cacheInvalidated = await invalidateSettings(ctx.deps, domainId);
  return { status: 200, body: { policy: stored.policy, cacheInvalidated } };
};
