import {
  type AggregateTier,
  type BlockCounts,
  type BlockSums,
  sumBlocks,
} from "@crawlgate/core/adapter-kit";
import { WeightedLru } from "./weighted-lru.js";

/** Bytes of block sums a store keeps between rankings (16 MB per window of 1,000,000 paths). */
const SUMS_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The sums of a ranking's blocks (core's `sumBlocks`), kept between rankings: the pages of one
 * window, its cursor pages and every request in a day read the same blocks, so only the stale
 * days are added per ranking. Keyed by the identity of the decoded blocks (the block cache
 * returns a new object for a new version, and a decoded block is never changed) and the tiers
 * summed, so a refreshed block is a new key and a stale entry is only evicted, never served.
 */
export function createSumsCache() {
  const serials = new WeakMap<BlockCounts, number>();
  let next = 0;
  const serialOf = (block: BlockCounts): number => {
    let serial = serials.get(block);
    if (serial === undefined) {
      serial = ++next;
      serials.set(block, serial);
    }
    return serial;
  };
  const cache = new WeightedLru<BlockSums>(SUMS_CACHE_BYTES);

  return {
    /** The sums of `blocks` under a tier filter (none or empty: every tier). */
    sumsOf(
      blocks: readonly BlockCounts[],
      tiers: readonly AggregateTier[] | null | undefined,
    ): BlockSums {
      const chosen = tiers && tiers.length > 0 ? [...new Set(tiers)].sort().join(",") : "*";
      const key = `${blocks
        .map(serialOf)
        .sort((a, b) => a - b)
        .join(",")}|${chosen}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const sums = sumBlocks(blocks, tiers);
      cache.set(key, sums, sums.total.byteLength + sums.verified.byteLength);
      return sums;
    },
  };
}

export type SumsCache = ReturnType<typeof createSumsCache>;
