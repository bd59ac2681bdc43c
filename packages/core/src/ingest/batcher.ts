/**
 * The write buffer of ingest: items are collected and written in batches (by size or after an
 * interval), one batch at a time. `add` resolves only once the item's batch was written, so an
 * acknowledged event is a stored event; a failed write is retried with backoff, and only after
 * the last attempt are that batch's `add` calls rejected (never acknowledged, never silently
 * lost). A full buffer makes `add` wait (backpressure). `close` writes everything still queued.
 */

export interface BatcherOptions<T> {
  /** Writes one batch; must be idempotent (a retried batch may have been written already). */
  write(batch: T[]): Promise<void>;
  /** Items per write; default 500. */
  maxBatch?: number;
  /** Items waiting in memory before `add` waits; default 10,000. */
  maxBuffered?: number;
  /** Longest wait before a partial batch is written, in ms; default 200. */
  intervalMs?: number;
  /** Attempts per batch before its items are rejected; default 5. */
  maxAttempts?: number;
  /** First retry delay in ms, doubled per attempt (capped at 5 s); default 100. */
  retryDelayMs?: number;
}

/** Items that will be written together, with one acknowledgement shared by all of them. */
interface Segment<T> {
  items: T[];
  done: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface Batcher<T> {
  add(item: T): Promise<void>;
  /** Items accepted but not yet written. */
  pending(): number;
  /** Writes everything queued, then refuses new items. */
  close(): Promise<void>;
}

export function createBatcher<T>(options: BatcherOptions<T>): Batcher<T> {
  const maxBatch = options.maxBatch ?? 500;
  const maxBuffered = options.maxBuffered ?? 10_000;
  const intervalMs = options.intervalMs ?? 200;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 100;
  /** Items waiting, in order; only the last segment may have room left. */
  const segments: Segment<T>[] = [];
  let buffered = 0;
  const spaceWaiters: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let closed = false;

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  function openSegment(): Segment<T> {
    let resolve = () => {};
    let reject: (error: unknown) => void = () => {};
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const segment = { items: [], done, resolve, reject };
    segments.push(segment);
    return segment;
  }

  async function writeBatch(batch: Segment<T>): Promise<void> {
    let lastError: unknown;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      try {
        await options.write(batch.items);
        batch.resolve();
        return;
      } catch (error) {
        lastError = error;
        if (attempt < maxAttempts - 1) await sleep(Math.min(5000, retryDelayMs * 2 ** attempt));
      }
    }
    batch.reject(lastError);
  }

  const full = () => (segments[0]?.items.length ?? 0) >= maxBatch;

  /**
   * Writes full batches (and, with `all`, the partial rest), one write at a time. A partial batch
   * left behind waits for the interval.
   */
  function drain(all: boolean): Promise<void> {
    if (writing) return writing;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    writing = (async () => {
      while (full() || (all && buffered > 0)) {
        const batch = segments.shift() as Segment<T>;
        buffered -= batch.items.length;
        while (spaceWaiters.length > 0 && buffered < maxBuffered) spaceWaiters.shift()?.();
        await writeBatch(batch);
      }
    })().finally(() => {
      writing = null;
      if (buffered > 0) schedule();
    });
    return writing;
  }

  function schedule(): void {
    if (writing) return;
    if (full()) {
      void drain(false);
    } else if (!timer && buffered > 0) {
      timer = setTimeout(() => {
        timer = null;
        void drain(true);
      }, intervalMs);
    }
  }

  /** Queues an item once there is room; resolves when its batch is written. */
  function enqueue(item: T): Promise<void> {
    if (buffered >= maxBuffered)
      return new Promise<void>((resolve) => spaceWaiters.push(resolve)).then(() => enqueue(item));
    let segment = segments[segments.length - 1];
    if (!segment || segment.items.length >= maxBatch) segment = openSegment();
    segment.items.push(item);
    buffered++;
    schedule();
    return segment.done;
  }

  return {
    add(item) {
      if (closed) return Promise.reject(new Error("batcher is closed"));
      return enqueue(item);
    },
    pending: () => buffered + (writing ? 1 : 0),
    async close() {
      closed = true;
      while (buffered > 0 || writing) await drain(true);
    },
  };
}
