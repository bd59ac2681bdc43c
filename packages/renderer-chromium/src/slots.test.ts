import { isRenderFailed } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { createSlots } from "./slots.js";

const reasonOf = (promise: Promise<void>) =>
  promise.then(
    () => "granted",
    (e: unknown) => (isRenderFailed(e) ? e.reason : String(e)),
  );

describe("createSlots", () => {
  it("grants up to its size at once, then queues in order", async () => {
    const slots = createSlots(2);
    const far = new Date(Date.now() + 60_000);
    await slots.acquire(far);
    await slots.acquire(far);
    const order: string[] = [];
    const third = slots.acquire(far).then(() => order.push("third"));
    const fourth = slots.acquire(far).then(() => order.push("fourth"));
    expect(slots.queued).toBe(2);
    slots.release();
    slots.release();
    await Promise.all([third, fourth]);
    expect(order).toEqual(["third", "fourth"]);
  });

  it("counts the queue wait against the deadline, and frees the place in the queue", async () => {
    const slots = createSlots(1);
    await slots.acquire(new Date(Date.now() + 60_000));
    expect(await reasonOf(slots.acquire(new Date(Date.now() + 20)))).toBe("deadline");
    expect(slots.queued).toBe(0);
    const later = slots.acquire(new Date(Date.now() + 60_000));
    slots.release();
    expect(await reasonOf(later)).toBe("granted");
  });

  it("fails every queued render on close", async () => {
    const slots = createSlots(1);
    await slots.acquire(new Date(Date.now() + 60_000));
    const queued = reasonOf(slots.acquire(new Date(Date.now() + 60_000)));
    slots.closeAll(new Error("closed"));
    expect(await queued).toBe("Error: closed");
  });
});
