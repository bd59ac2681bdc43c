import { type Block, type BlockCounts, blockBytes } from "@crawlgate/core/adapter-kit";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { type Database, num } from "../schema.js";
import { unpackBlock } from "./block-codec.js";
import { WeightedLru } from "./weighted-lru.js";

/** Bytes of decoded blocks a store keeps between rankings. */
const BLOCK_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * The decoded blocks of a store, cached by `domain:level:start:bot` with the `version` they were
 * read at (a per-domain counter bumped by every refresh step that writes): a reading first asks
 * for the current versions (one small query) and rereads only the blocks that changed, so the
 * cache is exact across processes.
 */
export function createBlockCache(db: Kysely<Database>) {
  const cache = new WeightedLru<{ version: number; block: BlockCounts }>(BLOCK_CACHE_BYTES);
  const cacheKey = (key: number, level: number, start: number, bot: string) =>
    `${key}:${level}:${start}:${bot}`;

  return {
    /** The blocks of a domain's plan for some bots (`ALL_BOTS`, or the bots of a filter). */
    async blocksOf(
      key: number,
      wanted: readonly Block[],
      bots: readonly string[],
    ): Promise<BlockCounts[]> {
      if (wanted.length === 0) return [];
      const current = await sql<{
        level: number;
        block_start: number;
        bot_id: string;
        version: number;
      }>`
        select level, block_start, bot_id, version from crawl_rollup_blocks
        where domain_key = ${key}
          and (level, block_start) in (${sql.join(wanted.map((b) => sql`(${b.level}, ${b.start})`))})
          and bot_id in (${sql.join([...bots])})`.execute(db);
      const out: BlockCounts[] = [];
      const missing: RawBuilder<unknown>[] = [];
      for (const r of current.rows) {
        const cached = cache.get(cacheKey(key, num(r.level), num(r.block_start), r.bot_id));
        if (cached && cached.version === num(r.version)) out.push(cached.block);
        else missing.push(sql`(${num(r.level)}, ${num(r.block_start)}, ${r.bot_id})`);
      }
      if (missing.length === 0) return out;
      const { rows } = await sql<{
        level: number;
        block_start: number;
        bot_id: string;
        version: number;
        counts: Uint8Array;
      }>`
        select level, block_start, bot_id, version, counts from crawl_rollup_blocks
        where domain_key = ${key} and (level, block_start, bot_id) in (${sql.join(missing)})`.execute(
        db,
      );
      for (const r of rows) {
        const block = unpackBlock(r.counts);
        cache.set(
          cacheKey(key, num(r.level), num(r.block_start), r.bot_id),
          { version: num(r.version), block },
          blockBytes(block),
        );
        out.push(block);
      }
      return out;
    },
  };
}

export type BlockCache = ReturnType<typeof createBlockCache>;
