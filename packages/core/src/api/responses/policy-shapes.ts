import { z } from "zod";
import { CONTENT_SIGNAL_LIMITS } from "../../policy/content-signals.js";
import { POLICY_LIMITS } from "../../policy/schema.js";
import { INTENTS } from "../../taxonomy/schema.js";
import { AGGREGATE_TIERS } from "../../types.js";
import { named } from "./shapes.js";

/**
 * The crawler policy as answers carry it: every field present (the request's defaults filled
 * in). The request side is `policy/schema.ts`' `crawlerPolicy`; the API suite checks that what
 * a PUT saved reads back equal through these shapes.
 */

const signal = z.enum(["yes", "no"]).nullable();
const signals = z.strictObject({ search: signal, aiInput: signal, aiTrain: signal });

const value = z.string().min(1).max(POLICY_LIMITS.maxValueLength);
const message = z.string().max(POLICY_LIMITS.maxMessageLength).nullable();

const match = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("botId"), value }),
  z.strictObject({ type: z.literal("operator"), value }),
  z.strictObject({ type: z.literal("intent"), value: z.enum(INTENTS) }),
  z.strictObject({ type: z.literal("tier"), value: z.enum(AGGREGATE_TIERS) }),
  z.strictObject({
    type: z.literal("signatureAgent"),
    value: value.describe(
      "A Web Bot Auth agent origin (https://chatgpt.com): matches a request whose signature verified against it",
    ),
  }),
]);

export const policyActionShape = named(
  "CrawlerPolicyAction",
  z.discriminatedUnion("type", [
    z.strictObject({ type: z.literal("allow") }),
    z.strictObject({
      type: z.literal("block"),
      status: z.literal([403, 402]),
      message,
    }),
    z.strictObject({
      type: z.literal("charge"),
      price: z.strictObject({
        amount: z.string().describe('Decimal string, e.g. "0.01"'),
        currency: z.string().describe("ISO 4217 code"),
      }),
      message,
    }),
  ]),
);

export const crawlerPolicyShape = named(
  "CrawlerPolicy",
  z.strictObject({
    rules: z
      .array(
        z.strictObject({
          match,
          path: z.string().max(POLICY_LIMITS.maxPathLength).nullable(),
          action: policyActionShape,
        }),
      )
      .max(POLICY_LIMITS.maxRules),
    defaultAction: policyActionShape,
    impostorProtection: z.boolean(),
    inBandPricing: z
      .boolean()
      .describe("The origin may price a page with its own crawler-price response header"),
    x402: z
      .strictObject({
        network: z.string().describe("CAIP-2 chain id, e.g. eip155:84532"),
        asset: z.string().describe("The token paid in (worth one USD a unit)"),
        payTo: z.string().describe("The address paid"),
        decimals: z.number().int().min(0).max(18).describe("The asset's decimals (USDC: 6)"),
      })
      .nullable()
      .describe(
        "x402 v2 receiver: USD-priced charges are also offered with PAYMENT-REQUIRED; null: none",
      ),
    contentSignals: signals.describe(
      'Content Signals for the whole site, each "yes", "no" or null (unset)',
    ),
    contentSignalPaths: z
      .array(
        z.strictObject({ path: z.string().max(POLICY_LIMITS.maxPathLength), ...signals.shape }),
      )
      .max(CONTENT_SIGNAL_LIMITS.maxPaths)
      .describe(
        "Ordered per-path overrides: the first matching override that sets a key decides it",
      ),
    licenseUrl: z
      .string()
      .max(CONTENT_SIGNAL_LIMITS.maxLicenseUrlLength)
      .nullable()
      .describe("RSL licence document (absolute https URL), or null"),
  }),
);
