/** The largest instant a UUIDv7 holds: 48 bits of Unix milliseconds. */
const MAX_MS = 2 ** 48 - 1;

/**
 * A new crawl's event id: a UUID version 7 (RFC 9562 §5.7) of the crawl's own instant, in
 * milliseconds, with the random bits of a version 4 UUID after it (`rand_a`, the variant and
 * `rand_b` are `crypto.randomUUID()`'s). New ids of a stream sort nearly by time, so the stores'
 * unique index on event ids takes them at its right edge; random ids each dirtied an index page
 * of their own. An instant before 1970 (or not a number) takes 0, one past the year 10889 the
 * largest.
 */
export function eventIdAt(ts: Date): string {
  const ms = ts.getTime();
  const clamped = ms > 0 ? Math.min(Math.floor(ms), MAX_MS) : 0;
  if (clamped !== last.ms) {
    const hex = clamped.toString(16).padStart(12, "0");
    last = { ms: clamped, prefix: `${hex.slice(0, 8)}-${hex.slice(8)}-7` };
  }
  // randomUUID: xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx; from index 15 on, rand_a, variant, rand_b.
  return last.prefix + crypto.randomUUID().slice(15);
}

/** The id prefix of the last instant asked (crawls of one millisecond share it). */
let last = { ms: -1, prefix: "" };
