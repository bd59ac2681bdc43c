import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crawlerPolicy, priceHeader } from "../policy/schema.js";
import {
  formatAmount,
  formatPrice,
  isCurrency,
  parseAmount,
  parsePrice,
  policyPriceOf,
} from "./price.js";

// The reference: a price written from its parts with no arithmetic at all (strings only).
const units = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 999_999_999 }));
const decimals = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 0, maxLength: 6 });
const currency = fc.constantFrom("USD", "EUR", "JPY", "GBP", "CHF", "XOF");

/** The micro-units of `<units>.<decimals>` computed on strings: units then 6 padded decimals. */
const referenceMicros = (u: number, d: string) => BigInt(`${u}${d.padEnd(6, "0")}`);

describe("prices: integer micro-units, exact both ways", () => {
  it("parses every well-formed price to the reference micro-units, and formats it back", () => {
    fc.assert(
      fc.property(currency, units, decimals, (cur, u, d) => {
        const text = d === "" ? `${cur} ${u}` : `${cur} ${u}.${d}`;
        const parsed = parsePrice(text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(BigInt(parsed.price.micros)).toBe(referenceMicros(u, d));
        expect(Number.isSafeInteger(parsed.price.micros)).toBe(true);
        // Formatting is canonical: parsing it again gives the same price.
        const again = parsePrice(formatPrice(parsed.price));
        expect(again).toEqual(parsed);
      }),
    );
  });

  it("formats any micro-units, however large, as the exact decimal with at least 2 places", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (micros) => {
        const text = formatAmount(micros);
        const [whole, fraction] = text.split(".") as [string, string];
        expect(fraction.length).toBeGreaterThanOrEqual(2);
        expect(fraction.length).toBeLessThanOrEqual(6);
        expect(BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0"))).toBe(micros);
        if (fraction.length > 2) expect(fraction.endsWith("0")).toBe(false);
      }),
    );
  });

  it("refuses more than 6 decimals, signs, exponents, leading zeros, other spacing", () => {
    fc.assert(
      fc.property(
        currency,
        units,
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 7, maxLength: 12 }),
        (cur, u, d) => {
          expect(parsePrice(`${cur} ${u}.${d}`)).toEqual({
            ok: false,
            problem: "too_many_decimals",
          });
        },
      ),
    );
    for (const text of [
      "USD",
      "USD ",
      "USD 01",
      "USD 1.",
      "USD .5",
      "USD +1",
      "USD -1",
      "USD 1e3",
      "USD 0x10",
      "USD  1",
      " USD 1",
      "USD\t1",
      "usd 1",
      "US 1",
      "USDX 1",
      "USD 1 ",
      "USD 1000000000",
      "USD 1,5",
      "USD ١",
    ]) {
      expect(parsePrice(text), text).toEqual({ ok: false, problem: "malformed" });
    }
  });

  it("knows ISO 4217 currencies and nothing else", () => {
    expect(parsePrice("ZZZ 1")).toEqual({ ok: false, problem: "unknown_currency" });
    expect(parsePrice("XAU 1")).toEqual({ ok: false, problem: "unknown_currency" });
    expect(parsePrice("XTS 1")).toEqual({ ok: false, problem: "unknown_currency" });
    for (const code of ["USD", "EUR", "JPY", "GBP", "CNY", "INR", "BRL", "CHF", "SLE"]) {
      expect(isCurrency(code), code).toBe(true);
    }
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
          minLength: 3,
          maxLength: 3,
        }),
        (code) => {
          const parsed = parsePrice(`${code} 1`);
          expect(parsed.ok).toBe(isCurrency(code));
        },
      ),
    );
  });

  it("never throws and never accepts a text its format does not produce", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (text) => {
        const parsed = parsePrice(text);
        if (parsed.ok)
          expect(/^[A-Z]{3} (0|[1-9][0-9]{0,8})(\.[0-9]{1,6})?$/.test(text)).toBe(true);
      }),
    );
  });

  it("a policy's price is its own header and is validated the same way", () => {
    expect(priceHeader({ amount: "0.01", currency: "USD" })).toBe("USD 0.01");
    expect(priceHeader({ amount: "3", currency: "EUR" })).toBe("EUR 3.00");
    expect(policyPriceOf({ amount: "0.000001", currency: "USD" }).micros).toBe(1);
    expect(parseAmount("999999999.999999")).toEqual({ ok: true, micros: 999_999_999_999_999 });
    const charge = (currencyCode: string) =>
      crawlerPolicy.safeParse({
        defaultAction: { type: "charge", price: { amount: "0.01", currency: currencyCode } },
      }).success;
    expect(charge("USD")).toBe(true);
    expect(charge("ZZZ")).toBe(false);
  });
});
