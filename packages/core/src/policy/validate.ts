import type { Taxonomy } from "../taxonomy/registry.js";
import type { CrawlerPolicy } from "./schema.js";

/**
 * The checks of a policy that need the taxonomy (after the schema): every `botId` rule names a
 * bot of it (`unknown` included) and every `operator` rule an operator of one of its bots.
 * Returns the first problem as a message, or `null`.
 */
export function checkPolicyNames(policy: CrawlerPolicy, taxonomy: Taxonomy): string | null {
  const operators = new Set(taxonomy.bots.map((bot) => bot.operator));
  for (const [i, rule] of policy.rules.entries()) {
    const { match } = rule;
    if (match.type === "botId" && !taxonomy.botById(match.value))
      return `rules.${i}.match.value: unknown botId "${match.value}" (see get-bot-definitions)`;
    if (match.type === "operator" && !operators.has(match.value))
      return `rules.${i}.match.value: unknown operator "${match.value}" (see get-bot-definitions)`;
  }
  return null;
}
