/**
 * The promise `running` holds for `id`, else `start()`'s, shared by every caller until it
 * settles: concurrent misses of one key (a page read, a render, a host's settings) do the work
 * once.
 */
export function singleFlight<T>(
  running: Map<string, Promise<T>>,
  id: string,
  start: () => Promise<T>,
): Promise<T> {
  let promise = running.get(id);
  if (!promise) {
    promise = start().finally(() => running.delete(id));
    running.set(id, promise);
  }
  return promise;
}
