import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  API_KEY_LENGTH,
  API_KEY_PREFIX,
  constantTimeEqual,
  displayPrefixOf,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./api-key.js";

describe("API keys", () => {
  it("generates distinct, prefixed, well-formed keys", () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
      expect(key).toHaveLength(API_KEY_LENGTH);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  it("detects every single-character change through the checksum", () => {
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    fc.assert(
      fc.property(
        fc.nat({ max: API_KEY_LENGTH - API_KEY_PREFIX.length - 1 }),
        fc.constantFrom(...alphabet),
        (offset, char) => {
          const key = generateApiKey();
          const at = API_KEY_PREFIX.length + offset;
          fc.pre(key[at] !== char);
          const changed = key.slice(0, at) + char + key.slice(at + 1);
          expect(isWellFormedApiKey(changed)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refuses arbitrary strings", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        (s) => !isWellFormedApiKey(s) || s.startsWith(API_KEY_PREFIX),
      ),
    );
    expect(isWellFormedApiKey(`sk_live_${generateApiKey().slice(8)}`)).toBe(false);
    expect(isWellFormedApiKey(`${generateApiKey()}x`)).toBe(false);
  });

  it("hashes to lowercase hex SHA-256, stable across calls", async () => {
    expect(await hashApiKey("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    const key = generateApiKey();
    expect(await hashApiKey(key)).toBe(await hashApiKey(key));
    expect(displayPrefixOf(key)).toBe(key.slice(0, 12));
  });

  it("compares strings for equality like ===", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => constantTimeEqual(a, b) === (a === b)),
    );
    fc.assert(fc.property(fc.string(), (a) => constantTimeEqual(a, a)));
  });
});
