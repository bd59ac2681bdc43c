import { MICROS_PER_UNIT, type Price } from "./price.js";

/**
 * x402 v2 over HTTP (the x402 Foundation's `transports-v2/http` spec): a charge rule's 402
 * carries `PAYMENT-REQUIRED` (base64 JSON of the payment requirements), a crawler retries with
 * `PAYMENT-SIGNATURE` (base64 JSON of its signed payment), and the page is answered with
 * `PAYMENT-RESPONSE` (base64 JSON of the settlement). Pure codecs; no I/O.
 */

export const PAYMENT_REQUIRED_HEADER = "payment-required";
export const PAYMENT_SIGNATURE_HEADER = "payment-signature";
export const PAYMENT_RESPONSE_HEADER = "payment-response";

/** Seconds a payment authorization must stay valid for the facilitator to settle it. */
export const X402_MAX_TIMEOUT_SECONDS = 60;

/** A domain's x402 receiver (the crawler policy's `x402`). */
export interface X402Receiver {
  /** CAIP-2 network, e.g. `eip155:84532` (Base Sepolia). */
  network: string;
  /** The token contract (or mint) paid in; its unit is worth one USD. */
  asset: string;
  /** The address paid. */
  payTo: string;
  /** The asset's decimals (USDC: 6). */
  decimals: number;
}

/** One way to pay (`accepts[i]` of x402 v2, scheme `exact`). */
export interface X402Requirements {
  scheme: "exact";
  network: string;
  /** Atomic units of `asset`, as an integer string. */
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

/** The challenge of `PAYMENT-REQUIRED`. */
export interface X402PaymentRequired {
  x402Version: 2;
  error?: string;
  resource: { url: string; description: string; mimeType: string };
  accepts: X402Requirements[];
}

/** What a crawler sends in `PAYMENT-SIGNATURE`. */
export interface X402PaymentPayload {
  x402Version: 2;
  resource?: { url: string; description?: string; mimeType?: string };
  accepted: X402Requirements;
  payload: Record<string, unknown>;
  extensions?: Record<string, unknown>;
}

/** A facilitator's settlement, sent back in `PAYMENT-RESPONSE`. */
export interface X402Settlement {
  success: boolean;
  errorReason?: string;
  payer?: string;
  transaction: string;
  network: string;
}

const MICROS = BigInt(MICROS_PER_UNIT);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A USD price in the asset's atomic units (USD 0.01 at 6 decimals: `"10000"`), integer
 * arithmetic only; `null` when the price is not USD or not a whole number of atomic units
 * (fewer than 6 decimals and a finer price): such a rule is not offered over x402.
 */
export function atomicAmount(price: Price, decimals: number): string | null {
  if (price.currency !== "USD") return null;
  const scaled = BigInt(price.micros) * 10n ** BigInt(decimals);
  if (scaled % MICROS !== 0n) return null;
  return (scaled / MICROS).toString();
}

/** The one `exact` requirement a charge is offered at (`null`: not offered over x402). */
export function x402Requirements(receiver: X402Receiver, price: Price): X402Requirements | null {
  const amount = atomicAmount(price, receiver.decimals);
  if (amount === null) return null;
  return {
    scheme: "exact",
    network: receiver.network,
    amount,
    asset: receiver.asset,
    payTo: receiver.payTo,
    maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
    extra: {},
  };
}

/** Base64 of a value's JSON (UTF-8), as every x402 header is (no Node Buffer: any runtime). */
export function encodeX402Header(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The JSON value of a base64 x402 header (`undefined`: not base64 of UTF-8 JSON). */
export function decodeX402Header(text: string): unknown {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** The `PAYMENT-REQUIRED` header of a charge. */
export function paymentRequiredHeader(
  requirements: X402Requirements,
  resourceUrl: string,
  error?: string,
): string {
  const challenge: X402PaymentRequired = {
    x402Version: 2,
    ...(error ? { error } : {}),
    resource: {
      url: resourceUrl,
      description: "Access to this page for one crawl",
      mimeType: "text/html",
    },
    accepts: [requirements],
  };
  return encodeX402Header(challenge);
}

/** At most this many characters of `PAYMENT-SIGNATURE` are read. */
export const MAX_PAYMENT_SIGNATURE_LENGTH = 16_384;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isText = (v: unknown, max = 256): v is string =>
  typeof v === "string" && v.length > 0 && v.length <= max;

function requirementsOf(value: unknown): X402Requirements | null {
  if (!isRecord(value)) return null;
  const { scheme, network, amount, asset, payTo, maxTimeoutSeconds, extra } = value;
  if (scheme !== "exact" || !isText(network) || !isText(asset) || !isText(payTo)) return null;
  if (typeof amount !== "string" || !/^(0|[1-9][0-9]{0,77})$/.test(amount)) return null;
  if (typeof maxTimeoutSeconds !== "number" || !Number.isSafeInteger(maxTimeoutSeconds)) {
    return null;
  }
  if (extra !== undefined && !isRecord(extra)) return null;
  return { scheme, network, amount, asset, payTo, maxTimeoutSeconds, extra: extra ?? {} };
}

/**
 * A `PAYMENT-SIGNATURE` value: base64 of a v2 payment payload (`x402Version` 2, the `exact`
 * requirement it accepted, an object `payload`); `null` when it is anything else.
 */
export function decodePaymentSignature(text: string): X402PaymentPayload | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_PAYMENT_SIGNATURE_LENGTH) return null;
  const json = decodeX402Header(trimmed);
  if (!isRecord(json) || json.x402Version !== 2 || !isRecord(json.payload)) return null;
  const accepted = requirementsOf(json.accepted);
  if (accepted === null) return null;
  if (
    json.resource !== undefined &&
    !(isRecord(json.resource) && isText(json.resource.url, 4096))
  ) {
    return null;
  }
  if (json.extensions !== undefined && !isRecord(json.extensions)) return null;
  return { ...(json as unknown as X402PaymentPayload), accepted };
}

/** Whether a payment accepted exactly the requirement offered (scheme, network, amount, asset, payee). */
export function acceptsOffer(accepted: X402Requirements, offered: X402Requirements): boolean {
  return (
    accepted.scheme === offered.scheme &&
    accepted.network === offered.network &&
    accepted.amount === offered.amount &&
    accepted.asset.toLowerCase() === offered.asset.toLowerCase() &&
    accepted.payTo.toLowerCase() === offered.payTo.toLowerCase()
  );
}
