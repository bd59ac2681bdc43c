// x402 facilitator port: verifies and settles a crawler's x402 payment (the x402 facilitator API).

import type { X402PaymentPayload, X402Requirements, X402Settlement } from "../pay/x402.js";

/** A facilitator's judgement of a payment before it is settled (`POST /verify`). */
export interface X402Verification {
  isValid: boolean;
  /** Why not, as the facilitator says (`insufficient_funds`, …). */
  invalidReason?: string;
  /** The paying address. */
  payer?: string;
}

/**
 * Verifies and settles x402 payments. Both methods reject (an `Error`) when the facilitator
 * could not be asked or did not answer in time: the edge then answers 402 and charges nothing.
 */
export interface X402Facilitator {
  /** Whether `payload` pays `requirements` (nothing moves). */
  verify(payload: X402PaymentPayload, requirements: X402Requirements): Promise<X402Verification>;
  /** Executes the payment; `success` with the transaction id, or the reason it failed. */
  settle(payload: X402PaymentPayload, requirements: X402Requirements): Promise<X402Settlement>;
}
