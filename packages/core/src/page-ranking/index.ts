// The page-ranking read model's pure parts: the reference ranking (the oracle the memory store
// runs), the one keyset and tie-break rule, and the algorithm of a store's read model (dyadic
// cover, freshness, block arithmetic, in-memory ranking, refresh planning).
export type { BlockCounts, BlockSet } from "./block-counts.js";
export {
  ALL_BOTS,
  addBlockSets,
  addBlocks,
  addInto,
  BLOCK_TIERS,
  blockBytes,
  blockEnd,
  compactBlock,
  DayBlockBuilder,
} from "./block-counts.js";
export type { Block } from "./dyadic-cover.js";
export { coverWindow, TOP_LEVEL } from "./dyadic-cover.js";
export type { DayStamps, DayTiers } from "./freshness.js";
export { isStaleDay, planWindowRead, sameTiers } from "./freshness.js";
export { compareRanked, isAfterKeyset, tieBreak } from "./keyset.js";
export type { BlockSums, DayCount, PathDirectory } from "./rank-blocks.js";
export { kthLargest, rankBlockSums, rankBlocks, sumBlocks } from "./rank-blocks.js";
export { passesCountFilter, rankPathRows, rowsOfPaths } from "./reference.js";
export type { RefreshInput, RefreshStep } from "./refresh-plan.js";
export { planRefreshStep } from "./refresh-plan.js";
