import { describe, expect, it } from "vitest";
import type { NonceStore } from "../ports/index.js";
import { type Harness, useHarness } from "./harness.js";

const T = (ms: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, 0) + ms);
const KEY =
  "https://agent.example/.well-known/http-message-signatures-directory kid n9p433xm+NJ3ph3u";

/** The NonceStore contract (see ports/web-bot-auth.ts), for every adapter. */
export function nonceStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ nonces: NonceStore }>>,
): void {
  describe(`NonceStore conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("accepts a nonce once until its expiry (exclusive), then again; keys are apart", async () => {
      const { nonces } = h();
      expect(await nonces.remember(KEY, T(60_000), T(0))).toBe(true);
      expect(await nonces.remember(KEY, T(60_000), T(1))).toBe(false);
      expect(await nonces.remember(KEY, T(90_000), T(59_999))).toBe(false);
      expect(await nonces.remember(`${KEY}x`, T(60_000), T(1))).toBe(true);
      expect(await nonces.remember(KEY, T(120_000), T(60_000))).toBe(true);
      expect(await nonces.remember(KEY, T(120_000), T(60_001))).toBe(false);
    });

    it("a refused call changes nothing: the first expiry stands", async () => {
      const { nonces } = h();
      expect(await nonces.remember(KEY, T(10_000), T(0))).toBe(true);
      expect(await nonces.remember(KEY, T(500_000), T(5_000))).toBe(false);
      expect(await nonces.remember(KEY, T(20_000), T(10_000))).toBe(true);
    });

    it("a nonce whose expiry has passed is answered true and not recorded", async () => {
      const { nonces } = h();
      expect(await nonces.remember(KEY, T(0), T(0))).toBe(true);
      expect(await nonces.remember(KEY, T(60_000), T(1))).toBe(true);
      expect(await nonces.remember(KEY, T(60_000), T(2))).toBe(false);
    });

    it("of many concurrent calls with one nonce exactly one is accepted", async () => {
      const { nonces } = h();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => nonces.remember(KEY, T(60_000), T(0))),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
    });
  });
}
