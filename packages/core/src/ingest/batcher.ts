/**
 * The write buffer of ingest: items are collected and written in batches (by size or after an
 * interval), one batch at a time unless `concurrency` allows more. `add` resolves only once the item's batch was written, so an
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
  /**
   * Items that start a write at once when fewer than `concurrency` writes run, without waiting
   * for a full batch or the interval (group commit: batches grow while the store is busy, and
   * the store never idles while items wait); default 0, off.
   */
  eagerBatch?: number;
  /** Attempts per batch before its items are rejected; default 5. */
  maxAttempts?: number;
  /** First retry delay in ms, doubled per attempt (capped at 5 s); default 100. */
  retryDelayMs?: number;
  /**
   * Batches written at the same time; default 1. More than 1 needs a `write` that is safe for
   * concurrent, overlapping batches (batches may then commit out of order).
   */
  concurrency?: number;
  /**
   * Called once with a batch whose last attempt failed, before its `add` calls reject (callers
   * that do not wait for them clean up here).
   */
  failed?(batch: readonly T[], error: unknown): void;
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
  /**
   * Queues several items at once (in order, after any caller waiting for room) with one
   * acknowledgement: it resolves once every batch holding one of them was written, and rejects
   * when one of those batches failed (the others may have been written).
   */
  addAll(items: readonly T[]): Promise<void>;
  /** Items accepted but not yet written. */
  pending(): number;
  /** Writes what is buffered now, partial batches too, without waiting for the interval. */
  flush(): void;
  /**
   * `flush`, and resolves once every item accepted (or waiting for room) before the call was
   * written or failed. Items keep being accepted meanwhile.
   */
  drain(): Promise<void>;
  /** Writes everything queued, then refuses new items. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes one batch, retrying with backoff; settles the batch's acknowledgement. */
async function writeWithRetries<T>(options: BatcherOptions<T>, batch: Segment<T>): Promise<void> {
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 100;
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
  try {
    options.failed?.(batch.items, lastError);
  } finally {
    batch.reject(lastError);
  }
}

/** Acknowledgements not settled yet (for `drain`): `track` returns the promise it is given. */
function createTracker() {
  const open = new Set<Promise<void>>();
  return {
    track(done: Promise<void>): Promise<void> {
      // A batch's acknowledgement is shared by its items: tracked once.
      if (open.has(done)) return done;
      open.add(done);
      const forget = () => open.delete(done);
      done.then(forget, forget);
      return done;
    },
    outstanding: () => [...open],
  };
}

/** Callers waiting for room in the buffer, first in first out: O(1) to queue and to admit. */
function createWaitQueue<T>() {
  const waiting: { items: readonly T[]; admit: (done: Promise<void>) => void }[] = [];
  let head = 0;
  return {
    size: () => waiting.length - head,
    push(items: readonly T[]): Promise<void> {
      return new Promise<Promise<void>>((admit) => waiting.push({ items, admit })).then(
        (done) => done,
      );
    },
    /** The first waiter, taken out of the queue. */
    shift() {
      const next = waiting[head];
      if (!next) return undefined;
      waiting[head++] = undefined as never;
      if (head > 1024 && head * 2 > waiting.length) {
        waiting.splice(0, head);
        head = 0;
      }
      return next;
    },
  };
}

/** Items waiting, in segments of up to `maxBatch`, in order; only the last may have room left. */
function createSegments<T>(maxBatch: number) {
  const segments: Segment<T>[] = [];
  /** Index of the first segment not yet handed to a write (no `Array.shift` per batch). */
  let first = 0;
  function open(): Segment<T> {
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
  return {
    firstSize: () => segments[first]?.items.length ?? 0,
    /** Appends items; resolves once every segment holding one of them was written. */
    push(items: readonly T[]): Promise<void> {
      let segment = segments[segments.length - 1];
      const touched: Promise<void>[] = [];
      for (const item of items) {
        if (!segment || segment.items.length >= maxBatch) segment = open();
        if (touched.at(-1) !== segment.done) touched.push(segment.done);
        segment.items.push(item);
      }
      if (touched.length <= 1) return touched[0] ?? Promise.resolve();
      return Promise.all(touched).then(() => undefined);
    },
    /** `push` of one item, without the arrays: its segment's acknowledgement. */
    pushOne(item: T): Promise<void> {
      let segment = segments[segments.length - 1];
      if (!segment || segment.items.length >= maxBatch) segment = open();
      segment.items.push(item);
      return segment.done;
    },
    /** The next segment to write, taken out of the queue. */
    take(): Segment<T> {
      const segment = segments[first] as Segment<T>;
      segments[first++] = undefined as never;
      if (first === segments.length || (first > 64 && first * 2 > segments.length)) {
        segments.splice(0, first);
        first = 0;
      }
      return segment;
    },
  };
}

export function createBatcher<T>(options: BatcherOptions<T>): Batcher<T> {
  const maxBatch = options.maxBatch ?? 500;
  const maxBuffered = options.maxBuffered ?? 10_000;
  const intervalMs = options.intervalMs ?? 200;
  const segments = createSegments<T>(maxBatch);
  let buffered = 0;
  const waiters = createWaitQueue<T>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  /** Writes running now. */
  let active = 0;
  /** Partial batches are written too (the interval passed, or closing). */
  let flushing = false;
  /** Wakes `close` when the last running write finished. */
  const idleWaiters: (() => void)[] = [];
  let closed = false;

  const writeBatch = (batch: Segment<T>) => writeWithRetries(options, batch);

  const eager = options.eagerBatch ? options.eagerBatch : Number.POSITIVE_INFINITY;
  const full = () => segments.firstSize() >= Math.min(maxBatch, eager);
  /** Appends items to the buffer (no room check); the acknowledgement of all of them. */
  const push = (items: readonly T[]) => {
    buffered += items.length;
    return segments.push(items);
  };
  /** `drain` calls waiting: partial batches are written at once meanwhile. */
  let drains = 0;
  const ready = () => full() || ((flushing || drains > 0) && buffered > 0);

  /** Lets waiting callers in, in order, while the buffer has room. */
  function admit(): void {
    while (buffered < maxBuffered && waiters.size() > 0) {
      const next = waiters.shift();
      if (next) next.admit(push(next.items));
    }
  }

  /**
   * Starts writes of full batches (and, while flushing, of the partial rest) up to `concurrency`
   * at once. A partial batch left behind when no write runs waits for the interval.
   */
  function pump(): void {
    if (timer && ready()) {
      clearTimeout(timer);
      timer = null;
    }
    while (active < concurrency && ready()) {
      const batch = segments.take();
      buffered -= batch.items.length;
      admit();
      if (buffered === 0) flushing = false;
      active++;
      void writeBatch(batch).finally(() => {
        active--;
        pump();
        if (active === 0) for (const wake of idleWaiters.splice(0)) wake();
      });
    }
    if (active === 0 && !timer && buffered > 0) {
      timer = setTimeout(() => {
        timer = null;
        flushing = true;
        pump();
      }, intervalMs);
    }
  }

  const { track, outstanding } = createTracker();

  /** New items wait for room: the buffer is full, or earlier callers wait already. */
  const mustWait = () => buffered >= maxBuffered || waiters.size() > 0;

  /** Queues items once there is room (after earlier waiters); resolves when they are written. */
  function enqueue(items: readonly T[]): Promise<void> {
    if (closed) return Promise.reject(new Error("batcher is closed"));
    if (items.length === 0) return Promise.resolve();
    if (mustWait()) return track(waiters.push(items));
    const done = track(push(items));
    pump();
    return done;
  }

  return {
    add(item) {
      if (closed || mustWait()) return enqueue([item]);
      buffered++;
      const done = track(segments.pushOne(item));
      pump();
      return done;
    },
    addAll: (items) => enqueue(items),
    pending: () => buffered + active,
    flush() {
      if (buffered === 0) return;
      flushing = true;
      pump();
    },
    async drain() {
      const before = outstanding();
      // Partial batches are written at once until everything accepted before is written.
      drains++;
      pump();
      try {
        await Promise.allSettled(before);
      } finally {
        drains--;
      }
    },
    async close() {
      closed = true;
      while (buffered > 0 || active > 0 || waiters.size() > 0) {
        flushing = true;
        admit();
        pump();
        await new Promise<void>((wake) => idleWaiters.push(wake));
      }
    },
  };
}
