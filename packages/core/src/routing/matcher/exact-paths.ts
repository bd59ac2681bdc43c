import { isAscii } from "../rules/pattern.js";

/**
 * Exact source paths (lowercase) to values, looked up by a lowercase request path that may end
 * in one ignored "/". A bit set of cheap signatures (the length and three characters of the
 * path) sits in front of the map: most paths that are no exact source are turned away after
 * reading a few characters and one word of a small array, instead of hashing the path and
 * walking a large map's chains (with 10,000 rules those reads miss the CPU cache).
 */
export class ExactPaths<T> {
  private readonly map = new Map<string, T>();
  private readonly keys: string[] = [];
  private bits = new Int32Array(1);
  private mask = 31;

  get size(): number {
    return this.keys.length;
  }

  /** The value stored under `path`, which must not end in "/" unless it is "/". */
  find(path: string): T | undefined {
    return this.map.get(path);
  }

  /** Stores `value` under `path` (lowercase, no trailing "/" unless it is "/"). */
  add(path: string, value: T): void {
    this.map.set(path, value);
    this.keys.push(path);
    if (this.keys.length * 16 > this.mask + 1) {
      const size = 2 ** Math.ceil(Math.log2(this.keys.length * 32));
      this.bits = new Int32Array(size / 32);
      this.mask = size - 1;
      for (const key of this.keys) this.mark(key);
    } else this.mark(path);
  }

  /**
   * Whether `path` (any letter case, one trailing "/" ignored) passes the signature filter:
   * `false` means no stored path equals it with ASCII letters lowercased.
   */
  mayHave(path: string): boolean {
    const len = path.length;
    const end = len > 1 && path.charCodeAt(len - 1) === 47 ? len - 1 : len;
    const bit = signature(path, end) & this.mask;
    return ((this.bits[bit >>> 5] as number) & (1 << (bit & 31))) !== 0;
  }

  /**
   * The value stored under `path` with its letters lowercased (one trailing "/" ignored), or
   * undefined; for a path that passed `mayHave` (the filter is not checked again). Stored paths
   * are lowercase, so the path as sent is tried first: a hit means it was lowercase already, and
   * only a miss lowercases it (most paths are sent lowercase: no new string, no second hash).
   * A non-ASCII path whose lowercase hits is no hit: a non-ASCII letter may lowercase to ASCII,
   * as the Kelvin sign does.
   */
  get(path: string): T | undefined {
    const len = path.length;
    const p = len > 1 && path.charCodeAt(len - 1) === 47 ? path.slice(0, len - 1) : path;
    const direct = this.map.get(p);
    if (direct !== undefined) return direct;
    const lower = p.toLowerCase();
    if (lower === p || !isAscii(p)) return undefined;
    return this.map.get(lower);
  }

  private mark(path: string): void {
    const bit = signature(path, path.length) & this.mask;
    this.bits[bit >>> 5] = (this.bits[bit >>> 5] as number) | (1 << (bit & 31));
  }
}

/**
 * Mixes the length of `path[0, end)` with its second, middle and last characters, each with
 * bit 0x20 set (so a path and its lowercase have the same signature; a few other characters
 * collide too, which a filter may afford).
 */
function signature(path: string, end: number): number {
  let h = Math.imul(end, 0x9e3779b1);
  h = Math.imul(h ^ (end > 1 ? path.charCodeAt(1) | 32 : 0), 0x85ebca6b);
  h = Math.imul(h ^ (path.charCodeAt(end >> 1) | 32), 0xc2b2ae35);
  h = Math.imul(h ^ (path.charCodeAt(end - 1) | 32), 0x27d4eb2f);
  return (h ^ (h >>> 15)) >>> 0;
}
