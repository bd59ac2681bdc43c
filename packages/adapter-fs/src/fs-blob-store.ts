import { mkdirSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import {
  assertBlobKey,
  assertByteRange,
  type BlobStore,
  BlobStoreUnavailable,
} from "@crawlgate/core/adapter-kit";

export interface FsBlobStoreOptions {
  /** Directory that holds every blob; created when missing. */
  root: string;
}

const code = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Blobs as files under `root`: a key's segments are the path below it (keys are validated, so
 * nothing resolves outside `root`). Writes go to a unique temporary file in the target directory
 * and are renamed over the key: readers see the old file or the new one, never a part. A missing
 * file is `null`; any other failure (and a `root` that disappeared, such as an unmounted volume)
 * is `BlobStoreUnavailable`.
 */
export function createFsBlobStore(options: FsBlobStoreOptions) {
  const root = resolve(options.root);
  mkdirSync(root, { recursive: true });

  const pathOf = (key: string) => {
    assertBlobKey(key);
    const path = join(root, ...key.split("/"));
    // Defence in depth: the key grammar already forbids every escape.
    if (!path.startsWith(root + sep)) throw new RangeError(`invalid blob key: ${key}`);
    return path;
  };
  const unavailable = (error: unknown) =>
    new BlobStoreUnavailable(`blob store at ${root} is unavailable`, { cause: error });
  /** Whether a "no such file" was about the key or about the store itself. */
  const missing = async (error: unknown) => {
    if (code(error) !== "ENOENT" && code(error) !== "ENOTDIR") return unavailable(error);
    try {
      await stat(root);
      return null;
    } catch (rootError) {
      return unavailable(rootError);
    }
  };
  /** `fallback` when the error says the key is absent; otherwise throws what it means. */
  const absent = async <T>(error: unknown, fallback: T): Promise<T> => {
    const failure = await missing(error);
    if (failure) throw failure;
    return fallback;
  };
  // A leading dot: no key can name a temporary file.
  const tempFor = (path: string) => join(dirname(path), `.tmp-${crypto.randomUUID()}`);

  return {
    async putBlob(key, bytes) {
      const path = pathOf(key);
      const temp = tempFor(path);
      try {
        try {
          await writeFile(temp, bytes, { flag: "wx" });
        } catch (error) {
          const failure = await missing(error);
          if (failure) throw failure;
          await mkdir(dirname(temp), { recursive: true });
          await writeFile(temp, bytes, { flag: "wx" });
        }
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => {});
        throw error instanceof BlobStoreUnavailable ? error : unavailable(error);
      }
    },
    async getBlob(key) {
      const path = pathOf(key);
      try {
        return new Uint8Array(await readFile(path));
      } catch (error) {
        // A directory at the key's place (a longer key's parent) is not a blob either.
        if (code(error) === "EISDIR") return null;
        return absent(error, null);
      }
    },
    async getBlobRange(key, start, end) {
      const path = pathOf(key);
      assertByteRange(start, end);
      let file: Awaited<ReturnType<typeof open>>;
      try {
        file = await open(path, "r");
      } catch (error) {
        if (code(error) === "EISDIR") return null;
        return absent(error, null);
      }
      try {
        const out = new Uint8Array(end - start);
        let filled = 0;
        while (filled < out.length) {
          const { bytesRead } = await file.read(out, filled, out.length - filled, start + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return filled === out.length ? out : out.slice(0, filled);
      } catch (error) {
        // Opening a directory succeeds on Linux; reading it fails with EISDIR.
        if (code(error) === "EISDIR") return null;
        throw unavailable(error);
      } finally {
        await file.close();
      }
    },
    async hasBlob(key) {
      const path = pathOf(key);
      try {
        return (await stat(path)).isFile();
      } catch (error) {
        return absent(error, false);
      }
    },
    async deleteBlob(key) {
      const path = pathOf(key);
      try {
        await unlink(path);
        return true;
      } catch (error) {
        if (code(error) === "EISDIR" || code(error) === "EPERM") {
          // unlink on a directory: EISDIR on Linux, EPERM on macOS.
          const isDir = await stat(path).then(
            (s) => s.isDirectory(),
            () => false,
          );
          if (isDir) return false;
        }
        return absent(error, false);
      }
    },
    /** Files on disk have no URL of their own: crawlgate serves them through its signed route. */
    async presignGet(key) {
      pathOf(key);
      return null;
    },
  } satisfies BlobStore;
}
