import { type Block, TOP_LEVEL } from "./dyadic-cover.js";
import { type DayStamps, type DayTiers, sameTiers } from "./freshness.js";

/** Where a refresh step of one domain starts: its stamps, and how far to build. */
export interface RefreshInput extends DayStamps {
  /** Build through this epoch day. */
  through: number;
  /** Days (stale or newly built) one step handles at most; later steps continue. */
  stepDays: number;
}

/** What one refresh step writes, in this order. */
export interface RefreshStep {
  /** Nothing to rebuild: no block, no stamp, no new version; only `builtThrough` may move. */
  settled: boolean;
  /** Days whose level-0 blocks are rebuilt from the day counts, ascending. */
  level0Days: number[];
  /**
   * Blocks above level 0 rebuilt from their two halves, by level then start: a half rebuilt in
   * this step comes before the block that adds it.
   */
  merged: Block[];
  /** The new stamps of the rebuilt days: their current totals (a day with no crawls gets none). */
  stamps: [day: number, totals: DayTiers][];
  /** The last day built after the step. */
  builtThrough: number;
  /** Whether the domain is now built through `through` with no day left stale. */
  done: boolean;
}

/**
 * One refresh step: the days up to `through` whose totals differ from their stamp get their
 * level 0 rebuilt, and every built block holding them is rebuilt from its two halves; newly
 * built days complete new blocks (an empty day needs no level 0). At most `stepDays` such days
 * per step, oldest first.
 */
export function planRefreshStep(input: RefreshInput): RefreshStep {
  const { builtThrough, current, stamped, through, stepDays } = input;
  const known = [...new Set([...current.keys(), ...stamped.keys()])].filter((d) => d <= through);
  const dirty = known.filter((d) => !sameTiers(current.get(d), stamped.get(d)));
  // Days newly covered: blocks ending on them are complete now.
  const fresh: number[] = [];
  if (known.length > 0) {
    const first = Math.max(Math.min(...known), (builtThrough ?? -1) + 1);
    for (let d = first; d <= through; d++) fresh.push(d);
  }
  const candidates = [...new Set([...dirty, ...fresh])].sort((a, b) => a - b);
  if (candidates.length === 0) {
    const built = builtThrough === null || builtThrough < through ? through : builtThrough;
    return {
      settled: true,
      level0Days: [],
      merged: [],
      stamps: [],
      builtThrough: built,
      done: true,
    };
  }
  const last = candidates.length > stepDays ? (candidates[stepDays - 1] as number) : through;
  const processed = candidates.filter((d) => d <= last);
  const level0Days = dirty.filter((d) => d <= last);
  const newBuilt = Math.max(builtThrough ?? last, last);
  const merged: Block[] = [];
  for (let level = 1; level <= TOP_LEVEL; level++) {
    const size = 2 ** level;
    const starts = new Set(processed.map((d) => d - (d % size)));
    for (const start of [...starts].sort((a, b) => a - b))
      if (start + size - 1 <= newBuilt) merged.push({ level, start });
  }
  const stamps = level0Days.flatMap((day): [number, DayTiers][] => {
    const totals = current.get(day);
    return totals ? [[day, totals]] : [];
  });
  return {
    settled: false,
    level0Days,
    merged,
    stamps,
    builtThrough: newBuilt,
    done: last === through,
  };
}
