import type { Taxonomy } from "../taxonomy/registry.js";
import type { BotDefinition } from "../taxonomy/schema.js";
import { UNKNOWN_BOT_ID } from "../taxonomy/schema.js";
import { matchesSubject } from "./compile.js";
import type { CrawlerPolicy, DenyAction } from "./schema.js";
import type { PolicySubject } from "./subject.js";

/** A taxonomy bot that the policy blocks or charges on every path. */
export interface DeniedBot {
  bot: Readonly<BotDefinition>;
  /** The block or charge that applies to it everywhere. */
  action: DenyAction;
}

/**
 * The bots the policy blocks or charges everywhere, in taxonomy order (by `botId`), for the
 * generated robots.txt. Each bot is taken as its genuine self (robots.txt is read by the real
 * crawler): tier `verified` when its operator publishes a way to verify it, else `declared`.
 * Walking the rules in order, a matching rule with a path pattern that allows leaves the bot out
 * (it is allowed somewhere); one that blocks or charges is passed over; the first matching rule
 * without a path decides, else the default action. The `unknown` bot is never listed.
 */
export function botsDeniedEverywhere(policy: CrawlerPolicy, taxonomy: Taxonomy): DeniedBot[] {
  const denied: DeniedBot[] = [];
  for (const bot of taxonomy.bots) {
    if (bot.botId === UNKNOWN_BOT_ID) continue;
    const subject: PolicySubject = {
      botId: bot.botId,
      operator: bot.operator,
      intent: bot.intent,
      tier: bot.verificationMethod === "none" ? "declared" : "verified",
    };
    const action = everywhereAction(policy, subject);
    if (action) denied.push({ bot, action });
  }
  return denied;
}

function everywhereAction(policy: CrawlerPolicy, subject: PolicySubject): DenyAction | null {
  for (const rule of policy.rules) {
    if (!matchesSubject(rule.match, subject)) continue;
    if (rule.path !== null) {
      if (rule.action.type === "allow") return null;
      continue;
    }
    return rule.action.type === "allow" ? null : rule.action;
  }
  return policy.defaultAction.type === "allow" ? null : policy.defaultAction;
}
