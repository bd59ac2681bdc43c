export { createLegacyKeyMapper, legacyKeyOf, SOCIAL_OTHER_KEY } from "./legacy-key-of.js";
export {
  crawlerDevice,
  type MobileCrawlersFile,
  mobileCrawlersFileSchema,
  validateMobileCrawlers,
} from "./mobile-crawlers.js";
export { referenceClassify } from "./reference-classify.js";
export type { PublicBot, PublicIntent, Taxonomy } from "./registry.js";
export {
  CURRENT_TAXONOMY_VERSION,
  getTaxonomy,
  legacyKeys,
  listTaxonomyVersions,
  publicDefinitions,
} from "./registry.js";
export type {
  BotDefinition,
  Intent,
  IntentDefinition,
  LegacyKey,
  TaxonomyFile,
  VerificationMethod,
} from "./schema.js";
export {
  AI_INTENTS,
  INTENTS,
  legacyKeysFileSchema,
  taxonomyFileSchema,
  UNKNOWN_BOT_ID,
  VERIFICATION_METHODS,
} from "./schema.js";
export { validateLegacyKeys, validateTaxonomyFile } from "./validate.js";
