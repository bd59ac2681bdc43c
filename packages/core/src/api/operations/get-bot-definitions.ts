import { z } from "zod";
import { invalidRequest } from "../../errors.js";
import {
  CURRENT_TAXONOMY_VERSION,
  getTaxonomy,
  INTENTS,
  publicDefinitions,
  VERIFICATION_METHODS,
} from "../../taxonomy/index.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { count, instant, uuid } from "../responses/shapes.js";

/** `version`: a published taxonomy version such as `"1.0"`; absent: the current one. */
export const input = z.strictObject({
  version: z
    .string({ error: 'version must be a string such as "1.0"' })
    .optional()
    .describe("A published version such as 1.0; omit for the current one"),
});

/** A string (a major version may add a bucket); taxonomy 1.x has the eight listed. */
const intent = z.string().describe(`Intent bucket; in version 1.x one of ${INTENTS.join(", ")}`);

export const output = z.strictObject({
  generatedAt: instant,
  definitionsVersion: z.string().describe("Immutable; safe as a cache key"),
  definitionsEffectiveFrom: instant,
  isCurrent: z.boolean().describe("false only when an older version was requested"),
  userId: uuid,
  intentCount: count,
  botCount: count,
  intents: z.array(
    z.strictObject({
      intent,
      label: z.string(),
      description: z.string(),
      isAiIntent: z.boolean(),
      botCount: count.describe("Bots in the bucket, retired ones included"),
    }),
  ),
  bots: z.array(
    z.strictObject({
      botId: z.string(),
      displayName: z.string(),
      operator: z.string(),
      intent,
      uaPatterns: z.array(z.string()).describe("Lowercased User-Agent substrings"),
      verificationMethod: z.enum(VERIFICATION_METHODS),
      isActive: z.boolean().describe("false for retired bots"),
    }),
  ),
});

export const contract: EndpointContract = {
  summary: "Get the bot taxonomy",
  description:
    'The published bot definitions: intent buckets in display order (AI intents first) and bots sorted by `botId`, joined on `intent`. A User-Agent is attributed by lowercasing it and taking the bot with the longest `uaPatterns` entry it contains (substring, not regex); no match is the `unknown` bot. `version` (e.g. `"1.0"`) returns that immutable snapshot; an unknown or malformed version is 400. A minor version bump adds, removes or re-tags bots; a major one changes the set of intents.',
  status: 200,
  errors: ["invalid_request"],
};

/** POST /get-bot-definitions: the current taxonomy, or the immutable snapshot `version`. */
export const run: Operation<z.output<typeof input>, z.output<typeof output>> = async ({
  user,
  input,
  now,
}) => {
  const { version } = input();
  const taxonomy = getTaxonomy(version);
  if (!taxonomy) throw invalidRequest(`unknown bot definitions version: ${String(version)}`);
  const { intents, bots } = publicDefinitions(taxonomy);
  return {
    status: 200,
    body: {
      generatedAt: now.toISOString(),
      definitionsVersion: taxonomy.version,
      definitionsEffectiveFrom: taxonomy.effectiveFrom,
      isCurrent: taxonomy.version === CURRENT_TAXONOMY_VERSION,
      userId: user.userId,
      intentCount: intents.length,
      botCount: bots.length,
      intents,
      bots,
    },
  };
};
