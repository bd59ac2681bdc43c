import { offerPays, type Payer, type PayRefusal, type PriceOffer } from "./crawler-pay.js";
import { formatPrice, type Price, parsePrice } from "./price.js";

export const CHARGED_HEADER = "crawler-charged";
/** The header an origin prices its answer with (in-band pricing), as the 402 quotes it. */
export const CRAWLER_PRICE_HEADER = "crawler-price";

/** What a paid request's answer comes to, decided before it is sent. */
export type Settlement =
  /** Send the answer with these headers added (`crawler-charged` when it is charged). */
  | { kind: "send"; headers: Record<string, string> }
  /**
   * Send this JSON refusal instead of the answer (the origin's price was not what was offered,
   * or not a price): the answer's body is dropped.
   */
  | { kind: "refuse"; status: number; headers: Record<string, string>; body: Uint8Array };

/** The JSON answer of a refusal (`payRefusalAnswer`). */
export type RefusalAnswer = (refusal: PayRefusal) => {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
};

/**
 * A paid request being served. The bridge calls `settle` with the answer's status and the
 * origin's `crawler-price` header before it sends anything, then `sent` once it went out: only
 * a settled 2xx answer is charged, once. `settle` answers at once for the crawler-* protocol;
 * an x402 payment's is a promise (the facilitator moves the money), never rejected: the bridge
 * holds the answer's head until it resolves, and sends nothing of the answer before.
 */
export interface PendingCharge {
  settle(status: number, originPrice: string | null | undefined): Settlement | Promise<Settlement>;
  /** The answer went out with `status` (its body complete): the charge is recorded if due. */
  sent(status: number): void;
}

/** The refusal of an answer whose in-band `crawler-price` is not a price (502). */
export const INVALID_CONTENT_PRICE: PayRefusal = {
  code: "invalid_content_price",
  message: "The site's origin answered a crawler-price that is not a price.",
  price: null,
};

/**
 * What an answer costs: with in-band pricing the origin's own `crawler-price` when it sent one,
 * else the rule's price; `null` when the origin's header is not a price.
 */
export function answerPrice(
  rulePrice: Price,
  inBand: boolean,
  originPrice: string | null | undefined,
): Price | null {
  if (!inBand || originPrice === null || originPrice === undefined) return rulePrice;
  const parsed = parsePrice(originPrice.trim());
  return parsed.ok ? parsed.price : null;
}

/** A charge to record: the payer and price. */
export interface DueCharge {
  payer: Payer;
  price: Price;
  receipt: string;
}

/**
 * The pending charge of an accepted offer: the price is the rule's, or with in-band pricing the
 * origin's own `crawler-price` when its answer carries one (a value that is not a price is
 * `invalid_content_price`, 502). Statuses outside 2xx are sent untouched and never charged.
 */
export function pendingCharge(options: {
  offer: PriceOffer;
  rulePrice: Price;
  inBand: boolean;
  payer: Payer;
  refusalAnswer: RefusalAnswer;
  charge(due: DueCharge): void;
}): PendingCharge {
  const refuse = (refusal: PayRefusal): Settlement => {
    const { status, headers, body } = options.refusalAnswer(refusal);
    return { kind: "refuse", status, headers, body };
  };
  let due: DueCharge | null = null;
  return {
    settle(status, originPrice) {
      due = null;
      if (status < 200 || status > 299) return { kind: "send", headers: {} };
      const price = answerPrice(options.rulePrice, options.inBand, originPrice);
      if (price === null) return refuse(INVALID_CONTENT_PRICE);
      const refusal = offerPays(options.offer, price);
      if (refusal) return refuse(refusal);
      const receipt = formatPrice(price);
      due = { payer: options.payer, price, receipt };
      return { kind: "send", headers: { [CHARGED_HEADER]: receipt } };
    },
    sent(status) {
      if (due === null || status < 200 || status > 299) return;
      const charge = due;
      due = null;
      options.charge(charge);
    },
  };
}
