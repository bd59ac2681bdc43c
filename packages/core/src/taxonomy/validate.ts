import {
  AI_INTENTS,
  INTENTS,
  type LegacyKeysFile,
  legacyKeysFileSchema,
  SIGNED_AGENT_BOT_ID,
  type TaxonomyFile,
  taxonomyFileSchema,
  UNKNOWN_BOT_ID,
} from "./schema.js";

/**
 * Parses a taxonomy file and checks the rules a schema cannot: exactly the eight intents in
 * display order with the right `isAiIntent`, unique botIds, every bot's intent exists, patterns
 * lowercase and owned by one bot only, the synthetic `unknown` bot present with no pattern and
 * no robots.txt token, no token twice on a bot, and no usage token that is also a crawl token
 * (a usage token sends no requests, so no bot may obey it).
 * Throws an Error naming every problem.
 */
export function validateTaxonomyFile(input: unknown): TaxonomyFile {
  const file = taxonomyFileSchema.parse(input);
  const problems: string[] = [];
  const intentIds = file.intents.map((i) => i.intent);
  if (intentIds.join() !== INTENTS.join())
    problems.push(`intents must be exactly ${INTENTS.join(", ")} in that order`);
  for (const intent of file.intents) {
    if (intent.isAiIntent !== AI_INTENTS.includes(intent.intent)) {
      problems.push(`intent ${intent.intent}: isAiIntent must be ${!intent.isAiIntent}`);
    }
  }
  const botIds = new Set<string>();
  const patternOwner = new Map<string, string>();
  const agentOwner = new Map<string, string>();
  for (const bot of file.bots) {
    if (botIds.has(bot.botId)) problems.push(`duplicate botId ${bot.botId}`);
    botIds.add(bot.botId);
    if (!intentIds.includes(bot.intent as (typeof INTENTS)[number])) {
      problems.push(`bot ${bot.botId}: unknown intent ${bot.intent}`);
    }
    // A bot known by its signature alone (a browser User-Agent) has no pattern of its own.
    const signed = bot.verificationMethod === "http_message_signature";
    if (bot.botId !== UNKNOWN_BOT_ID && !signed && bot.uaPatterns.length === 0)
      problems.push(`bot ${bot.botId}: no UA pattern`);
    if (signed && bot.botId !== SIGNED_AGENT_BOT_ID && !bot.verification.signatureAgents?.length)
      problems.push(`bot ${bot.botId}: verified by signature but lists no signature agent`);
    for (const agent of bot.verification.signatureAgents ?? []) {
      const owner = agentOwner.get(agent);
      if (owner !== undefined)
        problems.push(`signature agent ${agent} listed by ${owner} and ${bot.botId}`);
      agentOwner.set(agent, bot.botId);
    }
    const tokens = [...bot.robots.tokens, ...(bot.robots.usageTokens ?? [])].map((t) =>
      t.toLowerCase(),
    );
    if (new Set(tokens).size !== tokens.length)
      problems.push(`bot ${bot.botId}: a robots.txt token is listed twice`);
    for (const pattern of bot.uaPatterns) {
      if (pattern !== pattern.toLowerCase())
        problems.push(`bot ${bot.botId}: pattern "${pattern}" is not lowercase`);
      const owner = patternOwner.get(pattern);
      if (owner !== undefined)
        problems.push(`pattern "${pattern}" shared by ${owner} and ${bot.botId}`);
      patternOwner.set(pattern, bot.botId);
    }
  }
  const crawlTokens = new Set(
    file.bots.flatMap((b) => b.robots.tokens.map((t) => t.toLowerCase())),
  );
  for (const bot of file.bots) {
    for (const token of bot.robots.usageTokens ?? []) {
      if (crawlTokens.has(token.toLowerCase()))
        problems.push(`bot ${bot.botId}: usage token ${token} is also a crawl token`);
    }
  }
  const unknown = file.bots.find((b) => b.botId === UNKNOWN_BOT_ID);
  if (!unknown) problems.push("the synthetic unknown bot is missing");
  else {
    if (unknown.uaPatterns.length > 0) problems.push("the unknown bot must have no UA pattern");
    if (unknown.robots.tokens.length > 0)
      problems.push("the unknown bot must have no robots.txt token");
    if (unknown.intent !== "other" || unknown.verificationMethod !== "none") {
      problems.push("the unknown bot must have intent other and verification method none");
    }
  }
  if (problems.length > 0)
    throw new Error(`invalid taxonomy ${file.version}: ${problems.join("; ")}`);
  return file;
}

/** Parses the legacy keys file against a taxonomy: 25 unique keys whose botIds exist. */
export function validateLegacyKeys(
  input: unknown,
  taxonomy: { bots: readonly { botId: string }[] },
): LegacyKeysFile {
  const file = legacyKeysFileSchema.parse(input);
  const ids = new Set(taxonomy.bots.map((b) => b.botId));
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const entry of file.keys) {
    if (keys.has(entry.key)) problems.push(`duplicate legacy key ${entry.key}`);
    keys.add(entry.key);
    for (const id of [
      ...entry.botIds,
      ...(entry.representativeBotId ? [entry.representativeBotId] : []),
    ]) {
      if (!ids.has(id)) problems.push(`legacy key ${entry.key}: unknown bot ${id}`);
    }
  }
  const groups = { named: 9, "other-social": 10, other: 6 };
  for (const [group, count] of Object.entries(groups)) {
    const actual = file.keys.filter((k) => k.group === group).length;
    if (actual !== count)
      problems.push(`legacy group ${group} has ${actual} keys, expected ${count}`);
  }
  if (!keys.has("social_other")) problems.push("legacy key social_other is missing");
  if (problems.length > 0) throw new Error(`invalid legacy keys: ${problems.join("; ")}`);
  return file;
}
