import type { BotDefinition } from "../taxonomy/schema.js";
import { UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import type { AggregateTier } from "../types.js";
import type { EdgeVerification } from "../verify/peek.js";

/** Who a request is, as policy rules see it. */
export interface PolicySubject {
  botId: string;
  operator: string;
  intent: string;
  tier: AggregateTier;
  /** The agent origin a Web Bot Auth signature verified against; absent otherwise. */
  signatureAgent?: string;
  /**
   * The bot an impostor claimed to be (impostor protection on, its address failed verification);
   * absent otherwise. A block or charge rule naming its bot, operator or intent still applies;
   * an allow rule naming them does not (see `compilePolicy`).
   */
  claimed?: ClaimedBot;
}

/** A claimed bot's identity as policy rules name it. */
export interface ClaimedBot {
  botId: string;
  operator: string;
  intent: string;
}

/**
 * The subject of a crawler request: the classified bot with its tier. With impostor protection
 * on, a bot that can be verified but whose address failed verification is the `unknown` bot
 * (tier `unknown`) that carries its claim in `claimed`; with it off it stays the claimed bot,
 * `declared`. Automation clients and
 * every other unclassified UA are the `unknown` bot. `signatureAgent` is the origin a request's
 * signature verified against (`null`: none, or not verified): only then may a `signatureAgent`
 * rule match.
 */
export function policySubject(
  bot: Readonly<BotDefinition>,
  verification: EdgeVerification,
  impostorProtection: boolean,
  unknownBot: Readonly<BotDefinition>,
  signatureAgent: string | null = null,
): PolicySubject {
  if (bot.botId === UNKNOWN_BOT_ID || (impostorProtection && verification === "unverified")) {
    const subject: PolicySubject = {
      botId: UNKNOWN_BOT_ID,
      operator: unknownBot.operator,
      intent: unknownBot.intent,
      tier: "unknown",
    };
    if (bot.botId !== UNKNOWN_BOT_ID)
      subject.claimed = { botId: bot.botId, operator: bot.operator, intent: bot.intent };
    return subject;
  }
  return {
    botId: bot.botId,
    operator: bot.operator,
    intent: bot.intent,
    tier: verification === "verified" ? "verified" : "declared",
    ...(signatureAgent !== null && verification === "verified" ? { signatureAgent } : {}),
  };
}
