import { expect, it } from "vitest";
import { decodeX402Header } from "../../pay/x402.js";
import { GOOGLEBOT } from "./world.js";
import {
  CHARGE,
  challengeOf,
  OFFERED,
  paymentFor,
  payOnce,
  RECEIVER,
  type X402World,
} from "./x402-world.js";

/** An automation client: a crawler the policy charges, not served from the page cache. */
const CURL = "curl/8.5.0";

/** The amounts the facilitator was asked to settle, in order. */
const settledAmounts = (w: X402World) =>
  w.facilitator.settles().map((c) => (c.body.paymentRequirements as { amount: string }).amount);

/**
 * x402 settles only what is served (part of `x402EdgeSuite`): a payment is verified before
 * anything is served and settled once the answer is known to be 2xx, its head held until then;
 * and the origin's in-band `crawler-price` sets the amount due.
 */
export function x402SettleCases(world: () => X402World): void {
  it("a verified payment whose answer is not 2xx is not settled: origin 5xx, a failed render, a declared 404", async () => {
    const w = world();
    await w.policy(CHARGE(RECEIVER));
    const cases = [
      ["/broken", CURL, 500], // straight to the origin
      ["/broken", GOOGLEBOT, 500], // the render fails, and the origin it falls back to
      ["/missing", GOOGLEBOT, 404], // a render that declares 404
      ["/nowhere", CURL, 404],
    ] as const;
    for (const [path, userAgent, status] of cases) {
      const reply = await payOnce(w, {}, path, userAgent);
      expect(reply.status, `${userAgent} ${path}`).toBe(status);
      expect(reply.headers["payment-response"]).toBeUndefined();
      expect(reply.headers["payment-required"]).toBeUndefined();
    }
    // The render of /broken and the fallback both asked the origin.
    expect(w.origin.hits.filter((hit) => hit === "GET /broken")).toHaveLength(3);
    expect(w.facilitator.calls.map((c) => c.path)).toEqual(cases.map(() => "/verify"));
    expect(w.facilitator.settles()).toEqual([]);
    expect(await w.ledger()).toEqual([]);
  });

  it("the origin's 2xx answer is settled before its head goes out: PAYMENT-RESPONSE, one ledger row", async () => {
    const w = world();
    await w.policy(CHARGE(RECEIVER));
    const reply = await payOnce(w, {}, "/about", CURL);
    expect(reply.status, reply.body).toBe(200);
    expect(reply.body).toContain("Page /about");
    expect(decodeX402Header(reply.headers["payment-response"] ?? "")).toMatchObject({
      success: true,
      transaction: w.facilitator.transaction(1),
    });
    expect(w.facilitator.calls.map((c) => c.path)).toEqual(["/verify", "/settle"]);
    expect((await w.ledger()).map((r) => [r.path, r.amountMicros, r.protocol])).toEqual([
      ["/about", 10_000, "x402"],
    ]);
  });

  it("a settlement that fails or does not answer in time after a 2xx: 402 with a new challenge, nothing served or charged", async () => {
    const w = world();
    await w.policy(CHARGE(RECEIVER));
    // A page from a render then the cache, and the origin's answer.
    for (const userAgent of [GOOGLEBOT, CURL]) {
      for (const mode of ["settle_failed", "settle_hang"] as const) {
        w.facilitator.mode = mode;
        const reply = await payOnce(w, {}, "/about", userAgent);
        const what = `${userAgent} ${mode}`;
        expect(reply.status, what).toBe(402);
        expect(JSON.parse(reply.body), what).toMatchObject({ error: "payment_required" });
        expect(reply.body).not.toContain("Page /about");
        const challenge = challengeOf(reply);
        expect(challenge.accepts[0]).toMatchObject({ ...OFFERED, amount: "10000" });
        expect(challenge.error).toContain(
          mode === "settle_failed" ? "transaction_failed" : "could not be settled",
        );
        const receipt = reply.headers["payment-response"];
        if (mode === "settle_failed") {
          expect(decodeX402Header(receipt ?? "")).toMatchObject({ success: false });
        } else expect(receipt, what).toBeUndefined();
      }
    }
    expect(w.facilitator.settles()).toHaveLength(4);
    expect(await w.ledger()).toEqual([]);
  });

  it("in-band prices on x402: a payment for the rule's price is refused with the origin's amount; paid, the ledger has it", async () => {
    const w = world();
    await w.policy({ ...CHARGE(RECEIVER), inBandPricing: true });
    const first = await w.send({ path: "/priced", headers: { "user-agent": GOOGLEBOT } });
    // An unpaid request does not reach the origin: its challenge is at the rule's price.
    expect(challengeOf(first).accepts[0]?.amount).toBe("10000");
    expect(w.origin.hits).toEqual([]);
    const send = (accepted: unknown, changes: Record<string, unknown> = {}) =>
      w.send({
        path: "/priced",
        headers: { "user-agent": GOOGLEBOT, "payment-signature": paymentFor(accepted, changes) },
      });
    const ruled = await send(challengeOf(first).accepts[0]);
    expect(ruled.status).toBe(402);
    expect(ruled.headers["crawler-price"]).toBe("USD 0.05");
    expect(JSON.parse(ruled.body)).toMatchObject({
      error: "payment_required",
      price: { amount: "0.05", currency: "USD" },
    });
    expect(ruled.body).not.toContain("Priced by the origin");
    const inBand = challengeOf(ruled).accepts[0];
    expect(inBand).toMatchObject({ ...OFFERED, amount: "50000" });
    // The exact scheme: more than the price is refused too.
    expect((await send(inBand, { amount: "60000" })).status).toBe(402);
    expect(w.facilitator.settles()).toEqual([]);
    const paid = await send(inBand);
    expect(paid.status, paid.body).toBe(200);
    expect(paid.body).toContain("Priced by the origin");
    expect(decodeX402Header(paid.headers["payment-response"] ?? "")).toMatchObject({
      success: true,
    });
    // A page the origin does not price costs the rule's price; a price that is not one is 502.
    expect((await payOnce(w, {}, "/about")).status).toBe(200);
    const bad = await payOnce(w, {}, "/badly-priced");
    expect(bad.status).toBe(502);
    expect(JSON.parse(bad.body)).toMatchObject({ error: "invalid_content_price" });
    expect(settledAmounts(w)).toEqual(["50000", "10000"]);
    expect((await w.ledger()).map((r) => [r.path, r.amountMicros, r.currency])).toEqual([
      ["/priced", 50_000, "USD"],
      ["/about", 10_000, "USD"],
    ]);
  });
}
