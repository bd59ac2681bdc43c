import { afterEach, beforeEach } from "vitest";

/** What a suite's setup returns: fresh stores for one test, and how to dispose of them. */
export type Harness<T> = T & { teardown?: () => Promise<void> };

/** A fresh harness for every test of the enclosing `describe`. */
export function useHarness<T>(setup: () => Promise<Harness<T>>): () => Harness<T> {
  let current: Harness<T> | undefined;
  beforeEach(async () => {
    current = await setup();
  });
  afterEach(async () => {
    await current?.teardown?.();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error("harness used outside a test");
    return current;
  };
}
