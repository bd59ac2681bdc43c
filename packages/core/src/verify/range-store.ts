import { z } from "zod";
import type { BlobStore } from "../ports/index.js";
import { parseRangeFile } from "./ip-ranges.js";
import type { RangeSnapshot } from "./range-feeds.js";

/**
 * The last refresh of one published range file, kept in the blob store so that a restart and
 * every instance sharing the store use the last good copy: the snapshot of the last successful
 * fetch (`null` while only the shipped copy was ever good) and the outcome of the last attempt.
 */
export interface StoredRangeFile {
  url: string;
  snapshot: RangeSnapshot | null;
  lastAttemptAt: Date;
  lastError: string | null;
}

export type RangeStore = Pick<BlobStore, "getBlob" | "putBlob">;

/** `ranges/<url with every run of other characters as "_">.json`: one blob per file URL. */
export function rangeBlobKey(url: string): string {
  const name = url
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "_")
    .slice(0, 200);
  return `ranges/${name}.json`;
}

const recordSchema = z.object({
  url: z.string(),
  snapshot: z
    .object({
      cidrs: z.array(z.string()),
      creationTime: z.string().nullable(),
      fetchedAt: z.iso.datetime(),
    })
    .nullable(),
  lastAttemptAt: z.iso.datetime(),
  lastError: z.string().nullable(),
});

/**
 * The stored record of `url`, or `null` when there is none or it is not one this code wrote (a
 * record for another URL, or prefixes that do not parse). Throws when the store cannot be read.
 */
export async function readStoredRange(
  store: RangeStore,
  url: string,
): Promise<StoredRangeFile | null> {
  const bytes = await store.getBlob(rangeBlobKey(url));
  if (!bytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success || parsed.data.url !== url) return null;
  const { snapshot } = parsed.data;
  let restored: RangeSnapshot | null = null;
  if (snapshot) {
    const checked = parseRangeFile({ prefixes: snapshot.cidrs });
    if (!checked.ok || checked.cidrs.length === 0) return null;
    restored = {
      cidrs: checked.cidrs,
      creationTime: snapshot.creationTime,
      fetchedAt: new Date(snapshot.fetchedAt),
    };
  }
  return {
    url,
    snapshot: restored,
    lastAttemptAt: new Date(parsed.data.lastAttemptAt),
    lastError: parsed.data.lastError,
  };
}

export async function writeStoredRange(store: RangeStore, record: StoredRangeFile): Promise<void> {
  const { snapshot } = record;
  const json = {
    url: record.url,
    snapshot: snapshot && {
      cidrs: snapshot.cidrs,
      creationTime: snapshot.creationTime,
      fetchedAt: snapshot.fetchedAt.toISOString(),
    },
    lastAttemptAt: record.lastAttemptAt.toISOString(),
    lastError: record.lastError,
  };
  await store.putBlob(rangeBlobKey(record.url), new TextEncoder().encode(JSON.stringify(json)));
}
