import type { BotDefinition } from "../taxonomy/schema.js";
import { UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import type { EdgeVerification } from "../verify/peek.js";
import type { PolicyTier } from "./schema.js";

/** Who a request is, as policy rules see it. */
export interface PolicySubject {
  botId: string;
  operator: string;
  intent: string;
  tier: PolicyTier;
}

/**
 * The subject of a crawler request: the classified bot with its tier. With impostor protection
 * on, a bot that can be verified but whose address failed verification is the `unknown` bot
 * (tier `unknown`); with it off it stays the claimed bot, `declared`. Automation clients and
 * every other unclassified UA are the `unknown` bot.
 */
export function policySubject(
  bot: Readonly<BotDefinition>,
  verification: EdgeVerification,
  impostorProtection: boolean,
  unknownBot: Readonly<BotDefinition>,
): PolicySubject {
  if (bot.botId === UNKNOWN_BOT_ID || (impostorProtection && verification === "unverified"))
    return {
      botId: UNKNOWN_BOT_ID,
      operator: unknownBot.operator,
      intent: unknownBot.intent,
      tier: "unknown",
    };
  return {
    botId: bot.botId,
    operator: bot.operator,
    intent: bot.intent,
    tier: verification === "verified" ? "verified" : "declared",
  };
}
