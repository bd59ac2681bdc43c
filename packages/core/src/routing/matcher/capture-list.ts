/**
 * Captured segments as a persistent list in reused typed arrays (so branches of a trie walk
 * share their history and a capture allocates nothing): capture `k` spans
 * `path[start[k], end[k])` and follows capture `prev[k]` (-1: none). Reset at the start of
 * every walk; a match copies the spans it keeps. One list serves every index: matching is
 * synchronous.
 */
class CaptureList {
  start = new Int32Array(64);
  end = new Int32Array(64);
  prev = new Int32Array(64);
  top = 0;

  /** Adds a capture after `prev`; returns its number. */
  push(start: number, end: number, prev: number): number {
    if (this.top === this.start.length) this.grow();
    this.start[this.top] = start;
    this.end[this.top] = end;
    this.prev[this.top] = prev;
    return this.top++;
  }

  /** (Apart from `push`, which the trie search inlines: a smaller body leaves budget for more.) */
  private grow(): void {
    this.start = grow(this.start);
    this.end = grow(this.end);
    this.prev = grow(this.prev);
  }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

export const captures = new CaptureList();
