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
  "http_message_signature",
  "none",
] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export const UNKNOWN_BOT_ID = "unknown";

/**
 * The synthetic bot of a Web Bot Auth agent the taxonomy does not list (taxonomy 1.1 on): its
 * crawls keep the agent's origin beside the row; policies match it by `signatureAgent`.
 */
export const SIGNED_AGENT_BOT_ID = "signed-agent";

/** A signature agent as the taxonomy lists it: an https origin, lowercase, no path. */
const SIGNATURE_AGENT_ORIGIN = /^https:\/\/[a-z0-9.-]+(:[0-9]+)?$/;

const intentSchema = z.strictObject({
  intent: z.enum(INTENTS),
  label: z.string().min(1),
  description: z.string().min(1),
  isAiIntent: z.boolean(),
});

/** A robots.txt product token: no whitespace, `/`, `#` or `:` (a `User-agent:` line can name it). */
export const ROBOTS_TOKEN = /^[A-Za-z0-9._-]+$/;
const tokenSchema = z
  .string()
  .regex(ROBOTS_TOKEN, "a robots.txt product token is letters, digits, . _ -");

/**
 * How robots.txt addresses a bot. `tokens`: the product tokens whose groups the bot obeys when it
 * crawls, most specific first (`[]`: it names none, so only the `*` group applies to it).
 * `usageTokens`: tokens that control how the operator uses what another crawl fetched, with no
 * requests of their own (`Google-Extended`); they are written when the bot is blocked, never
 * used to judge its crawls. `ignoresWildcardGroup`: the bot ignores `User-agent: *`
 * (AdsBot-Google).
 */
const robotsSchema = z.strictObject({
  tokens: z.array(tokenSchema),
  usageTokens: z.array(tokenSchema).optional(),
  ignoresWildcardGroup: z.boolean().optional(),
});

const botSchema = z.strictObject({
  botId: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "botId must be lowercase letters, digits and -"),
  displayName: z.string().min(1),
  operator: z.string().min(1),
  intent: z.string(),
  uaPatterns: z.array(z.string().min(1, "a UA pattern must not be empty")),
  verificationMethod: z.enum(VERIFICATION_METHODS),
  isActive: z.boolean(),
  /** robots.txt product tokens (not published; see `robotsSchema`). */
  robots: robotsSchema,
  /** Facts verification needs (reverse-DNS suffixes, range-file URL, ASNs); not published. */
  verification: z.strictObject({
    rdnsSuffixes: z.array(z.string()).optional(),
    ipRangesUrl: z.string().url().optional(),
    asns: z.array(z.number().int().positive()).optional(),
    /**
     * Web Bot Auth agent origins (`https://chatgpt.com`) whose verified signatures are this bot
     * (taxonomy 1.1 on); a bot whose method is `http_message_signature` has only these.
     */
    signatureAgents: z.array(z.string().regex(SIGNATURE_AGENT_ORIGIN)).optional(),
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
