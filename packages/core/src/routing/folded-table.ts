import { foldedEquals, foldedHash } from "./folded-text.js";

/**
 * An open-addressing hash table of items keyed by their lowercase ASCII `key`, looked up by a
 * slice of a request path whose letters are folded on the fly (with the folded hash computed by
 * `scanPath`), so a lookup neither lowercases nor slices nor hashes a fresh string. The key
 * lives on the item, so a hit reads the slot, the item and its key and nothing else.
 */
export class FoldedTable<T extends { readonly key: string }> {
  /** Pairs (hash, index + 1); index 0 marks an empty slot. */
  private slots = new Int32Array(16);
  private mask = 7;
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  /** Every item, in insertion order. */
  all(): readonly T[] {
    return this.items;
  }

  /** The item with this (lowercase) key, or undefined. */
  find(key: string): T | undefined {
    return this.get(foldedHash(key), key, 0, key.length);
  }

  /** Adds an item whose key is not in the table yet. */
  add(item: T): void {
    this.items.push(item);
    if (this.items.length * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    else this.place(foldedHash(item.key), this.items.length);
  }

  /** The item whose key equals `text[from, to)` with letters folded; `hash` is its folded hash. */
  get(hash: number, text: string, from: number, to: number): T | undefined {
    const slots = this.slots;
    const mask = this.mask;
    let i = (hash ^ (hash >>> 15)) & mask;
    while (true) {
      const index = slots[2 * i + 1] as number;
      if (index === 0) return undefined;
      if (slots[2 * i] === hash) {
        const item = this.items[index - 1] as T;
        if (foldedEquals(text, from, to, item.key)) return item;
      }
      i = (i + 1) & mask;
    }
  }

  /** Stores `index + 1` for `hash` in the first free slot of its probe sequence. */
  private place(hash: number, indexPlusOne: number): void {
    let i = (hash ^ (hash >>> 15)) & this.mask;
    while (this.slots[2 * i + 1] !== 0) i = (i + 1) & this.mask;
    this.slots[2 * i] = hash;
    this.slots[2 * i + 1] = indexPlusOne;
  }

  private rehash(capacity: number): void {
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
    this.items.forEach((item, index) => {
      this.place(foldedHash(item.key), index + 1);
    });
  }
}
