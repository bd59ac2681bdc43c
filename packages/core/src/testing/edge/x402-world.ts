import { expect } from "vitest";
import { decodeX402Header, encodeX402Header, type X402PaymentRequired } from "../../pay/x402.js";
import type { ChargeRow } from "../../ports/index.js";
import { FAKE_PAYER, type FakeFacilitator } from "../x402/fake-facilitator.js";
import { type EdgeReply, type EdgeWorld, GOOGLEBOT, HOST } from "./world.js";

/** The x402 edge cases' world: an edge world with a fake facilitator on loopback. */
export interface X402World extends EdgeWorld {
  facilitator: FakeFacilitator;
  policy(body: unknown): Promise<void>;
  ledger(): Promise<ChargeRow[]>;
}

export const RECEIVER = {
  network: "eip155:84532",
  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
  decimals: 6,
};
const { decimals: _, ...offeredFields } = RECEIVER;
/** The receiver's fields an offer carries (all but `decimals`). */
export const OFFERED = offeredFields;

/** A policy charging USD 0.01 (or `currency`) for every page, with `x402` as its receiver. */
export const CHARGE = (x402: unknown, currency = "USD") => ({
  defaultAction: { type: "charge", price: { amount: "0.01", currency } },
  impostorProtection: false,
  x402,
});

/** The `PAYMENT-REQUIRED` challenge of a reply. */
export const challengeOf = (reply: EdgeReply) =>
  decodeX402Header(reply.headers["payment-required"] ?? "") as X402PaymentRequired;

/** The requirement the edge offers for USD 0.01. */
export const offered = () => ({
  ...OFFERED,
  scheme: "exact",
  amount: "10000",
  maxTimeoutSeconds: 60,
  extra: {},
});

/** A PAYMENT-SIGNATURE accepting `accepted` (an EIP-3009 authorization's shape). */
export function paymentFor(accepted: unknown, changes: Record<string, unknown> = {}): string {
  return encodeX402Header({
    x402Version: 2,
    resource: { url: `https://${HOST}/about` },
    accepted: { ...(accepted as object), ...changes },
    payload: {
      signature: `0x${"ab".repeat(65)}`,
      authorization: { from: FAKE_PAYER, to: RECEIVER.payTo, value: "10000", nonce: "0x01" },
    },
  });
}

/**
 * The challenge of a first request of `path` (402 expected), and a retry paying it (with
 * `changes` to the requirement it accepts), as `userAgent`.
 */
export async function payOnce(
  w: X402World,
  changes: Record<string, unknown> = {},
  path = "/about",
  userAgent = GOOGLEBOT,
): Promise<EdgeReply> {
  const first = await w.send({ path, headers: { "user-agent": userAgent } });
  expect(first.status).toBe(402);
  const challenge = challengeOf(first);
  return w.send({
    path,
    headers: {
      "user-agent": userAgent,
      "payment-signature": paymentFor(challenge.accepts[0], changes),
    },
  });
}
