import { z } from "zod";
import { invalidRequest } from "../../errors.js";
import { CURRENT_TAXONOMY_VERSION, getTaxonomy, publicDefinitions } from "../../taxonomy/index.js";
import type { Operation } from "../context.js";

/** `version`: a published taxonomy version such as `"1.0"`; absent: the current one. */
export const input = z.strictObject({
  version: z.string({ error: 'version must be a string such as "1.0"' }).optional(),
});

/** POST /get-bot-definitions: the current taxonomy, or the immutable snapshot `version`. */
export const run: Operation<z.output<typeof input>> = async ({ user, input, now }) => {
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
