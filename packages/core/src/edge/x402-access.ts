import type { ChargeWriter } from "../pay/charge-writer.js";
import {
  answerPrice,
  INVALID_CONTENT_PRICE,
  type PendingCharge,
  type Settlement,
} from "../pay/pending-charge.js";
import { formatPrice, type Price } from "../pay/price.js";
import {
  acceptsOffer,
  decodePaymentSignature,
  encodeX402Header,
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  paymentRequiredHeader,
  type X402PaymentPayload,
  type X402Receiver,
  type X402Requirements,
  type X402Settlement,
  x402Requirements,
} from "../pay/x402.js";
import type { EdgeSettings, Logger } from "../ports/index.js";
import type { X402Facilitator } from "../ports/x402.js";
import { sha256Hex } from "../snapshots/content.js";
import { type PolicyAnswer, payRefusalAnswer } from "./policy-gate.js";

/** The x402 offer of one charged request: what is asked, for which resource. */
export interface X402Offer {
  requirements: X402Requirements;
  /** The resource's absolute URL (`resource.url`). */
  url: string;
  price: Price;
  /** The domain's receiver, to price the resource again (an in-band price). */
  receiver: X402Receiver;
}

/**
 * The offer when the domain's policy has an x402 receiver, the edge a facilitator, and the
 * price is in USD (and a whole number of the asset's atomic units); `null` otherwise: nothing
 * x402 appears.
 */
export function x402OfferOf(
  site: EdgeSettings,
  facilitator: X402Facilitator | null,
  price: Price,
  request: { protocol?: "http" | "https"; host: string; url: string },
): X402Offer | null {
  const receiver = site.policy.x402;
  if (!receiver || !facilitator) return null;
  const requirements = x402Requirements(receiver, price);
  if (requirements === null) return null;
  const url = `${request.protocol ?? "https"}://${request.host}${request.url}`;
  return { requirements, url, price, receiver };
}

/** The same resource offered at another price (`null`: that price cannot be paid over x402). */
function repriced(offer: X402Offer, price: Price): X402Offer | null {
  if (price.currency === offer.price.currency && price.micros === offer.price.micros) return offer;
  const requirements = x402Requirements(offer.receiver, price);
  return requirements === null ? null : { ...offer, requirements, price };
}

/** Adds the offer's `PAYMENT-REQUIRED` challenge to a 402 answer (others are left alone). */
export function withChallenge(
  answer: PolicyAnswer,
  offer: X402Offer | null,
  error?: string,
): PolicyAnswer {
  if (offer === null || answer.status !== 402) return answer;
  answer.headers[PAYMENT_REQUIRED_HEADER] = paymentRequiredHeader(
    offer.requirements,
    offer.url,
    error,
  );
  return answer;
}

/** 402 `payment_required` quoting `offer`'s price, with its challenge (`error`: `message`). */
function challengeAnswer(
  offer: X402Offer,
  method: string,
  message: string,
  extra: Record<string, string> = {},
): PolicyAnswer {
  const answer = payRefusalAnswer(
    { code: "payment_required", message, price: offer.price },
    method,
  );
  Object.assign(answer.headers, extra);
  return withChallenge(answer, offer, message);
}

/** An edge answer sent instead of the page's. */
const refusalOf = ({ status, headers, body }: PolicyAnswer): Settlement => ({
  kind: "refuse",
  status,
  headers,
  body,
});

/** What an x402 payment comes to: an answer (a refusal), or the page with its payment due. */
export type X402Access =
  | { kind: "answer"; answer: PolicyAnswer }
  /** A HEAD with a payment for the offer: answered, never settled (it carries no content). */
  | { kind: "free" }
  | { kind: "pay"; payment: PendingCharge };

/** Who pays, what the charge is recorded as, and how the facilitator is asked. */
interface X402Context {
  offer: X402Offer;
  facilitator: X402Facilitator;
  method: string;
  /** The domain's `inBandPricing`: the origin's `crawler-price` sets the amount due. */
  inBand: boolean;
  payer: { botId: string; signatureAgent: string | null };
  charge: { domainId: string; path: string; ts: Date; charges: ChargeWriter };
  logger: Logger;
}

const facilitatorFailed = (logger: Logger, error: unknown) =>
  logger.warn("edge.x402_facilitator_failed", {
    error: error instanceof Error ? error.message : String(error),
  });

/**
 * A request carrying `PAYMENT-SIGNATURE`: decoded (malformed: 400 `invalid_request`), matched
 * with the offer (another amount, asset, payee or network: 402 with the challenge; with in-band
 * pricing any amount, compared once the origin priced the page), then verified by the
 * facilitator before anything is served: a payment that does not verify, or a facilitator that
 * fails or does not answer in time, is 402 with the challenge again (`error` says why). A
 * verified payment is served with a pending payment (`x402Payment`): settled only once the
 * answer is known to be 2xx.
 */
export async function x402Access(ctx: X402Context & { header: string }): Promise<X402Access> {
  const { offer, method } = ctx;
  const payload = decodePaymentSignature(ctx.header);
  if (payload === null) {
    const message = "PAYMENT-SIGNATURE is not a base64 JSON x402 v2 payment payload.";
    const answer = payRefusalAnswer({ code: "invalid_request", message, price: null }, method);
    return { kind: "answer", answer };
  }
  const asked = ctx.inBand
    ? { ...offer.requirements, amount: payload.accepted.amount }
    : offer.requirements;
  const refuse = (message: string): X402Access => ({
    kind: "answer",
    answer: challengeAnswer(offer, method, message),
  });
  if (!acceptsOffer(payload.accepted, asked)) {
    return refuse("The payment does not accept this resource's payment requirements.");
  }
  if (method === "HEAD") return { kind: "free" };
  try {
    const verified = await ctx.facilitator.verify(payload, asked);
    if (!verified.isValid) {
      return refuse(`The payment did not verify: ${verified.invalidReason ?? "invalid"}.`);
    }
  } catch (error) {
    facilitatorFailed(ctx.logger, error);
    return refuse("The payment could not be verified now; nothing was charged.");
  }
  return { kind: "pay", payment: x402Payment(ctx, payload) };
}

/**
 * A verified payment being served. Its answer settles it when 2xx (a non-2xx answer is sent
 * untouched: not settled, not charged, no `PAYMENT-RESPONSE`), at most once: the amount due is
 * the rule's price or, with in-band pricing, the origin's (`answerPrice`; not a price: 502
 * `invalid_content_price`; not payable over x402: 402 without a challenge); a payment for
 * another amount is 402 with the challenge at the amount due. Then the facilitator settles it:
 * refused, failed or late, the answer is 402 with the challenge (and the failed settlement's
 * `PAYMENT-RESPONSE`), nothing served or charged; settled, the answer goes out with
 * `PAYMENT-RESPONSE` and the charge is one ledger row (`recordSettlement`).
 */
function x402Payment(ctx: X402Context, payload: X402PaymentPayload): PendingCharge {
  let settling: Promise<Settlement> | null = null;
  return {
    settle(status, originPrice) {
      if (status < 200 || status > 299) return { kind: "send", headers: {} };
      settling ??= settleAnswer(ctx, payload, originPrice);
      return settling;
    },
    // The charge is written when the settlement arrives: the money moved then.
    sent() {},
  };
}

async function settleAnswer(
  ctx: X402Context,
  payload: X402PaymentPayload,
  originPrice: string | null | undefined,
): Promise<Settlement> {
  const { method } = ctx;
  const price = answerPrice(ctx.offer.price, ctx.inBand, originPrice);
  if (price === null) return refusalOf(payRefusalAnswer(INVALID_CONTENT_PRICE, method));
  const due = repriced(ctx.offer, price);
  if (due === null) {
    const message = `This page's price, ${formatPrice(price)}, cannot be paid over x402.`;
    return refusalOf(payRefusalAnswer({ code: "payment_required", message, price }, method));
  }
  if (due.requirements.amount !== payload.accepted.amount) {
    const message = `The payment is not this page's price: ${due.requirements.amount} atomic units.`;
    return refusalOf(challengeAnswer(due, method, message));
  }
  let settlement: X402Settlement;
  try {
    settlement = await ctx.facilitator.settle(payload, due.requirements);
  } catch (error) {
    facilitatorFailed(ctx.logger, error);
    const message = "The payment could not be settled now; nothing was charged.";
    return refusalOf(challengeAnswer(due, method, message));
  }
  const receipt = encodeX402Header(settlement);
  if (!settlement.success) {
    const message = `The payment was not settled: ${settlement.errorReason ?? "failed"}.`;
    return refusalOf(challengeAnswer(due, method, message, { [PAYMENT_RESPONSE_HEADER]: receipt }));
  }
  recordSettlement(ctx, settlement, due.price);
  return { kind: "send", headers: { [PAYMENT_RESPONSE_HEADER]: receipt } };
}

/**
 * A settled payment is one ledger row: event `x4_` + SHA-256 of network and transaction (a
 * settlement written twice is one row), receipt the transaction, the payer the verified agent
 * or else `x402:<network>:<payer address>`.
 */
function recordSettlement(ctx: X402Context, settlement: X402Settlement, price: Price): void {
  const { domainId, path, ts, charges } = ctx.charge;
  const payerAddress = settlement.payer ?? "unknown";
  charges.write(
    sha256Hex(new TextEncoder().encode(`${settlement.network} ${settlement.transaction}`)).then(
      (hash) => ({
        eventId: `x4_${hash}`,
        domainId,
        botId: ctx.payer.botId,
        signatureAgent: ctx.payer.signatureAgent ?? `x402:${settlement.network}:${payerAddress}`,
        path,
        amountMicros: price.micros,
        currency: price.currency,
        protocol: "x402" as const,
        receipt: settlement.transaction,
        ts,
      }),
    ),
  );
}
