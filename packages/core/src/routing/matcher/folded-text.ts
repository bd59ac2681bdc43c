/**
 * Case-folded hashing and comparison of a slice of an ASCII string against lowercase text, so
 * the rule index can look a request path's segments up without lowercasing or slicing them.
 */

/** FNV-1a offset basis and prime: a caller may fold the hash in its own scan loop. */
export const FOLD_SEED = 0x811c9dc5 | 0;
export const FOLD_PRIME = 0x01000193;

/** FNV-1a over `text[from, to)` with ASCII letters folded to lowercase. */
export function foldedHash(text: string, from = 0, to = text.length): number {
  let h = FOLD_SEED;
  for (let i = from; i < to; i++) {
    let c = text.charCodeAt(i);
    if (c - 65 < 26 && c >= 65) c += 32;
    h = Math.imul(h ^ c, FOLD_PRIME);
  }
  return h;
}

/** Whether `text[from, to)`, ASCII letters folded, equals `lower` (already lowercase). */
export function foldedEquals(text: string, from: number, to: number, lower: string): boolean {
  if (to - from !== lower.length) return false;
  for (let i = from, j = 0; i < to; i++, j++) {
    let c = text.charCodeAt(i);
    if (c - 65 < 26 && c >= 65) c += 32;
    if (c !== lower.charCodeAt(j)) return false;
  }
  return true;
}

/** The folded hash of the segment read by the last `scanSegment` asked to hash it. */
export const scanned = { hash: FOLD_SEED };

/**
 * Reads the path segment starting at `start` and returns its end (the next "/", or `end`), in
 * one pass that also folds and hashes it into `scanned.hash` when `hash` is set (`foldedHash`
 * of the segment); -1 if the segment holds a non-ASCII character (the path must be
 * percent-encoded first).
 */
export function scanSegment(path: string, start: number, end: number, hash: boolean): number {
  let i = start;
  if (hash) {
    let h = FOLD_SEED;
    for (; i < end; i++) {
      let c = path.charCodeAt(i);
      if (c === 47) break;
      if (c > 127) return -1;
      if (c - 65 < 26 && c >= 65) c += 32;
      h = Math.imul(h ^ c, FOLD_PRIME);
    }
    scanned.hash = h;
    return i;
  }
  for (; i < end; i++) {
    const c = path.charCodeAt(i);
    if (c === 47) break;
    if (c > 127) return -1;
  }
  return i;
}
