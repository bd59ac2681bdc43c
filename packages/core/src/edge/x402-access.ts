import type { ChargeWriter } from "../pay/charge-writer.js";
import type { PendingCharge } from "../pay/pending-charge.js";
import type { Price } from "../pay/price.js";
import {
  acceptsOffer,
  decodePaymentSignature,
  encodeX402Header,
  PAYMENT_REQUIRED_HEADER,
  PAYMENT_RESPONSE_HEADER,
  paymentRequiredHeader,
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
  return { requirements, url, price };
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

/** What an x402 payment comes to: an answer (a refusal), or the page with its receipt. */
export type X402Access =
  | { kind: "answer"; answer: PolicyAnswer }
  /** A HEAD with a payment for the offer: answered, never settled (it carries no content). */
  | { kind: "free" }
  | { kind: "pay"; payment: PendingCharge };

/**
 * A request carrying `PAYMENT-SIGNATURE`: decoded (malformed: 400 `invalid_request`), matched
 * with the offer (another amount, asset, payee or network: 402 with the challenge), verified
 * then settled by the facilitator before anything is served. A facilitator that refuses, fails
 * or does not answer in time: 402 with the challenge again (`error` says why), nothing charged.
 * A settled payment is one ledger row (event `x4_` + SHA-256 of network and transaction,
 * receipt the transaction), and the page is answered with `PAYMENT-RESPONSE`.
 */
export async function x402Access(ctx: {
  header: string;
  offer: X402Offer;
  facilitator: X402Facilitator;
  method: string;
  payer: { botId: string; signatureAgent: string | null };
  charge: { domainId: string; path: string; ts: Date; charges: ChargeWriter };
  logger: Logger;
}): Promise<X402Access> {
  const { offer, method } = ctx;
  const refuse = (message: string, extra: Record<string, string> = {}): X402Access => {
    const answer = payRefusalAnswer(
      { code: "payment_required", message, price: offer.price },
      method,
    );
    Object.assign(answer.headers, extra);
    return { kind: "answer", answer: withChallenge(answer, offer, message) };
  };
  const payload = decodePaymentSignature(ctx.header);
  if (payload === null) {
    const message = "PAYMENT-SIGNATURE is not a base64 JSON x402 v2 payment payload.";
    const answer = payRefusalAnswer({ code: "invalid_request", message, price: null }, method);
    return { kind: "answer", answer };
  }
  if (!acceptsOffer(payload.accepted, offer.requirements)) {
    return refuse("The payment does not accept this resource's payment requirements.");
  }
  if (method === "HEAD") return { kind: "free" };
  let settlement: X402Settlement;
  try {
    const verified = await ctx.facilitator.verify(payload, offer.requirements);
    if (!verified.isValid) {
      return refuse(`The payment did not verify: ${verified.invalidReason ?? "invalid"}.`);
    }
    settlement = await ctx.facilitator.settle(payload, offer.requirements);
  } catch (error) {
    ctx.logger.warn("edge.x402_facilitator_failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return refuse("The payment could not be verified or settled now; nothing was charged.");
  }
  const receipt = encodeX402Header(settlement);
  if (!settlement.success) {
    return refuse(`The payment was not settled: ${settlement.errorReason ?? "failed"}.`, {
      [PAYMENT_RESPONSE_HEADER]: receipt,
    });
  }
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
        amountMicros: offer.price.micros,
        currency: offer.price.currency,
        protocol: "x402" as const,
        receipt: settlement.transaction,
        ts,
      }),
    ),
  );
  // Settled before serving: the receipt goes out with whatever the page's answer is.
  const headers = { [PAYMENT_RESPONSE_HEADER]: receipt };
  return {
    kind: "pay",
    payment: { settle: () => ({ kind: "send", headers }), sent: () => {} },
  };
}
