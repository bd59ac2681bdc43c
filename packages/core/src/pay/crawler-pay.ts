import type { ErrorCode } from "../errors.js";
import { sha256Hex } from "../snapshots/content.js";
import type { SignatureOutcome } from "../verify/web-bot-auth/outcome.js";
import { parseSignatureLabels } from "../verify/web-bot-auth/signature-input.js";
import { formatPrice, type Price, parsePrice } from "./price.js";

/**
 * Pay per crawl (Cloudflare's `crawler-*` headers) at the edge: a charge rule's 402 quotes
 * `crawler-price`; a crawler whose Web Bot Auth signature verified, and covers its price
 * header, retries with exactly one of `crawler-exact-price` (must equal the price) or
 * `crawler-max-price` (pays when the price is at most that), and gets the page with
 * `crawler-charged`. Every refusal is one `crawler-error` code of the error table.
 */

export const EXACT_PRICE_HEADER = "crawler-exact-price";
export const MAX_PRICE_HEADER = "crawler-max-price";

/** The paths a charge never applies to: a crawler must be able to read the site's rules. */
const FREE_PATHS = new Set(["/robots.txt", "/sitemap.xml", "/security.txt", "/crawlers.json"]);

/** Whether `path` is always free (`/robots.txt`, `/sitemap.xml`, `/security.txt`, `/.well-known/*`). */
export function isFreePath(path: string): boolean {
  return FREE_PATHS.has(path) || path.startsWith("/.well-known/");
}

/** What a crawler declared it pays: one price header and its price. */
export interface PriceOffer {
  header: typeof EXACT_PRICE_HEADER | typeof MAX_PRICE_HEADER;
  price: Price;
}

/** A refusal of the protocol: its code (status and `crawler-error` from the error table). */
export interface PayRefusal {
  code: ErrorCode;
  message: string;
  /** The price quoted back (`crawler-price`), for the 402 refusals. */
  price: Price | null;
}

/** Who pays: the bot and the agent origin its signature verified against. */
export interface Payer {
  botId: string;
  signatureAgent: string;
}

const refuse = (code: ErrorCode, message: string, price: Price | null = null): PayRefusal => ({
  code,
  message,
  price,
});

/**
 * The crawler's price header: `null` when it sent none; a refusal for both at once
 * (`conflicting_price_headers`) or a value that is not a price (`invalid_crawler_price_value`:
 * malformed, an unknown currency, more than 6 decimals).
 */
export function readOffer(
  headers: Readonly<Record<string, string | undefined>>,
): { ok: true; offer: PriceOffer | null } | { ok: false; refusal: PayRefusal } {
  const exact = headers[EXACT_PRICE_HEADER];
  const max = headers[MAX_PRICE_HEADER];
  if (exact !== undefined && max !== undefined) {
    return {
      ok: false,
      refusal: refuse(
        "conflicting_price_headers",
        "Send only one of crawler-exact-price and crawler-max-price.",
      ),
    };
  }
  const header = exact !== undefined ? EXACT_PRICE_HEADER : MAX_PRICE_HEADER;
  const text = exact ?? max;
  if (text === undefined) return { ok: true, offer: null };
  const parsed = parsePrice(text.trim());
  if (!parsed.ok) {
    const why =
      parsed.problem === "unknown_currency"
        ? "the currency is not an ISO 4217 code"
        : parsed.problem === "too_many_decimals"
          ? "the amount has more than 6 decimals"
          : 'it must be "<CURRENCY> <amount>", e.g. "USD 0.01"';
    return {
      ok: false,
      refusal: refuse("invalid_crawler_price_value", `${header} is not a price: ${why}.`),
    };
  }
  return { ok: true, offer: { header, price: parsed.price } };
}

/** Whether `offer` pays `price`; otherwise the refusal that quotes the price. */
export function offerPays(offer: PriceOffer, price: Price): PayRefusal | null {
  const sameCurrency = offer.price.currency === price.currency;
  if (offer.header === EXACT_PRICE_HEADER) {
    return sameCurrency && offer.price.micros === price.micros
      ? null
      : refuse(
          "invalid_crawler_exact_price",
          `crawler-exact-price must be the price: ${formatPrice(price)}.`,
          price,
        );
  }
  return sameCurrency && offer.price.micros >= price.micros
    ? null
    : refuse(
        "invalid_crawler_max_price",
        `crawler-max-price is below the price: ${formatPrice(price)}.`,
        price,
      );
}

/**
 * The signature bytes of the label that verified when it covers the header `name` (`null`:
 * it does not). The one parse of the signature headers a paid request adds.
 */
function coveringSignature(
  headers: Readonly<Record<string, string | undefined>>,
  label: string,
  name: string,
): Uint8Array | null {
  const labels = parseSignatureLabels(headers["signature-input"] ?? "", headers.signature ?? "");
  const found = labels?.find((l) => l.label === label);
  const covers = (found?.components ?? []).some((c) => c.name === name && c.params.size === 0);
  return covers && found?.signature ? found.signature : null;
}

/** What a charge comes to for one request, before it is served. */
export type ChargeJudgement =
  /** No price header and no verified signature: the plain 402 that quotes the price. */
  | { kind: "unpaid" }
  | { kind: "refused"; refusal: PayRefusal }
  /** Serve it; charge once the answer is known (`offerPays` against the final price). */
  | {
      kind: "accepted";
      offer: PriceOffer;
      payer: Payer;
      /** The verified label's signature bytes (the event id's input: `chargeEventId`). */
      signature: Uint8Array;
    };

/**
 * Judges a charged request. The checks run in the protocol's order: the price headers' syntax,
 * then who asks (a price header needs a Web Bot Auth signature: none is `strong_auth_required`,
 * one that did not verify or does not cover the price header is `invalid_signature`; a verified
 * crawler without one is `missing_crawler_price`), then the price unless `deferred` (the origin
 * may still set it).
 */
export function judgeCharge(
  price: Price,
  headers: Readonly<Record<string, string | undefined>>,
  signed: {
    outcome: SignatureOutcome;
    verifiedAgent: string | null;
    bot: { botId: string };
  } | null,
  deferred: boolean,
): ChargeJudgement {
  const read = readOffer(headers);
  if (!read.ok) return { kind: "refused", refusal: read.refusal };
  const verified = signed?.outcome.outcome === "verified" && signed.verifiedAgent !== null;
  if (read.offer === null) {
    if (!verified) return { kind: "unpaid" };
    return {
      kind: "refused",
      refusal: refuse(
        "missing_crawler_price",
        "Send crawler-exact-price or crawler-max-price, covered by your signature.",
        price,
      ),
    };
  }
  const { offer } = read;
  if (signed === null) {
    return {
      kind: "refused",
      refusal: refuse(
        "strong_auth_required",
        "A price header must come with a Web Bot Auth signature (Signature-Input, Signature, Signature-Agent).",
      ),
    };
  }
  if (!verified || signed.verifiedAgent === null) {
    return {
      kind: "refused",
      refusal: refuse("invalid_signature", "The Web Bot Auth signature did not verify."),
    };
  }
  const signature = coveringSignature(headers, signed.outcome.label ?? "", offer.header);
  if (signature === null) {
    return {
      kind: "refused",
      refusal: refuse("invalid_signature", `The signature must cover the ${offer.header} header.`),
    };
  }
  if (!deferred) {
    const refusal = offerPays(offer, price);
    if (refusal) return { kind: "refused", refusal };
  }
  return {
    kind: "accepted",
    offer,
    payer: { botId: signed.bot.botId, signatureAgent: signed.verifiedAgent },
    signature,
  };
}

/**
 * The event a paid request is: the SHA-256 of the verified label's signature and the request
 * line. The same signed request sent again (a retry, a replay to another instance of a fleet)
 * is the same event and is charged once; another request never shares it (Ed25519 signs the
 * covered components, and the method and target are added even when not covered). Computed
 * once a charge is due, off the answer's path.
 */
export async function chargeEventId(
  request: { method: string; host: string; url: string },
  signature: Uint8Array,
): Promise<string> {
  const line = new TextEncoder().encode(
    `\n${request.method.toUpperCase()} ${request.host} ${request.url}`,
  );
  const bytes = new Uint8Array(signature.byteLength + line.byteLength);
  bytes.set(signature, 0);
  bytes.set(line, signature.byteLength);
  return `pc_${await sha256Hex(bytes)}`;
}
