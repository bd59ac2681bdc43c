import { foldedEquals, foldedHash } from "./folded-text.js";

/**
 * An open-addressing hash table of items keyed by their lowercase ASCII `key`, looked up by a
 * slice of a request path whose letters are folded on the fly (with the folded hash computed by
 * the caller's scan), so a lookup neither lowercases nor slices nor hashes a fresh string.
 *
 * The table is one plain array of (hash, key, item) triples: a lookup reads the array, one
 * triple (side by side, usually one cache line) and the key's characters; the key and the item
 * are loaded independently (not the key through the item), so their cache misses overlap. A
 * one-word filter of the keys' first characters (`heads`) turns most misses away before the
 * segment is even read. Hashes are kept to 30 bits so every slot holds a small integer.
 */
export class FoldedTable<T extends { readonly key: string }> {
  /** Triples (hash, key, item); a `null` item marks an empty slot. */
  slots: Slots<T> = emptySlots(8);
  /** The number of slots minus one (a power of two minus one). */
  mask = 7;
  /** Filter of the keys' first characters (see `headBit`). */
  heads = 0;
  private readonly items: T[] = [];
  /** The items' folded hashes (kept for growing the table). */
  private readonly hashes: number[] = [];

  get size(): number {
    return this.items.length;
  }

  /** Every item, in insertion order. */
  all(): readonly T[] {
    return this.items;
  }

  /** The item with this (lowercase) key, or undefined; `hash` is `foldedHash(key)`. */
  find(key: string, hash = foldedHash(key)): T | undefined {
    if (key === "") return undefined;
    return foldedLookup<T>(this.slots, this.mask, hash, key, 0, key.length);
  }

  /**
   * Adds an item whose (non-empty, lowercase ASCII) key is not in the table yet; `hash` is
   * `foldedHash(item.key)`.
   */
  add(item: T, hash = foldedHash(item.key)): void {
    this.items.push(item);
    this.hashes.push(hash);
    this.heads |= headBit(item.key.charCodeAt(0));
    const capacity = this.mask + 1;
    if (this.items.length * 2 > capacity) {
      this.slots = emptySlots(capacity * 2);
      this.mask = capacity * 2 - 1;
      for (let i = 0; i < this.items.length; i++)
        place(this.slots, this.mask, this.hashes[i] as number, this.items[i] as T);
    } else place(this.slots, this.mask, hash, item);
  }
}

/** The filter bit of a first character, letters folded (a key's first character is lowercase). */
export function headBit(c: number): number {
  const folded = c - 65 < 26 && c >= 65 ? c + 32 : c;
  return 1 << (folded % 30);
}

/**
 * The item of `slots` (a `FoldedTable`'s, with its `mask`) whose key equals `text[from, to)`
 * with letters folded; `hash` is the folded hash of that text (`foldedHash`).
 */
export function foldedLookup<T extends { readonly key: string }>(
  slots: Slots<T>,
  mask: number,
  hash: number,
  text: string,
  from: number,
  to: number,
): T | undefined {
  const h = hash & 0x3fffffff;
  let i = (h ^ (h >>> 15)) & mask;
  while (true) {
    const item = slots[3 * i + 2] as T | null;
    if (item === null) return undefined;
    if (slots[3 * i] === h && foldedEquals(text, from, to, slots[3 * i + 1] as string)) return item;
    i = (i + 1) & mask;
  }
}

/** A table's slots: (hash, key, item) triples. */
export type Slots<T> = (number | string | T | null)[];

function emptySlots<T>(capacity: number): Slots<T> {
  const slots: Slots<T> = [];
  for (let i = 0; i < capacity; i++) slots.push(0, "", null);
  return slots;
}

/** Stores `item` in the first free slot of its hash's probe sequence. */
function place<T extends { readonly key: string }>(
  slots: Slots<T>,
  mask: number,
  hash: number,
  item: T,
): void {
  const h = hash & 0x3fffffff;
  let i = (h ^ (h >>> 15)) & mask;
  while (slots[3 * i + 2] !== null) i = (i + 1) & mask;
  slots[3 * i] = h;
  slots[3 * i + 1] = item.key;
  slots[3 * i + 2] = item;
}
