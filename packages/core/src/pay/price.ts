/**
 * Prices of paid crawling as integer micro-units (1 USD = 1,000,000): parsed from and written to
 * the `crawler-*` header form `<CURRENCY> <amount>` (`USD 0.01`). No floating point anywhere:
 * amounts are compared, stored and summed as integers, and written back as exact decimals.
 */

/** Micro-units per currency unit: a price has at most 6 decimals. */
export const MICROS_PER_UNIT = 1_000_000;

/**
 * Active ISO 4217 currency codes (funds codes included; precious metals, SDR, bond units and
 * the test and "no currency" codes left out: a crawl is not priced in them).
 */
const CURRENCIES = new Set(
  (
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD " +
    "BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP " +
    "DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR " +
    "IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD " +
    "MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB " +
    "PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD " +
    "SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS " +
    "VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL"
  ).split(" "),
);

/** Whether `code` is a currency a price may be in (ISO 4217, upper case). */
export function isCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

/** A price: a currency and a non-negative whole number of micro-units. */
export interface Price {
  currency: string;
  /** Micro-units: a safe integer (at most 999,999,999.999999 units). */
  micros: number;
}

/** Why a price text is not a price. */
export type PriceProblem = "malformed" | "unknown_currency" | "too_many_decimals";

export type ParsedPrice = { ok: true; price: Price } | { ok: false; problem: PriceProblem };

const AMOUNT = /^(0|[1-9][0-9]{0,8})(?:\.([0-9]+))?$/;

/**
 * An amount (`0.01`, `3`, `12.345678`) in micro-units: digits, no sign, no exponent, no leading
 * zeros, at most 9 integer digits and 6 decimals.
 */
export function parseAmount(
  text: string,
): { ok: true; micros: number } | { ok: false; problem: PriceProblem } {
  const match = AMOUNT.exec(text);
  if (!match) return { ok: false, problem: "malformed" };
  const fraction = match[2] ?? "";
  if (fraction.length > 6) return { ok: false, problem: "too_many_decimals" };
  const micros = Number(match[1]) * MICROS_PER_UNIT + Number(fraction.padEnd(6, "0"));
  return { ok: true, micros };
}

/**
 * A `crawler-*` header value: `<CURRENCY> <amount>`, one space between, the currency an ISO
 * 4217 code in upper case (`USD 0.01`). Zero is a price (a `crawler-max-price` of 0 pays
 * nothing); the policy's own prices are above zero.
 */
export function parsePrice(text: string): ParsedPrice {
  const space = text.indexOf(" ");
  if (space !== 3) return { ok: false, problem: "malformed" };
  const currency = text.slice(0, 3);
  if (!/^[A-Z]{3}$/.test(currency)) return { ok: false, problem: "malformed" };
  const amount = parseAmount(text.slice(4));
  if (!amount.ok) return amount;
  if (!isCurrency(currency)) return { ok: false, problem: "unknown_currency" };
  return { ok: true, price: { currency, micros: amount.micros } };
}

/**
 * Micro-units as an exact decimal: at least 2 decimals, further ones only when not zero
 * (`10000` → `0.01`, `3140000` → `3.14`, `1000` → `0.001`, `5000000` → `5.00`). Any size: the
 * ledger's sums come as bigint.
 */
export function formatAmount(micros: number | bigint): string {
  const value = BigInt(micros);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const units = magnitude / BigInt(MICROS_PER_UNIT);
  const fraction = (magnitude % BigInt(MICROS_PER_UNIT)).toString().padStart(6, "0");
  const decimals = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${negative ? "-" : ""}${units}.${decimals}`;
}

/** The header form of a price: `USD 0.01`. */
export function formatPrice(price: Price): string {
  return `${price.currency} ${formatAmount(price.micros)}`;
}

/** The price of a policy's charge (`{amount: "0.01", currency: "USD"}`, validated on save). */
export function policyPriceOf(price: { amount: string; currency: string }): Price {
  const amount = parseAmount(price.amount);
  if (!amount.ok) throw new Error(`invalid policy price ${price.amount}`);
  return { currency: price.currency, micros: amount.micros };
}

/** Whether two prices are the same amount in the same currency. */
export function samePrice(a: Price, b: Price): boolean {
  return a.currency === b.currency && a.micros === b.micros;
}
