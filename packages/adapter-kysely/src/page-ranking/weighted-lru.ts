/**
 * A least-recently-used map bounded by a weight (bytes, paths): readers keep decoded blocks and
 * path directories between requests. Entries are immutable values keyed by version, so a stale
 * entry is never served: it is only evicted. The newest entry stays even when it alone weighs
 * more than the capacity (one very large domain is still cached, alone).
 */
export class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, weight: number): void {
    this.delete(key);
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.capacity || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }
}
