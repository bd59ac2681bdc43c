/** The timer functions the scheduler waits with (injected by tests). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The runtime's timers; in Node they do not keep the process alive. */
export const runtimeTimers: Timers = {
  setTimeout(run, ms) {
    const handle = globalThis.setTimeout(run, ms) as unknown as { unref?: () => void };
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};
