import { foldedEquals, foldedHash } from "./folded-text.js";

/**
 * An open-addressing hash table of items keyed by their lowercase ASCII `key`, looked up by a
 * slice of a request path whose letters are folded on the fly (with the folded hash computed by
 * `scanPath`), so a lookup neither lowercases nor slices nor hashes a fresh string. The key
 * lives on the item, so a hit reads the slot, the item and its key and nothing else.
 */
export class FoldedTable<T extends { readonly key: string }> {
  /** Folded hash of the item in each slot. */
  private hashes = new Int32Array(8);
  /** Item in each slot (`null` when empty): a hit reads no index array in between. */
  private slots: (T | null)[] = new Array(8).fill(null);
  private mask = 7;
  private readonly items: T[] = [];
  /** Bit set of the keys' first characters (all ASCII): most misses stop at one bit. */
  private readonly heads = new Int32Array(4);

  get size(): number {
    return this.items.length;
  }

  /** Every item, in insertion order. */
  all(): readonly T[] {
    return this.items;
  }

  /** The item with this (lowercase) key, or undefined. */
  find(key: string): T | undefined {
    if (key === "" || !this.mayStartWith(key.charCodeAt(0))) return undefined;
    return this.get(foldedHash(key), key, 0, key.length);
  }

  /** Adds an item whose (non-empty, lowercase ASCII) key is not in the table yet. */
  add(item: T): void {
    this.items.push(item);
    const head = item.key.charCodeAt(0);
    this.heads[head >>> 5] = (this.heads[head >>> 5] as number) | (1 << (head & 31));
    if (this.items.length * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    else this.place(foldedHash(item.key), item);
  }

  /**
   * Whether some key may start with the character `c` (letters folded); `false` means no key
   * can equal a text starting with it.
   */
  mayStartWith(c: number): boolean {
    const folded = c - 65 < 26 && c >= 65 ? c + 32 : c;
    return folded < 128 && ((this.heads[folded >>> 5] as number) & (1 << (folded & 31))) !== 0;
  }

  /** The item whose key equals `text[from, to)` with letters folded; `hash` is its folded hash. */
  get(hash: number, text: string, from: number, to: number): T | undefined {
    const hashes = this.hashes;
    const slots = this.slots;
    const mask = this.mask;
    let i = (hash ^ (hash >>> 15)) & mask;
    while (true) {
      const item = slots[i] as T | null;
      if (item === null) return undefined;
      if (hashes[i] === hash && foldedEquals(text, from, to, item.key)) return item;
      i = (i + 1) & mask;
    }
  }

  /** Stores `item` in the first free slot of its hash's probe sequence. */
  private place(hash: number, item: T): void {
    let i = (hash ^ (hash >>> 15)) & this.mask;
    while (this.slots[i] !== null) i = (i + 1) & this.mask;
    this.hashes[i] = hash;
    this.slots[i] = item;
  }

  private rehash(capacity: number): void {
    this.hashes = new Int32Array(capacity);
    this.slots = new Array(capacity).fill(null);
    this.mask = capacity - 1;
    for (const item of this.items) this.place(foldedHash(item.key), item);
  }
}
