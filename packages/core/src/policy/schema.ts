import { z } from "zod";
import { formatPrice, isCurrency, policyPriceOf } from "../pay/price.js";
import { INTENTS } from "../taxonomy/schema.js";
import { AGGREGATE_TIERS } from "../types.js";
import {
  contentSignalPathsField,
  contentSignalsField,
  licenseUrlField,
  UNSET_SIGNALS,
} from "./content-signals.js";
import { pathPatternField } from "./path-field.js";

/**
 * A domain's crawler policy: ordered rules (the first that matches a request decides), a default
 * action for requests no rule matches, and the impostor-protection switch. Applies to crawlers and
 * automation clients only; human visitors never meet the policy (see docs/decisions.md).
 */

/** Limits of one policy (documented in the API contract and docs/decisions.md). */
export const POLICY_LIMITS = {
  /** Rules per policy. */
  maxRules: 200,
  /** Characters of an owner's message shown to a crawler. */
  maxMessageLength: 500,
  /** Characters of a rule's path pattern (as routing rules' `sourcePath`). */
  maxPathLength: 2048,
  /** Characters of a `botId` or `operator` value. */
  maxValueLength: 100,
} as const;

const text = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, { error: `${field} must not be empty` })
    .max(POLICY_LIMITS.maxValueLength, {
      error: `${field} must be at most ${POLICY_LIMITS.maxValueLength} characters`,
    });

const MATCH_TYPE = 'match.type must be "botId", "operator", "intent", "tier" or "signatureAgent"';

const AGENT_ORIGIN = "match.value must be an agent origin such as https://chatgpt.com";

/**
 * A Web Bot Auth agent origin (`https://chatgpt.com`): http(s), no credentials, path, query or
 * fragment; kept as its serialized origin (lowercase host, default port dropped).
 */
const agentOrigin = z
  .string({ error: "match.value must be a string" })
  .max(POLICY_LIMITS.maxValueLength, {
    error: `match.value must be at most ${POLICY_LIMITS.maxValueLength} characters`,
  })
  .transform((value, ctx) => {
    const origin = originOnly(value);
    if (origin !== null) return origin;
    ctx.addIssue({ code: "custom", message: AGENT_ORIGIN, input: value });
    return z.NEVER;
  });

/** The origin a URL is, or `null` when it is more than an http(s) origin. */
function originOnly(value: string): string | null {
  if (!/^https?:\/\/[^/?#@]+\/?$/i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * What a rule matches: one bot, every bot of an operator, an intent, a verification tier, or the
 * agent origin a Web Bot Auth signature verified against.
 */
export const policyMatch = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("botId"), value: text("match.value") }),
    z.strictObject({ type: z.literal("operator"), value: text("match.value") }),
    z.strictObject({
      type: z.literal("intent"),
      value: z.enum(INTENTS, { error: `match.value must be one of ${INTENTS.join(", ")}` }),
    }),
    z.strictObject({
      type: z.literal("tier"),
      value: z.enum(AGGREGATE_TIERS, {
        error: "match.value must be verified, declared or unknown",
      }),
    }),
    z.strictObject({ type: z.literal("signatureAgent"), value: agentOrigin }),
  ],
  { error: MATCH_TYPE },
);

const message = z
  .string({ error: "message must be a string or null" })
  .max(POLICY_LIMITS.maxMessageLength, {
    error: `message must be at most ${POLICY_LIMITS.maxMessageLength} characters`,
  })
  .nullable()
  .describe("Shown to the crawler in the JSON body; null: a standard sentence");

/** A price in a currency: a positive decimal amount with at most 6 decimals, ISO 4217 code. */
export const policyPrice = z.strictObject({
  amount: z
    .string({ error: "price.amount must be a decimal string" })
    .regex(/^(0|[1-9][0-9]{0,8})(\.[0-9]{1,6})?$/, {
      error: 'price.amount must be a decimal string such as "0.01" (at most 6 decimals)',
    })
    .refine((amount) => Number(amount) > 0, { error: "price.amount must be above zero" }),
  currency: z
    .string({ error: "price.currency must be a string" })
    .regex(/^[A-Z]{3}$/, { error: "price.currency must be an ISO 4217 code such as USD" })
    .refine(isCurrency, { error: "price.currency must be an ISO 4217 code such as USD" }),
});

const ACTION_TYPE = 'action.type must be "allow", "block" or "charge"';

/**
 * What happens to a matching request: `allow` (served as without a policy), `block` (403 or 402
 * with a JSON body), or `charge` (402 with a `crawler-price` header: see `priceHeader`).
 */
export const policyAction = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("allow") }),
    z.strictObject({
      type: z.literal("block"),
      status: z.literal([403, 402], { error: "status must be 403 or 402" }).default(403),
      message: message.default(null),
    }),
    z.strictObject({
      type: z.literal("charge"),
      price: policyPrice,
      message: message.default(null),
    }),
  ],
  { error: ACTION_TYPE },
);

/** A path pattern in the routing grammar (trimmed, as routing rules' `sourcePath`), no query. */
const path = pathPatternField("path", "path must be a string or null")
  .nullable()
  .describe(
    "Source-path pattern (routing grammar, at most 2,048 characters, trimmed, no query); null: every path",
  );

export const policyRule = z.strictObject({
  match: policyMatch,
  path: path.default(null),
  action: policyAction,
});

const X402_ADDRESS = /^[A-Za-z0-9_.:-]{1,128}$/;

const x402Address = (field: string) =>
  z.string({ error: `x402.${field} must be a string` }).regex(X402_ADDRESS, {
    error: `x402.${field} must be an address such as 0x036CbD53842c5426634e7929541eC2318f3dCF7e (letters, digits, '_', '.', ':' or '-', at most 128)`,
  });

/**
 * A domain's x402 receiver: the CAIP-2 network, the asset (token contract, worth one USD a
 * unit), the address paid and the asset's decimals. USD-priced charges are then also offered
 * over x402 v2 (`PAYMENT-REQUIRED`).
 */
export const x402Receiver = z.strictObject(
  {
    network: z
      .string({ error: "x402.network must be a string" })
      .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, {
        error: "x402.network must be a CAIP-2 chain id such as eip155:84532",
      }),
    asset: x402Address("asset"),
    payTo: x402Address("payTo"),
    decimals: z
      .number({ error: "x402.decimals must be a whole number from 0 to 18" })
      .int({ error: "x402.decimals must be a whole number from 0 to 18" })
      .min(0, { error: "x402.decimals must be a whole number from 0 to 18" })
      .max(18, { error: "x402.decimals must be a whole number from 0 to 18" }),
  },
  { error: "x402 must be an object {network, asset, payTo, decimals} or null" },
);

/** The body of `PUT .../crawler-policy`: omitted fields take the default policy's values. */
export const crawlerPolicy = z.strictObject({
  rules: z
    .array(policyRule, { error: "rules must be an array" })
    .max(POLICY_LIMITS.maxRules, {
      error: `rules may hold at most ${POLICY_LIMITS.maxRules} rules`,
    })
    .default([]),
  defaultAction: policyAction.default({ type: "allow" }),
  impostorProtection: z
    .boolean({ error: "impostorProtection must be true or false" })
    .default(true)
    .describe(
      "true: a claim of a bot that can be verified, from an address that does not verify, is treated as the unknown bot (tier unknown), so no allow or verified-tier rule admits it; block and charge rules naming the claimed bot, operator or intent apply to it either way",
    ),
  inBandPricing: z
    .boolean({ error: "inBandPricing must be true or false" })
    .default(false)
    .describe(
      "true: the origin may set the price of a page with its own crawler-price response header (a paid request then goes to the origin, not the page cache)",
    ),
  x402: x402Receiver
    .nullable()
    .default(null)
    .describe(
      "The x402 v2 receiver: USD-priced charges are also offered with a PAYMENT-REQUIRED challenge and paid with PAYMENT-SIGNATURE; null: no x402",
    ),
  contentSignals: contentSignalsField.describe(
    'Content Signals for the whole site: search, aiInput, aiTrain, each "yes", "no" or null (unset); default all unset',
  ),
  contentSignalPaths: contentSignalPathsField.describe(
    "Ordered per-path overrides {path, search?, aiInput?, aiTrain?} (path in the routing grammar, at most 100): for each key, the first override matching a page's path that sets it decides",
  ),
  licenseUrl: licenseUrlField.describe(
    "An RSL licence document (absolute https URL): robots.txt License line and Link rel=license header; null: none",
  ),
});

export type PolicyMatch = z.output<typeof policyMatch>;
export type PolicyAction = z.output<typeof policyAction>;
export type PolicyPrice = z.output<typeof policyPrice>;
export type PolicyRule = z.output<typeof policyRule>;
export type CrawlerPolicy = z.output<typeof crawlerPolicy>;
export type DenyAction = Exclude<PolicyAction, { type: "allow" }>;

/** A domain's saved policy and when it was saved. */
export interface StoredPolicy {
  policy: CrawlerPolicy;
  updatedAt: Date;
}

/** The policy of a domain that never saved one: no rules, allow, impostor protection on. */
export const DEFAULT_POLICY: CrawlerPolicy = Object.freeze({
  rules: [],
  defaultAction: { type: "allow" },
  impostorProtection: true,
  inBandPricing: false,
  x402: null,
  contentSignals: UNSET_SIGNALS,
  contentSignalPaths: [],
  licenseUrl: null,
}) as CrawlerPolicy;

/** The `crawler-price` header of a charge: `<CURRENCY> <amount>`, e.g. `USD 0.01`. */
export function priceHeader(price: PolicyPrice): string {
  return formatPrice(policyPriceOf(price));
}
