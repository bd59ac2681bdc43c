/**
 * Dyadic blocks of days: a block of level `l` is the `2^l` days from an epoch day divisible by
 * `2^l` (levels 0 to `TOP_LEVEL`). Any window is the union of at most two blocks per level
 * below the top one, so a ranking adds a few arrays instead of one per day.
 */

/** The highest level: blocks of 256 days. */
export const TOP_LEVEL = 8;

/** A dyadic block: `2^level` days from epoch day `start` (a multiple of `2^level`). */
export interface Block {
  level: number;
  start: number;
}

/**
 * The canonical cover of the days `start..end` (epoch days): from the left, the largest aligned
 * block that fits in the window and is `usable`; a day with no usable block is left to `days`.
 */
export function coverWindow(
  start: number,
  end: number,
  usable: (block: Block) => boolean,
): { blocks: Block[]; days: number[] } {
  const blocks: Block[] = [];
  const days: number[] = [];
  let at = start;
  while (at <= end) {
    let chosen: Block | null = null;
    for (let level = TOP_LEVEL; level >= 0 && !chosen; level--) {
      const size = 2 ** level;
      if (at % size !== 0 || at + size - 1 > end) continue;
      if (usable({ level, start: at })) chosen = { level, start: at };
    }
    if (chosen) {
      blocks.push(chosen);
      at += 2 ** chosen.level;
    } else {
      days.push(at);
      at += 1;
    }
  }
  return { blocks, days };
}
