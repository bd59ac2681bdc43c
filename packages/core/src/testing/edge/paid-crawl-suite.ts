import { describe, expect, it } from "vitest";
import type { CrawlgateDeps } from "../../crawlgate.js";
import type { ChargeRow } from "../../ports/index.js";
import type { FakeClock } from "../fixtures.js";
import { type Harness, useHarness } from "../harness.js";
import { createTestAgent, directoryHost, type TestAgent } from "../web-bot-auth/test-agent.js";
import { ledgerOf, putPolicy } from "./policy-world.js";
import type { SignaturePorts } from "./signed-agent-suite.js";
import { createEdgeWorld } from "./suite.js";
import {
  BROWSER,
  type EdgeBridgeFactory,
  type EdgeReply,
  type EdgeWorld,
  GOOGLEBOT,
  HOST,
} from "./world.js";
import { x402EdgeSuite } from "./x402-suite.js";

interface PaidWorld extends EdgeWorld {
  /** Listed in the taxonomy as `chatgpt-agent` (`https://chatgpt.com`). */
  agent: TestAgent;
  /** Saves a policy through the owner's API. */
  policy(body: unknown): Promise<void>;
  /** Headers of a GET of `path` signed by `agent`, carrying `price` headers (covered unless told). */
  paid(
    path: string,
    price: Record<string, string>,
    options?: PaidOptions,
  ): Promise<Record<string, string>>;
  /** The ledger after every accepted charge was written. */
  ledger(): Promise<ChargeRow[]>;
}

export interface PaidOptions {
  /** Components covered; default authority, path, the agent member and the price headers. */
  components?: string[];
  nonce?: string | null;
  created?: number;
  expires?: number;
  agent?: TestAgent;
}

/**
 * Headers of a GET of `path` signed by `signer` (now, for a minute), carrying the `price`
 * headers; the signature covers authority, path, the agent member and the price headers unless
 * `options.components` says otherwise.
 */
export async function signPaid(
  clock: FakeClock,
  signer: TestAgent,
  path: string,
  price: Record<string, string>,
  options: PaidOptions = {},
): Promise<Record<string, string>> {
  const now = Math.floor(clock.now().getTime() / 1000) + 1;
  const components = options.components ?? [
    '"@authority"',
    '"@path"',
    '"signature-agent";key="agent1"',
    ...Object.keys(price).map((n) => `"${n}"`),
  ];
  const signed = await signer.sign(
    { method: "GET", host: HOST, url: path, headers: { "user-agent": BROWSER, ...price } },
    {
      created: options.created ?? now,
      expires: options.expires ?? now + 60,
      components,
      ...(options.nonce !== undefined ? { nonce: options.nonce } : {}),
    },
  );
  return signed.headers as Record<string, string>;
}

const CHARGE_ALL = {
  defaultAction: { type: "charge", price: { amount: "0.01", currency: "USD" } },
  impostorProtection: false,
};
const AGENT = "https://chatgpt.com";
const EXACT = "crawler-exact-price";
const MAX = "crawler-max-price";

const body = (reply: EdgeReply) => JSON.parse(reply.body) as Record<string, unknown>;

/** A refusal: its status, `crawler-error`, JSON error code, and nothing served. */
function expectRefusal(reply: EdgeReply, status: number, crawlerError: string, code: string) {
  expect(reply.status, reply.body).toBe(status);
  expect(reply.headers["crawler-error"]).toBe(crawlerError);
  expect(reply.headers["crawler-charged"]).toBeUndefined();
  expect(reply.headers["content-type"]).toMatch(/^application\/json/);
  expect(body(reply).error).toBe(code);
  expect(typeof body(reply).message).toBe("string");
}

/**
 * Pay per crawl at the edge (the `crawler-*` protocol), shared by every bridge: every row of
 * the protocol table, what is charged (only 2xx, never a free path, once per event) and the
 * ledger against a reference of what the test sent; then x402 (`x402EdgeSuite`).
 */
export function paidCrawlEdgeSuite(
  name: string,
  makeStores: () => Omit<CrawlgateDeps, "clock" | "logger">,
  makePorts: () => SignaturePorts,
  bridge: EdgeBridgeFactory,
): void {
  describe(`pay per crawl at the edge: ${name}`, () => {
    const world = useHarness<PaidWorld>(async (): Promise<Harness<PaidWorld>> => {
      const agent = await createTestAgent(AGENT);
      const host = directoryHost([agent]);
      const base = await createEdgeWorld(makeStores, bridge, {
        webBotAuth: { ...makePorts(), fetch: host.fetch },
      });
      const w: PaidWorld = {
        ...base,
        agent,
        policy: (policy) => putPolicy(base, policy),
        paid: (path, price, options = {}) =>
          signPaid(base.clock, options.agent ?? agent, path, price, options),
        ledger: () => ledgerOf(base),
      };
      return w;
    });

    it("an unsigned crawler gets the price; a verified one without a price header MissingCrawlerPrice", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      const unsigned = await w.send({ path: "/about", headers: { "user-agent": GOOGLEBOT } });
      expect(unsigned.status).toBe(402);
      expect(unsigned.headers["crawler-price"]).toBe("USD 0.01");
      expect(unsigned.headers["crawler-error"]).toBeUndefined();
      const signed = await w.send({ path: "/about", headers: await w.paid("/about", {}) });
      expectRefusal(signed, 402, "MissingCrawlerPrice", "missing_crawler_price");
      expect(signed.headers["crawler-price"]).toBe("USD 0.01");
      expect(body(signed).price).toEqual({ amount: "0.01", currency: "USD" });
      expect(await w.ledger()).toEqual([]);
    });

    it("crawler-exact-price equal to the price: served as allowed, charged once", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      const reply = await w.send({
        path: "/about",
        headers: await w.paid("/about", { [EXACT]: "USD 0.01" }),
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toContain("Page /about");
      expect(reply.headers["crawler-charged"]).toBe("USD 0.01");
      const [row, ...rest] = await w.ledger();
      expect(rest).toEqual([]);
      expect(row).toMatchObject({
        domainId: w.domainId,
        botId: "chatgpt-agent",
        signatureAgent: AGENT,
        path: "/about",
        amountMicros: 10_000,
        currency: "USD",
        protocol: "crawler-price",
        receipt: "USD 0.01",
      });
      expect(row?.eventId).toMatch(/^pc_[0-9a-f]{64}$/);
      // Recorded as the verified agent it is.
      expect((await w.crawls()).map((r) => [r.botId, r.verdict, r.status])).toEqual([
        ["chatgpt-agent", "verified", 200],
      ]);
    });

    it("crawler-max-price at or above the price pays the price, not the maximum", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      for (const max of ["USD 0.01", "USD 0.010", "USD 5"]) {
        const reply = await w.send({
          path: "/about",
          headers: await w.paid("/about", { [MAX]: max }),
        });
        expect(reply.status, max).toBe(200);
        expect(reply.headers["crawler-charged"]).toBe("USD 0.01");
      }
      expect((await w.ledger()).map((r) => r.amountMicros)).toEqual([10_000, 10_000, 10_000]);
    });

    it("a wrong exact price, a low or foreign max price: 402 with the price, nothing charged", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      const cases: [Record<string, string>, string, string][] = [
        [{ [EXACT]: "USD 0.02" }, "InvalidCrawlerExactPrice", "invalid_crawler_exact_price"],
        [{ [EXACT]: "EUR 0.01" }, "InvalidCrawlerExactPrice", "invalid_crawler_exact_price"],
        [{ [MAX]: "USD 0.009999" }, "InvalidCrawlerMaxPrice", "invalid_crawler_max_price"],
        [{ [MAX]: "EUR 100" }, "InvalidCrawlerMaxPrice", "invalid_crawler_max_price"],
      ];
      for (const [price, crawlerError, code] of cases) {
        const reply = await w.send({ path: "/about", headers: await w.paid("/about", price) });
        expectRefusal(reply, 402, crawlerError, code);
        expect(reply.headers["crawler-price"]).toBe("USD 0.01");
      }
      expect(await w.ledger()).toEqual([]);
      expect(w.origin.hits).toEqual([]);
    });

    it("malformed prices and both headers at once: 400, nothing served", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      const invalid = [
        "USD 1,00",
        "usd 0.01",
        "ZZZ 0.01",
        "USD 0.0100001",
        "USD -1",
        "USD  0.01",
        "0.01 USD",
        "USD 1e-2",
      ];
      for (const value of invalid) {
        const reply = await w.send({
          path: "/about",
          headers: await w.paid("/about", { [EXACT]: value }),
        });
        expectRefusal(reply, 400, "InvalidCrawlerPriceValue", "invalid_crawler_price_value");
      }
      const both = await w.send({
        path: "/about",
        headers: await w.paid("/about", { [EXACT]: "USD 0.01", [MAX]: "USD 0.01" }),
      });
      expectRefusal(both, 400, "ConflictingPriceHeaders", "conflicting_price_headers");
      expect(await w.ledger()).toEqual([]);
      expect(w.origin.hits).toEqual([]);
    });

    it("a price header without a verified signature covering it: StrongAuthRequired or InvalidSignature", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      const unsigned = await w.send({
        path: "/about",
        headers: { "user-agent": GOOGLEBOT, [EXACT]: "USD 0.01" },
      });
      expectRefusal(unsigned, 400, "StrongAuthRequired", "strong_auth_required");
      const expired = await w.send({
        path: "/about",
        headers: await w.paid(
          "/about",
          { [EXACT]: "USD 0.01" },
          { created: 1_700_000_000, expires: 1_700_000_060 },
        ),
      });
      expectRefusal(expired, 400, "InvalidSignature", "invalid_signature");
      const stranger = await w.send({
        path: "/about",
        headers: await w.paid(
          "/about",
          { [EXACT]: "USD 0.01" },
          { agent: await createTestAgent(AGENT) },
        ),
      });
      expectRefusal(stranger, 400, "InvalidSignature", "invalid_signature");
      const uncovered = await w.send({
        path: "/about",
        headers: await w.paid(
          "/about",
          { [EXACT]: "USD 0.01" },
          { components: ['"@authority"', '"signature-agent";key="agent1"'] },
        ),
      });
      expectRefusal(uncovered, 400, "InvalidSignature", "invalid_signature");
      expect(await w.ledger()).toEqual([]);
    });

    it("a replayed nonce is refused before charging; the same request without one is charged once", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      const once = await w.paid("/about", { [EXACT]: "USD 0.01" }, { nonce: "pay-once-nonce" });
      expect((await w.send({ path: "/about", headers: once })).status).toBe(200);
      expectRefusal(
        await w.send({ path: "/about", headers: once }),
        400,
        "InvalidSignature",
        "invalid_signature",
      );
      const retried = await w.paid("/about", { [EXACT]: "USD 0.01" }, { nonce: null });
      const first = await w.send({ path: "/about", headers: retried });
      const second = await w.send({ path: "/about", headers: retried });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.headers["crawler-charged"]).toBe("USD 0.01");
      expect(await w.ledger()).toHaveLength(2);
    });

    it("free paths are never charged, even when a price is offered", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      for (const path of [
        "/sitemap.xml",
        "/security.txt",
        "/.well-known/security.txt",
        "/.well-known/x",
      ]) {
        const plain = await w.send({ path, headers: { "user-agent": GOOGLEBOT } });
        expect(plain.status, path).not.toBe(402);
        const offered = await w.send({
          path,
          headers: await w.paid(path, { [EXACT]: "USD 0.01" }),
        });
        expect(offered.status, path).not.toBe(402);
        expect(offered.headers["crawler-charged"], path).toBeUndefined();
      }
      expect(await w.ledger()).toEqual([]);
    });

    it("a HEAD with an accepted offer is answered and never charged", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      const headers = await w.paid("/about", { [EXACT]: "USD 0.01" });
      const reply = await w.send({ method: "HEAD", path: "/about", headers });
      expect(reply.status).toBe(200);
      expect(reply.headers["crawler-charged"]).toBeUndefined();
      expect(await w.ledger()).toEqual([]);
    });

    it("an answer that is not 2xx is not charged (origin 5xx, a page that declares 404)", async () => {
      const w = world();
      await w.policy(CHARGE_ALL);
      for (const [path, status] of [
        ["/broken", 500],
        ["/missing", 404],
        ["/nowhere", 404],
      ] as const) {
        const reply = await w.send({ path, headers: await w.paid(path, { [MAX]: "USD 1" }) });
        expect(reply.status, path).toBe(status);
        expect(reply.headers["crawler-charged"], path).toBeUndefined();
      }
      expect(await w.ledger()).toEqual([]);
    });

    it("in-band pricing: the origin's crawler-price sets the price when the policy allows it", async () => {
      const w = world();
      await w.policy({ ...CHARGE_ALL, inBandPricing: true });
      const priced = await w.send({
        path: "/priced",
        headers: await w.paid("/priced", { [MAX]: "USD 0.10" }),
      });
      expect(priced.status).toBe(200);
      expect(priced.headers["crawler-charged"]).toBe("USD 0.05");
      const exact = await w.send({
        path: "/priced",
        headers: await w.paid("/priced", { [EXACT]: "USD 0.01" }),
      });
      expectRefusal(exact, 402, "InvalidCrawlerExactPrice", "invalid_crawler_exact_price");
      expect(exact.headers["crawler-price"]).toBe("USD 0.05");
      expect(exact.body).not.toContain("Priced by the origin");
      const plain = await w.send({
        path: "/about",
        headers: await w.paid("/about", { [EXACT]: "USD 0.01" }),
      });
      expect(plain.headers["crawler-charged"]).toBe("USD 0.01");
      const bad = await w.send({
        path: "/badly-priced",
        headers: await w.paid("/badly-priced", { [MAX]: "USD 1" }),
      });
      expectRefusal(bad, 502, "InvalidContentPrice", "invalid_content_price");
      expect((await w.ledger()).map((r) => [r.path, r.amountMicros])).toEqual([
        ["/priced", 50_000],
        ["/about", 10_000],
      ]);
      // Without the setting the origin's header does not price anything.
      await w.policy(CHARGE_ALL);
      const ruled = await w.send({
        path: "/priced",
        headers: await w.paid("/priced", { [EXACT]: "USD 0.01" }),
      });
      expect(ruled.headers["crawler-charged"]).toBe("USD 0.01");
    });

    it("signal headers: a charged answer carries Content-Usage and the licence; a refusal of the origin's price the licence only", async () => {
      const w = world();
      const link = '<https://shop.example.com/license.xml>; rel="license"';
      await w.policy({
        ...CHARGE_ALL,
        inBandPricing: true,
        contentSignals: { aiTrain: "no" },
        licenseUrl: "https://shop.example.com/license.xml",
      });
      const charged = await w.send({
        path: "/about",
        headers: await w.paid("/about", { [EXACT]: "USD 0.01" }),
      });
      expect(charged.headers["crawler-charged"]).toBe("USD 0.01");
      expect([charged.headers["content-usage"], charged.headers.link]).toEqual([
        "train-ai=n",
        link,
      ]);
      const bad = await w.send({
        path: "/badly-priced",
        headers: await w.paid("/badly-priced", { [MAX]: "USD 1" }),
      });
      expectRefusal(bad, 502, "InvalidContentPrice", "invalid_content_price");
      expect([bad.headers["content-usage"], bad.headers.link]).toEqual([undefined, link]);
    });

    it("a blocked crawler offering to pay: 403 CrawlerForbidden", async () => {
      const w = world();
      await w.policy({ defaultAction: { type: "block", status: 402 }, impostorProtection: false });
      const reply = await w.send({
        path: "/about",
        headers: await w.paid("/about", { [MAX]: "USD 1" }),
      });
      expectRefusal(reply, 403, "CrawlerForbidden", "crawler_forbidden");
      expect(await w.ledger()).toEqual([]);
    });

    it("per-path prices: the ledger equals a reference of the requests sent", async () => {
      const w = world();
      await w.policy({
        rules: [
          {
            match: { type: "signatureAgent", value: AGENT },
            path: "/live",
            action: { type: "charge", price: { amount: "0.25", currency: "EUR" } },
          },
        ],
        ...CHARGE_ALL,
      });
      const sent: [string, Record<string, string>][] = [
        ["/about", { [EXACT]: "USD 0.01" }],
        ["/live", { [EXACT]: "EUR 0.25" }],
        ["/live", { [MAX]: "EUR 0.30" }],
        ["/live", { [MAX]: "USD 1" }], // refused: another currency
        ["/", { [MAX]: "USD 0.01" }],
        ["/broken", { [MAX]: "USD 0.01" }], // 500: not charged
      ];
      const reference: [string, number, string][] = [];
      for (const [path, price] of sent) {
        const reply = await w.send({ path, headers: await w.paid(path, price) });
        const charged = reply.headers["crawler-charged"];
        if (charged) {
          const [currency, amount] = charged.split(" ") as [string, string];
          reference.push([path, Math.round(Number(amount) * 1_000_000), currency]);
        }
      }
      expect(reference).toHaveLength(4);
      const rows = await w.ledger();
      expect(rows.map((r) => [r.path, r.amountMicros, r.currency])).toEqual(reference);
      const totals = await w.stores.charges.chargeTotals(
        w.domainId,
        "2026-11-20",
        "2026-11-20",
        "payer",
      );
      expect(totals.map((t) => [t.currency, t.charged, t.amountMicros])).toEqual([
        ["EUR", 2, "500000"],
        ["USD", 2, "20000"],
      ]);
    });
  });
  x402EdgeSuite(name, makeStores, bridge);
}
