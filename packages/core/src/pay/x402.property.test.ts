import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { PaymentPayloadV2Schema, PaymentRequiredV2Schema } from "@x402/core/schemas";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptsOffer,
  atomicAmount,
  decodePaymentSignature,
  decodeX402Header,
  encodeX402Header,
  MAX_PAYMENT_SIGNATURE_LENGTH,
  paymentRequiredHeader,
  x402Requirements,
} from "./x402.js";

const RECEIVER = {
  network: "eip155:84532",
  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
  decimals: 6,
};
const micros = fc.integer({ min: 1, max: 999_999_999_999_999 });
const decimals = fc.integer({ min: 0, max: 18 });
const url = fc.webUrl({ withQueryParameters: true });

/** The reference: the price's decimal digits shifted on strings, no arithmetic. */
function referenceAtomic(m: number, d: number): string | null {
  const digits = String(m).padStart(7, "0");
  const [whole, fraction] = [digits.slice(0, -6), digits.slice(-6)];
  const shifted = whole + fraction.slice(0, d).padEnd(d, "0");
  if (/[1-9]/.test(fraction.slice(d))) return null;
  return shifted.replace(/^0+(?=.)/, "");
}

describe("x402 v2 codecs", () => {
  it("prices a USD charge in atomic units exactly (USD 0.01 at 6 decimals is 10000)", () => {
    expect(atomicAmount({ currency: "USD", micros: 10_000 }, 6)).toBe("10000");
    expect(atomicAmount({ currency: "USD", micros: 10_000 }, 18)).toBe("10000000000000000");
    expect(atomicAmount({ currency: "USD", micros: 10_001 }, 2)).toBeNull();
    expect(atomicAmount({ currency: "EUR", micros: 10_000 }, 6)).toBeNull();
    fc.assert(
      fc.property(micros, decimals, (m, d) => {
        expect(atomicAmount({ currency: "USD", micros: m }, d)).toBe(referenceAtomic(m, d));
      }),
    );
  });

  it("PAYMENT-REQUIRED parses with the official @x402/core v2 schemas, for any price and URL", () => {
    fc.assert(
      fc.property(micros, url, fc.option(fc.string(), { nil: undefined }), (m, u, error) => {
        const requirements = x402Requirements(RECEIVER, { currency: "USD", micros: m });
        if (requirements === null) throw new Error("6 decimals always fit");
        const header = paymentRequiredHeader(requirements, u, error);
        const official = decodePaymentRequiredHeader(header);
        const parsed = PaymentRequiredV2Schema.safeParse(official);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(official).toMatchObject({
          x402Version: 2,
          resource: { url: u },
          accepts: [{ scheme: "exact", amount: referenceAtomic(m, 6), payTo: RECEIVER.payTo }],
        });
      }),
    );
  });

  it("decodes what @x402/core encodes as a PAYMENT-SIGNATURE, and the receipt round-trips", () => {
    fc.assert(
      fc.property(micros, fc.dictionary(fc.string(), fc.jsonValue()), (m, payload) => {
        const accepted = x402Requirements(RECEIVER, { currency: "USD", micros: m });
        if (accepted === null) throw new Error("6 decimals always fit");
        const sent = { x402Version: 2 as const, accepted, payload };
        expect(PaymentPayloadV2Schema.safeParse(sent).success).toBe(true);
        const network = accepted.network as `${string}:${string}`;
        const official = { ...sent, accepted: { ...accepted, network } };
        const decoded = decodePaymentSignature(encodePaymentSignatureHeader(official));
        expect(decoded).not.toBeNull();
        expect(decoded?.accepted).toEqual(accepted);
        expect(acceptsOffer(decoded?.accepted ?? accepted, accepted)).toBe(true);
        expect(decodeX402Header(encodeX402Header(sent))).toEqual(JSON.parse(JSON.stringify(sent)));
      }),
    );
    const receipt = { success: true, transaction: "0xabc", network: "eip155:84532", payer: "0x1" };
    expect(decodePaymentResponseHeader(encodeX402Header(receipt))).toEqual(receipt);
  });

  it("refuses anything else than a base64 v2 payment payload, never throwing", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const decoded = decodePaymentSignature(text);
        if (decoded !== null) expect(decoded.x402Version).toBe(2);
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const decoded = decodePaymentSignature(encodeX402Header(value));
        if (decoded !== null) expect(PaymentPayloadV2Schema.safeParse(decoded).success).toBe(true);
      }),
    );
    const accepted = x402Requirements(RECEIVER, { currency: "USD", micros: 10_000 });
    const bad = [
      { x402Version: 1, accepted, payload: {} },
      { x402Version: 2, accepted, payload: "x" },
      { x402Version: 2, accepted: { ...accepted, amount: "0.01" }, payload: {} },
      { x402Version: 2, accepted: { ...accepted, scheme: "upto" }, payload: {} },
      { x402Version: 2, payload: {} },
    ];
    for (const value of bad) expect(decodePaymentSignature(encodeX402Header(value))).toBeNull();
    expect(decodePaymentSignature("A".repeat(MAX_PAYMENT_SIGNATURE_LENGTH + 4))).toBeNull();
    expect(decodePaymentSignature("//79")).toBeNull(); // not UTF-8
  });
});
