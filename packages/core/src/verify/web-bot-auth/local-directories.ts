import type { KeyDirectoryEntry } from "../../ports/web-bot-auth.js";
import { importEd25519, type WebCryptoKey } from "./jwk.js";

interface LocalKey {
  key: WebCryptoKey;
  notBefore: number | null;
  expiresAt: number | null;
}

/** A directory held by this process, its keys imported for WebCrypto. */
export interface LocalDirectory {
  entry: KeyDirectoryEntry;
  keys: Map<string, LocalKey>;
  /** When an unknown keyid last made this process look again. */
  checkedAt: number;
}

/** The directories this process uses, up to `max` (the least recently adopted dropped first). */
export function createLocalDirectories(max: number) {
  const held = new Map<string, LocalDirectory>();
  return {
    /** The directory held for `url` whose entry has not ended at `t`, or `undefined`. */
    get(url: string, t: number): LocalDirectory | undefined {
      const directory = held.get(url);
      return directory !== undefined && directory.entry.expiresAt > t ? directory : undefined;
    },
    /** The entry held for `url` (ended or not), or `null`. */
    entry(url: string): KeyDirectoryEntry | null {
      return held.get(url)?.entry ?? null;
    },
    /** Holds `entry` from now on, its keys imported (unusable ones left out). */
    async adopt(entry: KeyDirectoryEntry, t: number): Promise<LocalDirectory> {
      const keys = new Map<string, LocalKey>();
      for (const k of entry.keys) {
        const key = await importEd25519(k.x);
        if (key !== null)
          keys.set(k.keyid, { key, notBefore: k.notBefore, expiresAt: k.expiresAt });
      }
      const directory = { entry, keys, checkedAt: t };
      held.delete(entry.directoryUrl);
      held.set(entry.directoryUrl, directory);
      for (const oldest of held.keys()) {
        if (held.size <= max) break;
        held.delete(oldest);
      }
      return directory;
    },
  };
}

/** The key `keyid` of a held directory when it is valid at `t` (its `nbf`/`exp`), else `null`. */
export function usableKey(
  directory: LocalDirectory,
  keyid: string,
  t: number,
): WebCryptoKey | null {
  const found = directory.keys.get(keyid);
  if (found === undefined) return null;
  if (found.notBefore !== null && found.notBefore > t) return null;
  if (found.expiresAt !== null && found.expiresAt <= t) return null;
  return found.key;
}
