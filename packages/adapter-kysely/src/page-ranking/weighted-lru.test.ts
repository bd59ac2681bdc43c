import { describe, expect, it } from "vitest";
import { WeightedLru } from "./weighted-lru.js";

describe("WeightedLru", () => {
  it("evicts the least recently used entries past its capacity, keeping the newest", () => {
    const lru = new WeightedLru<string>(10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    expect(lru.get("a")).toBe("A");
    lru.set("c", "C", 4);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
    lru.set("a", "A2", 6);
    expect(lru.get("a")).toBe("A2");
    expect(lru.get("c")).toBe("C");
    // One entry over the capacity stays, alone.
    lru.set("huge", "H", 11);
    expect(lru.get("huge")).toBe("H");
    expect(lru.get("a")).toBeUndefined();
    expect(lru.get("c")).toBeUndefined();
    lru.set("d", "D", 1);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("d")).toBe("D");
    lru.delete("d");
    expect(lru.get("d")).toBeUndefined();
  });
});
