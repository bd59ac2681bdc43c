import { describe, expect, it } from "vitest";
import type { CrawlgateDeps } from "../../crawlgate.js";
import { decodeX402Header, encodeX402Header, type X402Settlement } from "../../pay/x402.js";
import { createHttpFacilitator } from "../../pay/x402-http-facilitator.js";
import { type Harness, useHarness } from "../harness.js";
import { FAKE_PAYER, startFakeFacilitator } from "../x402/fake-facilitator.js";
import { ledgerOf, putPolicy } from "./policy-world.js";
import { createEdgeWorld } from "./suite.js";
import { type EdgeBridgeFactory, GOOGLEBOT } from "./world.js";
import { x402SettleCases } from "./x402-settle-cases.js";
import {
  CHARGE,
  challengeOf,
  OFFERED,
  offered,
  paymentFor,
  payOnce,
  RECEIVER,
  type X402World,
} from "./x402-world.js";

/**
 * x402 v2 at the edge, shared by every bridge: the `PAYMENT-REQUIRED` challenge of a charge
 * when the policy names a receiver, and a `PAYMENT-SIGNATURE` verified and settled by a
 * facilitator (a fake one on loopback): the page with `PAYMENT-RESPONSE` and one ledger row,
 * or 402 again with nothing charged or served.
 */
export function x402EdgeSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  bridge: EdgeBridgeFactory,
): void {
  describe(`x402 at the edge: ${name}`, () => {
    const world = useHarness<X402World>(async (): Promise<Harness<X402World>> => {
      const facilitator = await startFakeFacilitator();
      const base = await createEdgeWorld(makeStores, bridge, {
        x402Facilitator: createHttpFacilitator({
          url: facilitator.url,
          fetch: (url, init) => fetch(url, init),
          timeoutMs: 1500,
        }),
      });
      return {
        ...base,
        facilitator,
        policy: (policy) => putPolicy(base, policy),
        ledger: () => ledgerOf(base),
        async teardown() {
          await base.teardown?.();
          await facilitator.close();
        },
      };
    });

    it("without a receiver nothing x402 appears, and a PAYMENT-SIGNATURE pays nothing", async () => {
      const w = world();
      await w.policy(CHARGE(null));
      const reply = await w.send({
        path: "/about",
        headers: { "user-agent": GOOGLEBOT, "payment-signature": paymentFor({}) },
      });
      expect(reply.status).toBe(402);
      expect(reply.headers["crawler-price"]).toBe("USD 0.01");
      expect(reply.headers["payment-required"]).toBeUndefined();
      expect(reply.headers["payment-response"]).toBeUndefined();
      expect(w.facilitator.calls).toEqual([]);
      // A rule priced in another currency is not offered over x402 either.
      await w.policy(CHARGE(RECEIVER, "EUR"));
      const eur = await w.send({ path: "/about", headers: { "user-agent": GOOGLEBOT } });
      expect(eur.status).toBe(402);
      expect(eur.headers["payment-required"]).toBeUndefined();
    });

    it("a charge's 402 carries PAYMENT-REQUIRED: the price in atomic units of the asset", async () => {
      const w = world();
      await w.policy(CHARGE(RECEIVER));
      const reply = await w.send({ path: "/about?page=2", headers: { "user-agent": GOOGLEBOT } });
      expect(reply.status).toBe(402);
      expect(reply.headers["crawler-price"]).toBe("USD 0.01");
      const challenge = challengeOf(reply);
      expect(challenge).toMatchObject({
        x402Version: 2,
        // The scheme the bridge was told visitors use (the Express test app: http).
        resource: { url: expect.stringMatching(/^https?:\/\/shop\.example\.com\/about\?page=2$/) },
        accepts: [
          { scheme: "exact", amount: "10000", maxTimeoutSeconds: 60, extra: {}, ...OFFERED },
        ],
      });
      expect(challenge.accepts[0]).not.toHaveProperty("decimals");
    });

    it("a verified and settled payment: the page with PAYMENT-RESPONSE, one ledger row", async () => {
      const w = world();
      await w.policy(CHARGE(RECEIVER));
      const reply = await payOnce(w);
      expect(reply.status, reply.body).toBe(200);
      expect(reply.body).toContain("Page /about");
      const receipt = decodeX402Header(reply.headers["payment-response"] ?? "") as X402Settlement;
      expect(receipt).toEqual({
        success: true,
        transaction: w.facilitator.transaction(1),
        network: RECEIVER.network,
        payer: FAKE_PAYER,
      });
      expect(w.facilitator.calls.map((c) => c.path)).toEqual(["/verify", "/settle"]);
      const sent = w.facilitator.calls[1]?.body as Record<string, unknown>;
      expect(sent.x402Version).toBe(2);
      expect(sent.paymentRequirements).toMatchObject({ amount: "10000", payTo: RECEIVER.payTo });
      expect((sent.paymentPayload as { accepted: unknown }).accepted).toMatchObject(OFFERED);
      const rows = await w.ledger();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        botId: "googlebot",
        signatureAgent: `x402:${RECEIVER.network}:${FAKE_PAYER}`,
        path: "/about",
        amountMicros: 10_000,
        currency: "USD",
        protocol: "x402",
        receipt: w.facilitator.transaction(1),
      });
      expect(rows[0]?.eventId).toMatch(/^x4_[0-9a-f]{64}$/);
    });

    it("a payment that does not verify: 402 again, the origin not asked, nothing settled or charged", async () => {
      const w = world();
      await w.policy(CHARGE(RECEIVER));
      w.facilitator.mode = "invalid";
      const invalid = await payOnce(w);
      expect(invalid.status).toBe(402);
      expect(JSON.parse(invalid.body)).toMatchObject({ error: "payment_required" });
      expect(challengeOf(invalid).error).toContain("insufficient_funds");
      expect(invalid.headers["payment-response"]).toBeUndefined();
      expect(w.facilitator.calls.map((c) => c.path)).toEqual(["/verify"]);
      expect(w.facilitator.settles()).toEqual([]);
      expect(await w.ledger()).toEqual([]);
      expect(w.origin.hits).toEqual([]);
    });

    it("a facilitator that does not verify in time: 402, nothing charged or served", async () => {
      const w = world();
      await w.policy(CHARGE(RECEIVER));
      w.facilitator.mode = "hang";
      const reply = await payOnce(w);
      expect(reply.status).toBe(402);
      expect(reply.headers["payment-required"]).toBeDefined();
      expect(reply.headers["payment-response"]).toBeUndefined();
      expect(await w.ledger()).toEqual([]);
      expect(w.origin.hits).toEqual([]);
    });

    it("a malformed PAYMENT-SIGNATURE is 400; another amount or payee is 402; a HEAD is not settled; the facilitator is not asked", async () => {
      const w = world();
      await w.policy(CHARGE(RECEIVER));
      for (const header of ["not base64!", encodeX402Header({ x402Version: 1 }), "e30="]) {
        const reply = await w.send({
          path: "/about",
          headers: { "user-agent": GOOGLEBOT, "payment-signature": header },
        });
        expect(reply.status, header).toBe(400);
        expect(JSON.parse(reply.body)).toMatchObject({ error: "invalid_request" });
      }
      expect((await payOnce(w, { amount: "1" })).status).toBe(402);
      expect(
        (await payOnce(w, { payTo: "0x0000000000000000000000000000000000000001" })).status,
      ).toBe(402);
      expect(w.facilitator.calls).toEqual([]);
      expect(await w.ledger()).toEqual([]);
      expect(w.origin.hits).toEqual([]);
      const head = await w.send({
        method: "HEAD",
        path: "/about",
        headers: { "user-agent": GOOGLEBOT, "payment-signature": paymentFor(offered()) },
      });
      expect(head.status).toBe(200);
      expect(head.headers["payment-response"]).toBeUndefined();
      expect(w.facilitator.calls).toEqual([]);
    });

    x402SettleCases(world);
  });
}
