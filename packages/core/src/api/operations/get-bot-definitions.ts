import { CURRENT_TAXONOMY_VERSION, getTaxonomy, publicDefinitions } from "../../taxonomy/index.js";
import type { Operation } from "../context.js";
import { invalidRequest } from "../errors.js";
import { rejectUnknownFields } from "../fields.js";

/** POST /get-bot-definitions: the current taxonomy, or the immutable snapshot `version`. */
export const getBotDefinitions: Operation = async ({ user, body, now }) => {
  rejectUnknownFields(body, ["version"]);
  const { version } = body;
  if (version !== undefined && typeof version !== "string") {
    throw invalidRequest('version must be a string such as "1.0"');
  }
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
