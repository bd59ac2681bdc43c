import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DueCharge, pendingCharge } from "./pending-charge.js";

const USD = (micros: number) => ({ currency: "USD", micros });

function charge(options: {
  header: "crawler-exact-price" | "crawler-max-price";
  offer: number;
  inBand: boolean;
}) {
  const due: DueCharge[] = [];
  const pending = pendingCharge({
    offer: { header: options.header, price: USD(options.offer) },
    rulePrice: USD(10_000),
    inBand: options.inBand,
    payer: { botId: "chatgpt-agent", signatureAgent: "https://chatgpt.com" },
    refusalAnswer: (refusal) => ({
      status: refusal.code === "invalid_content_price" ? 502 : 402,
      headers: { "crawler-error": refusal.code },
      body: new Uint8Array(0),
    }),
    charge: (d) => due.push(d),
  });
  return { pending, due };
}

describe("a pending charge: settled on the answer's head, charged once it was sent with 2xx", () => {
  it("charges exactly the 2xx answers that settled, once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.integer({ min: 100, max: 599 }),
        fc.boolean(),
        (settledStatus, sentStatus, sentTwice) => {
          const { pending, due } = charge({
            header: "crawler-max-price",
            offer: 20_000,
            inBand: false,
          });
          const settlement = pending.settle(settledStatus, null);
          const ok = settledStatus >= 200 && settledStatus <= 299;
          expect(settlement).toEqual({
            kind: "send",
            headers: ok ? { "crawler-charged": "USD 0.01" } : {},
          });
          pending.sent(sentStatus);
          if (sentTwice) pending.sent(sentStatus);
          const charged = ok && sentStatus >= 200 && sentStatus <= 299;
          expect(due).toEqual(
            charged
              ? [
                  {
                    payer: expect.anything(),
                    price: USD(10_000),
                    receipt: "USD 0.01",
                  },
                ]
              : [],
          );
        },
      ),
    );
  });

  it("never charges an answer that was not settled", () => {
    const { pending, due } = charge({
      header: "crawler-exact-price",
      offer: 10_000,
      inBand: false,
    });
    pending.sent(200);
    expect(due).toEqual([]);
  });

  it("in-band: the origin's price decides, a bad one is refused; without in-band it is ignored", () => {
    const inBand = charge({ header: "crawler-max-price", offer: 50_000, inBand: true });
    expect(inBand.pending.settle(200, "USD 0.05")).toEqual({
      kind: "send",
      headers: { "crawler-charged": "USD 0.05" },
    });
    expect(inBand.pending.settle(200, "USD 0.06")).toMatchObject({ kind: "refuse", status: 402 });
    inBand.pending.sent(200);
    expect(inBand.due).toEqual([]);
    expect(inBand.pending.settle(200, "cheap")).toMatchObject({
      kind: "refuse",
      status: 502,
      headers: { "crawler-error": "invalid_content_price" },
    });
    const ruled = charge({ header: "crawler-exact-price", offer: 10_000, inBand: false });
    expect(ruled.pending.settle(200, "USD 9")).toEqual({
      kind: "send",
      headers: { "crawler-charged": "USD 0.01" },
    });
  });
});
