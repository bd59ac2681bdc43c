import { RenderFailed } from "@crawlgate/core/adapter-kit";

interface Waiter {
  grant: () => void;
  fail: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A bounded pool of render slots with a FIFO queue. A queued render that reaches its deadline
 * leaves the queue with `RenderFailed("deadline")`; `closeAll` fails every queued one.
 */
export function createSlots(size: number) {
  let busy = 0;
  const queue: Waiter[] = [];
  return {
    acquire(deadline: Date): Promise<void> {
      if (busy < size) {
        busy++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          grant: () => {
            clearTimeout(waiter.timer);
            resolve();
          },
          fail: (error) => {
            clearTimeout(waiter.timer);
            reject(error);
          },
          timer: setTimeout(
            () => {
              queue.splice(queue.indexOf(waiter), 1);
              reject(new RenderFailed("deadline", "render deadline passed while queued"));
            },
            Math.max(0, deadline.getTime() - Date.now()),
          ),
        };
        queue.push(waiter);
      });
    },
    /** Hands the slot to the next queued render, or frees it. */
    release(): void {
      const next = queue.shift();
      if (next) next.grant();
      else busy--;
    },
    closeAll(error: Error): void {
      for (const waiter of queue.splice(0)) waiter.fail(error);
    },
    get queued() {
      return queue.length;
    },
  };
}
