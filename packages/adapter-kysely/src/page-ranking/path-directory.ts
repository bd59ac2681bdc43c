import type { PathDirectory } from "@crawlgate/core/adapter-kit";
import { type Kysely, sql } from "kysely";
import { type Database, num } from "../schema.js";
import { WeightedLru } from "./weighted-lru.js";

/** Paths of the directories a store keeps between rankings. */
const DIRECTORY_CACHE_PATHS = 2_000_000;

/**
 * The path directories (id ↔ text, `crawl_paths`) of a store's domains, cached by domain key.
 * `crawl_paths` is append-only (ids are never reused or renamed), so a cached directory only
 * ever loads the ids it has not seen; concurrent loads of one domain share one query.
 */
export function createPathDirectories(db: Kysely<Database>) {
  const directories = new WeightedLru<PathDirectory>(DIRECTORY_CACHE_PATHS);
  const loading = new Map<number, Promise<PathDirectory>>();

  /** Loads the ids the directory of `key` does not hold yet (a new one when none is cached). */
  async function load(key: number, cached: PathDirectory | undefined): Promise<PathDirectory> {
    const dir = cached ?? { paths: [undefined], ids: new Map<string, number>() };
    const { rows } = await sql<{ path_id: number | string; path: string }>`
      select path_id, path from crawl_paths
      where domain_key = ${key} and path_id >= ${dir.paths.length}
      order by path_id`.execute(db);
    for (const r of rows) {
      const id = num(r.path_id);
      dir.paths[id] = r.path;
      dir.ids.set(r.path, id);
    }
    directories.set(String(key), dir, dir.paths.length);
    return dir;
  }

  return {
    /** The domain's path directory, holding at least the ids below `width`. */
    async directoryOf(key: number, width: number): Promise<PathDirectory> {
      const cached = directories.get(String(key));
      if (cached && cached.paths.length >= width) return cached;
      const pending = loading.get(key);
      if (pending) {
        const loaded = await pending;
        if (loaded.paths.length >= width) return loaded;
      }
      const loaded = load(key, cached);
      loading.set(key, loaded);
      try {
        return await loaded;
      } finally {
        if (loading.get(key) === loaded) loading.delete(key);
      }
    },
  };
}

export type PathDirectories = ReturnType<typeof createPathDirectories>;
