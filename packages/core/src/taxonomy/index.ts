export {
  AI_INTENTS,
  INTENTS,
  UNKNOWN_BOT_ID,
  VERIFICATION_METHODS,
  legacyKeysFileSchema,
  taxonomyFileSchema,
} from "./schema.js";
export type {
  BotDefinition,
  Intent,
  IntentDefinition,
  LegacyKey,
  TaxonomyFile,
  VerificationMethod,
} from "./schema.js";
export { validateLegacyKeys, validateTaxonomyFile } from "./validate.js";
export {
  CURRENT_TAXONOMY_VERSION,
  getTaxonomy,
  legacyKeys,
  listTaxonomyVersions,
  publicDefinitions,
} from "./registry.js";
export type { PublicBot, PublicIntent, Taxonomy } from "./registry.js";
export { referenceClassify } from "./reference-classify.js";
