import { z } from "zod";

/** The eight intent buckets of taxonomy major version 1, in display order (AI intents first). */
export const INTENTS = [
  "training",
  "answer-fetch",
  "search-index",
  "search-classic",
  "social",
  "seo-tool",
  "ads",
  "other",
] as const;
export type Intent = (typeof INTENTS)[number];
export const AI_INTENTS: readonly Intent[] = ["training", "answer-fetch", "search-index"];

export const VERIFICATION_METHODS = [
  "rdns_suffix",
  "published_ip_ranges",
  "asn_only",
  "none",
] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export const UNKNOWN_BOT_ID = "unknown";

const intentSchema = z.strictObject({
  intent: z.enum(INTENTS),
  label: z.string().min(1),
  description: z.string().min(1),
  isAiIntent: z.boolean(),
});

const botSchema = z.strictObject({
  botId: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "botId must be lowercase letters, digits and -"),
  displayName: z.string().min(1),
  operator: z.string().min(1),
  intent: z.string(),
  uaPatterns: z.array(z.string().min(1, "a UA pattern must not be empty")),
  verificationMethod: z.enum(VERIFICATION_METHODS),
  isActive: z.boolean(),
  /** Facts verification needs (reverse-DNS suffixes, range-file URL, ASNs); not published. */
  verification: z.strictObject({
    rdnsSuffixes: z.array(z.string()).optional(),
    ipRangesUrl: z.string().url().optional(),
    asns: z.array(z.number().int().positive()).optional(),
  }),
});

/** One taxonomy version file; the cross-record rules are checked in `validateTaxonomyFile`. */
export const taxonomyFileSchema = z.strictObject({
  version: z.string().regex(/^\d+\.\d+$/, "version must be MAJOR.MINOR"),
  effectiveFrom: z.iso.datetime({ precision: 3 }),
  intents: z.array(intentSchema),
  bots: z.array(botSchema),
});
export type TaxonomyFile = z.infer<typeof taxonomyFileSchema>;
export type BotDefinition = TaxonomyFile["bots"][number];
export type IntentDefinition = TaxonomyFile["intents"][number];

export const legacyKeysFileSchema = z.strictObject({
  keys: z.array(
    z.strictObject({
      key: z.string().regex(/^[a-z_]+$/),
      group: z.enum(["named", "other-social", "other"]),
      representativeBotId: z.string().nullable(),
      botIds: z.array(z.string()),
      uaSubstrings: z.array(z.string()),
    }),
  ),
});
export type LegacyKeysFile = z.infer<typeof legacyKeysFileSchema>;
export type LegacyKey = LegacyKeysFile["keys"][number];
