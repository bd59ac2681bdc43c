import { describe, expect, it } from "vitest";
import type { FetchLike } from "../ports/index.js";
import { type X402PaymentPayload, x402Requirements } from "./x402.js";
import { createHttpFacilitator } from "./x402-http-facilitator.js";

const requirements = x402Requirements(
  { network: "eip155:84532", asset: "0xa", payTo: "0xb", decimals: 6 },
  { currency: "USD", micros: 10_000 },
);
if (requirements === null) throw new Error("unreachable");
const payload: X402PaymentPayload = { x402Version: 2, accepted: requirements, payload: { s: 1 } };

/** A fetch answering `body` (status 200), recording what it was asked. */
function answering(body: string | null, headers: Record<string, string> = {}) {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return new Response(body, { status: 200, headers });
  };
  return { fetch, calls };
}

describe("HTTP facilitator client", () => {
  it("posts {x402Version, paymentPayload, paymentRequirements} to /verify and /settle, no redirects", async () => {
    const { fetch, calls } = answering(
      JSON.stringify({ isValid: true, success: true, transaction: "0x1", network: "eip155:84532" }),
    );
    const facilitator = createHttpFacilitator({ url: "https://f.example/x402/", fetch });
    expect(await facilitator.verify(payload, requirements)).toEqual({ isValid: true });
    expect(await facilitator.settle(payload, requirements)).toEqual({
      success: true,
      transaction: "0x1",
      network: "eip155:84532",
    });
    expect(calls.map((c) => [c.url, c.init.method, c.init.redirect])).toEqual([
      ["https://f.example/x402/verify", "POST", "manual"],
      ["https://f.example/x402/settle", "POST", "manual"],
    ]);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      x402Version: 2,
      paymentPayload: payload,
      paymentRequirements: requirements,
    });
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("rejects an answer over the size cap, not JSON, without its fields, or a success without a transaction", async () => {
    const cases: [string, Record<string, string>][] = [
      ["x".repeat(2000), {}],
      ["{}", { "content-length": "99999" }],
      ["<html>", {}],
      ["[1]", {}],
      [JSON.stringify({ valid: true }), {}],
      [JSON.stringify({ success: true, isValid: true, transaction: "" }), {}],
    ];
    for (const [body, headers] of cases) {
      const { fetch } = answering(body, headers);
      const facilitator = createHttpFacilitator({
        url: "https://f.example",
        fetch,
        maxBytes: 1000,
      });
      const verify = facilitator.verify(payload, requirements);
      const settle = facilitator.settle(payload, requirements);
      const outcomes = await Promise.allSettled([verify, settle]);
      const expected = body === cases[5]?.[0] ? "fulfilled" : "rejected"; // verify needs no transaction
      expect(outcomes[0].status, String(body).slice(0, 40)).toBe(expected);
      expect(outcomes[1].status, String(body).slice(0, 40)).toBe("rejected");
    }
  });

  it("rejects when the facilitator does not answer within the time cap", async () => {
    const fetch: FetchLike = (_url, init) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    const facilitator = createHttpFacilitator({ url: "https://f.example", fetch, timeoutMs: 50 });
    await expect(facilitator.verify(payload, requirements)).rejects.toThrow();
  });
});
