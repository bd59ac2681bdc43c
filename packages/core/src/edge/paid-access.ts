import type { ChargeWriter } from "../pay/charge-writer.js";
import {
  chargeEventId,
  EXACT_PRICE_HEADER,
  isFreePath,
  judgeCharge,
  MAX_PRICE_HEADER,
} from "../pay/crawler-pay.js";
import { type PendingCharge, pendingCharge } from "../pay/pending-charge.js";
import { policyPriceOf } from "../pay/price.js";
import { PAYMENT_SIGNATURE_HEADER } from "../pay/x402.js";
import type { DenyAction } from "../policy/schema.js";
import type { EdgeSettings, Logger, X402Facilitator } from "../ports/index.js";
import { type PolicyAnswer, payRefusalAnswer, policyAnswer } from "./policy-gate.js";
import type { SignedAgent } from "./signed-agent.js";
import { withChallenge, x402Access, x402OfferOf } from "./x402-access.js";

/** What a request the policy blocks or charges comes to. */
export type PaidAccess =
  /** Answered by the edge: a block, the price, or a refusal of the protocol. */
  | { kind: "answer"; answer: PolicyAnswer }
  /** Served for free: a path a charge never applies to. */
  | { kind: "free" }
  /**
   * Served as allowed; the answer settles the charge (`inBand`: from the origin, not the cache).
   * An x402 payment's `settle` is asynchronous: see `PendingCharge`.
   */
  | { kind: "pay"; payment: PendingCharge; inBand: boolean };

/**
 * A blocked or charged crawler's request. A block answers the block (`crawler_forbidden` when
 * the crawler offered to pay: paying does not help); a charge on a free path is waived; else
 * the request is judged by the pay-per-crawl protocol (`judgeCharge`), and an accepted offer
 * is served with a pending charge written to `charges` once a 2xx answer went out (a HEAD is
 * served and never charged). With an x402 offer (`x402OfferOf`) every 402 of the charge also
 * carries `PAYMENT-REQUIRED`, and a request with `PAYMENT-SIGNATURE` pays over x402 instead
 * (`x402Access`).
 */
export async function paidAccess(ctx: {
  denied: DenyAction;
  site: EdgeSettings;
  request: {
    method: string;
    host: string;
    url: string;
    protocol?: "http" | "https";
    headers: Readonly<Record<string, string | undefined>>;
  };
  path: string;
  method: string;
  signed: SignedAgent | null;
  ts: Date;
  charges: ChargeWriter;
  /** The crawler as classified (an x402 payer need not sign). */
  botId: string;
  x402: X402Facilitator | null;
  logger: Logger;
}): Promise<PaidAccess> {
  const { denied, request, method } = ctx;
  if (denied.type === "block") {
    const offered =
      request.headers[EXACT_PRICE_HEADER] !== undefined ||
      request.headers[MAX_PRICE_HEADER] !== undefined;
    const answer = offered
      ? payRefusalAnswer(
          {
            code: "crawler_forbidden",
            message: "This site does not let this crawler in, paid or not.",
            price: null,
          },
          method,
        )
      : policyAnswer(denied, method);
    return { kind: "answer", answer };
  }
  if (isFreePath(ctx.path)) return { kind: "free" };
  const rulePrice = policyPriceOf(denied.price);
  const inBand = ctx.site.policy.inBandPricing;
  const offer = x402OfferOf(ctx.site, ctx.x402, rulePrice, request);
  const paymentSignature = request.headers[PAYMENT_SIGNATURE_HEADER];
  if (offer && ctx.x402 && paymentSignature !== undefined) {
    const verified = ctx.signed?.outcome.outcome === "verified" ? ctx.signed.verifiedAgent : null;
    const paid = await x402Access({
      header: paymentSignature,
      offer,
      facilitator: ctx.x402,
      method,
      inBand,
      payer: { botId: ctx.signed?.bot.botId ?? ctx.botId, signatureAgent: verified },
      charge: { domainId: ctx.site.domainId, path: ctx.path, ts: ctx.ts, charges: ctx.charges },
      logger: ctx.logger,
    });
    return paid.kind === "pay" ? { ...paid, inBand } : paid;
  }
  const judged = judgeCharge(rulePrice, request.headers, ctx.signed, inBand);
  if (judged.kind === "unpaid") {
    return { kind: "answer", answer: withChallenge(policyAnswer(denied, method), offer) };
  }
  if (judged.kind === "refused") {
    return {
      kind: "answer",
      answer: withChallenge(payRefusalAnswer(judged.refusal, method), offer),
    };
  }
  // A HEAD carries no content: an accepted offer is served, never charged.
  if (method === "HEAD") return { kind: "free" };
  const { domainId } = ctx.site;
  const { signature } = judged;
  const payment = pendingCharge({
    offer: judged.offer,
    rulePrice,
    inBand,
    payer: judged.payer,
    refusalAnswer: (refusal) => payRefusalAnswer(refusal, method),
    charge: (due) =>
      ctx.charges.write(
        chargeEventId(request, signature).then((eventId) => ({
          eventId,
          domainId,
          botId: due.payer.botId,
          signatureAgent: due.payer.signatureAgent,
          path: ctx.path,
          amountMicros: due.price.micros,
          currency: due.price.currency,
          protocol: "crawler-price" as const,
          receipt: due.receipt,
          ts: ctx.ts,
        })),
      ),
  });
  return { kind: "pay", payment, inBand };
}
