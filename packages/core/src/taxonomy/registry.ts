import v1_0 from "./data/1.0.json";
import v1_1 from "./data/1.1.json";
import legacyKeysData from "./data/legacy-keys.json";
import type { BotDefinition, IntentDefinition, LegacyKey, VerificationMethod } from "./schema.js";
import { validateLegacyKeys, validateTaxonomyFile } from "./validate.js";

/** The public shape of an intent bucket (get-bot-definitions `intents[]`). */
export interface PublicIntent {
  intent: string;
  label: string;
  description: string;
  isAiIntent: boolean;
  botCount: number;
}

/** The public shape of a bot (get-bot-definitions `bots[]`). */
export interface PublicBot {
  botId: string;
  displayName: string;
  operator: string;
  intent: string;
  uaPatterns: string[];
  verificationMethod: VerificationMethod;
  isActive: boolean;
}

/** One immutable taxonomy version. */
export interface Taxonomy {
  version: string;
  /** ISO 8601 instant the version took effect. */
  effectiveFrom: string;
  /** In display order, with computed `botCount` (retired bots included). */
  intents: readonly Readonly<PublicIntent>[];
  /** Sorted by `botId` (byte order); includes the synthetic `unknown` bot. */
  bots: readonly Readonly<BotDefinition>[];
  botById(botId: string): Readonly<BotDefinition> | undefined;
  /** The bot listing this Web Bot Auth agent origin (`verification.signatureAgents`). */
  botBySignatureAgent(origin: string): Readonly<BotDefinition> | undefined;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function buildTaxonomy(input: unknown): Taxonomy {
  const file = validateTaxonomyFile(structuredClone(input));
  const bots = [...file.bots].sort((a, b) => (a.botId < b.botId ? -1 : a.botId > b.botId ? 1 : 0));
  const intents = file.intents.map((intent: IntentDefinition) => ({
    ...intent,
    botCount: bots.filter((bot) => bot.intent === intent.intent).length,
  }));
  const byId = new Map(bots.map((bot) => [bot.botId, bot]));
  const byAgent = new Map(
    bots.flatMap((bot) => (bot.verification.signatureAgents ?? []).map((a) => [a, bot] as const)),
  );
  const taxonomy = { version: file.version, effectiveFrom: file.effectiveFrom, intents, bots };
  deepFreeze(taxonomy);
  return {
    ...taxonomy,
    botById: (botId: string) => byId.get(botId),
    botBySignatureAgent: (origin: string) => byAgent.get(origin),
  };
}

const VERSIONS = new Map<string, Taxonomy>();
for (const data of [v1_0, v1_1]) {
  const taxonomy = buildTaxonomy(data);
  VERSIONS.set(taxonomy.version, Object.freeze(taxonomy));
}

/** The version served when none is requested. */
export const CURRENT_TAXONOMY_VERSION = "1.1";

/** The taxonomy of `version` (current when omitted), or `null` for an unknown or malformed one. */
export function getTaxonomy(version?: string): Taxonomy | null {
  return VERSIONS.get(version ?? CURRENT_TAXONOMY_VERSION) ?? null;
}

/** Every published version, oldest first. */
export function listTaxonomyVersions(): string[] {
  return [...VERSIONS.keys()].sort((a, b) => {
    const [amaj = 0, amin = 0] = a.split(".").map(Number);
    const [bmaj = 0, bmin = 0] = b.split(".").map(Number);
    return amaj - bmaj || amin - bmin;
  });
}

/** The intents and bots as get-bot-definitions publishes them, fields in the spec's order. */
export function publicDefinitions(taxonomy: Taxonomy): {
  intents: PublicIntent[];
  bots: PublicBot[];
} {
  return {
    intents: taxonomy.intents.map((i) => ({
      intent: i.intent,
      label: i.label,
      description: i.description,
      isAiIntent: i.isAiIntent,
      botCount: i.botCount,
    })),
    bots: taxonomy.bots.map((b) => ({
      botId: b.botId,
      displayName: b.displayName,
      operator: b.operator,
      intent: b.intent,
      uaPatterns: [...b.uaPatterns],
      verificationMethod: b.verificationMethod,
      isActive: b.isActive,
    })),
  };
}

const LEGACY_KEYS: readonly Readonly<LegacyKey>[] = deepFreeze(
  validateLegacyKeys(legacyKeysData, getTaxonomy(CURRENT_TAXONOMY_VERSION) as Taxonomy).keys,
);

/** The 25 legacy per-bot keys of export-user-analytics, in their published order. */
export function legacyKeys(): readonly Readonly<LegacyKey>[] {
  return LEGACY_KEYS;
}
