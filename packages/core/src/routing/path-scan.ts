import { encodeNonAscii } from "./pattern.js";

/**
 * One pass over a request path that does what `prepareRequestPath` does without allocating in
 * the common case (an ASCII path starting with "/"): it finds the trailing slash, the segment
 * boundaries and a case-folded hash of every segment, so the rule index can look segments up
 * without lowercasing or slicing them.
 */

const SEED = 0x811c9dc5 | 0;

/** FNV-1a over `text[from, to)` with ASCII letters folded to lowercase. */
export function foldedHash(text: string, from = 0, to = text.length): number {
  let h = SEED;
  for (let i = from; i < to; i++) {
    let c = text.charCodeAt(i);
    if (c - 65 < 26 && c >= 65) c += 32;
    h = Math.imul(h ^ c, 0x01000193);
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

/**
 * The scanned request path. One instance is reused by every match (matching is synchronous):
 * read it before the next scan.
 */
export interface ScannedPath {
  /** The path as matched: leading "/" ensured, non-ASCII percent-encoded, original case. */
  path: string;
  /** Length of `path` without its one ignored trailing slash. */
  end: number;
  /** The request path ended in "/". */
  endsWithSlash: boolean;
  /** Number of segments of `path[0, end)` ("/" has none; "/a/" has one: "a"). */
  count: number;
  /** Start, end and folded hash of each segment. */
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
}

const scanned: ScannedPath = {
  path: "/",
  end: 1,
  endsWithSlash: true,
  count: 0,
  starts: new Int32Array(64),
  ends: new Int32Array(64),
  hashes: new Int32Array(64),
};

function grow(s: ScannedPath): void {
  const size = s.starts.length * 2;
  const starts = new Int32Array(size);
  starts.set(s.starts);
  const ends = new Int32Array(size);
  ends.set(s.ends);
  const hashes = new Int32Array(size);
  hashes.set(s.hashes);
  s.starts = starts;
  s.ends = ends;
  s.hashes = hashes;
}

export function scanPath(rawPath: string): ScannedPath {
  let path = rawPath;
  if (path.charCodeAt(0) !== 47) path = `/${path}`;
  const s = scanned;
  while (true) {
    const len = path.length;
    const endsWithSlash = path.charCodeAt(len - 1) === 47;
    const end = endsWithSlash && len > 1 ? len - 1 : len;
    let sh = SEED;
    let count = 0;
    let segStart = 1;
    let ascii = true;
    for (let i = 1; i < end; i++) {
      let c = path.charCodeAt(i);
      if (c > 127) {
        ascii = false;
        break;
      }
      if (c === 47) {
        if (count === s.starts.length) grow(s);
        s.starts[count] = segStart;
        s.ends[count] = i;
        s.hashes[count++] = sh;
        sh = SEED;
        segStart = i + 1;
      } else {
        if (c - 65 < 26 && c >= 65) c += 32;
        sh = Math.imul(sh ^ c, 0x01000193);
      }
    }
    if (!ascii) {
      path = encodeNonAscii(path);
      continue;
    }
    if (end > 1) {
      if (count === s.starts.length) grow(s);
      s.starts[count] = segStart;
      s.ends[count] = end;
      s.hashes[count++] = sh;
    }
    s.path = path;
    s.end = end;
    s.endsWithSlash = endsWithSlash;
    s.count = count;
    return s;
  }
}
