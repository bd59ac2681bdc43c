import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChargeRow } from "../../ports/index.js";
import { parseCsv } from "../api/crawl-logs-cases.js";
import type { DepsFactory } from "../api/world.js";
import { type Harness, useHarness } from "../harness.js";
import { createTestAgent, directoryHost, type TestAgent } from "../web-bot-auth/test-agent.js";
import { signPaid } from "./paid-crawl-suite.js";
import { ledgerOf, putPolicy } from "./policy-world.js";
import type { SignaturePorts } from "./signed-agent-suite.js";
import { createEdgeWorld } from "./suite.js";
import { type EdgeBridgeFactory, type EdgeReply, type EdgeWorld, GOOGLEBOT } from "./world.js";

/**
 * The charge ledger against a reference, through a bridge and on real stores: a seeded,
 * generated mix of paid, unpaid, refused, free-path, failing, HEAD and retried requests from
 * three payers; the reference (rows, and exact totals per payer and currency) is computed from
 * what the test sent and the policy it saved, never from the answers, and compared with the
 * `ChargeLedger` and with `export-crawler-charges` (JSON and CSV).
 */

/** Three payers: two agents the taxonomy lists, one it does not (`signed-agent`). */
const PAYERS = [
  { origin: "https://chatgpt.com", botId: "chatgpt-agent" },
  { origin: "https://agent.bot.goog", botId: "google-agent" },
  { origin: "https://crawler.example.net", botId: "signed-agent" },
] as const;

const BIG = "123456789.987654";
const POLICY = {
  rules: [
    {
      match: { type: "signatureAgent", value: "https://chatgpt.com" },
      path: "/live",
      action: { type: "charge", price: { amount: "0.25", currency: "EUR" } },
    },
    {
      match: { type: "signatureAgent", value: "https://agent.bot.goog" },
      path: "/",
      action: { type: "charge", price: { amount: BIG, currency: "USD" } },
    },
  ],
  defaultAction: { type: "charge", price: { amount: "0.01", currency: "USD" } },
  impostorProtection: false,
  inBandPricing: true,
};
/** Pages the policy charges; `/priced` is priced by the origin (`USD 0.05`, in band). */
const PAID_PATHS = ["/", "/about", "/live", "/priced"] as const;
const FREE_PATHS = ["/robots.txt", "/sitemap.xml", "/.well-known/security.txt"] as const;
/**
 * Answers that are not 2xx. (A page declaring 404 in its HTML is a 200 of the origin here: with
 * in-band pricing a paid request goes to the origin, not the renderer.)
 */
const FAILING = { "/broken": 500, "/nowhere": 404 } as const;

const KINDS = [
  "exact",
  "max",
  "retried",
  "head",
  "unsigned",
  "missing",
  "wrong-exact",
  "low-max",
  "foreign",
  "malformed",
  "both",
  "unsigned-offer",
  "uncovered",
  "free",
  "failing",
] as const;
type Kind = (typeof KINDS)[number];

interface Step {
  kind: Kind;
  payer: number;
  path: (typeof PAID_PATHS)[number];
  free: (typeof FREE_PATHS)[number];
  failing: keyof typeof FAILING;
  /** What a max offer adds to the price, in micro-units. */
  extra: number;
}

const step = (kind: fc.Arbitrary<Kind>): fc.Arbitrary<Step> =>
  fc.record({
    kind,
    payer: fc.integer({ min: 0, max: PAYERS.length - 1 }),
    path: fc.constantFrom(...PAID_PATHS),
    free: fc.constantFrom(...FREE_PATHS),
    failing: fc.constantFrom(...(Object.keys(FAILING) as (keyof typeof FAILING)[])),
    extra: fc.integer({ min: 0, max: 5_000_000 }),
  });

/** Every kind once, then `more` generated steps, in a generated order. */
function ledgerPlan(seed: number, more = 24): Step[] {
  const plan = fc
    .tuple(
      fc.tuple(...KINDS.map((kind) => step(fc.constant(kind)))),
      fc.array(step(fc.constantFrom(...KINDS)), { minLength: more, maxLength: more }),
    )
    .chain(([each, rest]) => {
      const all = [...each, ...rest];
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });
  return fc.sample(plan, { seed, numRuns: 1 })[0] as Step[];
}

interface Priced {
  currency: string;
  micros: bigint;
}

/** The price the policy (and the origin, in band) sets for `payer` on `path`. */
function priceOf(payer: number, path: string): Priced {
  if (payer === 0 && path === "/live") return { currency: "EUR", micros: 250_000n };
  if (payer === 1 && path === "/") return { currency: "USD", micros: 123_456_789_987_654n };
  if (path === "/priced") return { currency: "USD", micros: 50_000n };
  return { currency: "USD", micros: 10_000n };
}

/** Micro-units as the protocol writes them: at least 2 decimals, more only when not zero. */
function decimal(micros: bigint): string {
  const fraction = (micros % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${micros / 1_000_000n}.${fraction.padEnd(2, "0")}`;
}

const offer = (price: Priced) => `${price.currency} ${decimal(price.micros)}`;

/** One charge the reference expects. */
interface Expected {
  botId: string;
  signatureAgent: string;
  path: string;
  currency: string;
  micros: bigint;
}

/** What one request must answer: status, `crawler-error`, and the charge it makes. */
interface Outcome {
  status: number | "not 402";
  error?: string;
  charge?: Expected;
}

interface Request {
  method: string;
  path: string;
  price: Record<string, string>;
  /** `false`: no signature; `"uncovered"`: one that does not cover the price header. */
  signed: boolean | "uncovered";
  times: number;
  outcome: Outcome;
}

const EXACT = "crawler-exact-price";
const MAX = "crawler-max-price";

/** The request a step sends and what it must answer: the reference of one step. */
function requestOf(s: Step): Request {
  const price = priceOf(s.payer, s.path);
  const payer = PAYERS[s.payer] as (typeof PAYERS)[number];
  const charge: Expected = {
    botId: payer.botId,
    signatureAgent: payer.origin,
    path: s.path,
    currency: price.currency,
    micros: price.micros,
  };
  const paid = { method: "GET", path: s.path, signed: true, times: 1 } as const;
  const refused = (status: number, error: string) => ({ status, error });
  switch (s.kind) {
    case "exact":
      return { ...paid, price: { [EXACT]: offer(price) }, outcome: { status: 200, charge } };
    case "max": {
      const max = offer({ ...price, micros: price.micros + BigInt(s.extra) });
      return { ...paid, price: { [MAX]: max }, outcome: { status: 200, charge } };
    }
    case "retried":
      // The same signed request twice (no nonce): served twice, charged once.
      return {
        ...paid,
        price: { [EXACT]: offer(price) },
        times: 2,
        outcome: { status: 200, charge },
      };
    case "head":
      return {
        ...paid,
        method: "HEAD",
        price: { [EXACT]: offer(price) },
        outcome: { status: 200 },
      };
    case "unsigned":
      return { ...paid, signed: false, price: {}, outcome: { status: 402 } };
    case "missing":
      return { ...paid, price: {}, outcome: refused(402, "MissingCrawlerPrice") };
    case "wrong-exact": {
      const wrong = offer({ ...price, micros: price.micros + 1n });
      return {
        ...paid,
        price: { [EXACT]: wrong },
        outcome: refused(402, "InvalidCrawlerExactPrice"),
      };
    }
    case "low-max": {
      const low = offer({ ...price, micros: price.micros - 1n });
      return { ...paid, price: { [MAX]: low }, outcome: refused(402, "InvalidCrawlerMaxPrice") };
    }
    case "foreign": {
      const other = offer({ ...price, currency: price.currency === "USD" ? "EUR" : "USD" });
      return { ...paid, price: { [MAX]: other }, outcome: refused(402, "InvalidCrawlerMaxPrice") };
    }
    case "malformed":
      return {
        ...paid,
        price: { [EXACT]: `${price.currency} 1e-2` },
        outcome: refused(400, "InvalidCrawlerPriceValue"),
      };
    case "both":
      return {
        ...paid,
        price: { [EXACT]: offer(price), [MAX]: offer(price) },
        outcome: refused(400, "ConflictingPriceHeaders"),
      };
    case "unsigned-offer":
      return {
        ...paid,
        signed: false,
        price: { [EXACT]: offer(price) },
        outcome: refused(400, "StrongAuthRequired"),
      };
    case "uncovered":
      return {
        ...paid,
        signed: "uncovered",
        price: { [EXACT]: offer(price) },
        outcome: refused(400, "InvalidSignature"),
      };
    case "free":
      return {
        ...paid,
        path: s.free,
        price: { [EXACT]: offer(price) },
        outcome: { status: "not 402" },
      };
    case "failing":
      return {
        ...paid,
        path: s.failing,
        price: { [MAX]: offer({ ...price, micros: price.micros + BigInt(s.extra) }) },
        outcome: { status: FAILING[s.failing] },
      };
  }
}

/** The ledger as every reader shows it: rows, totals per payer and currency, the export's. */
interface LedgerViews {
  rows: string[];
  totals: string[];
  exportRows: string[];
  exportTotals: string[];
  csvRows: string[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The views the reference charges must produce. */
function expectedViews(charges: readonly Expected[]): LedgerViews {
  const rows = charges.map(
    (c) => `${c.botId} ${c.signatureAgent} ${c.path} ${c.currency} ${c.micros}`,
  );
  const groups = new Map<string, { charged: number; micros: bigint }>();
  const currencies = new Map<string, { charged: number; micros: bigint }>();
  for (const c of charges) {
    for (const [map, key] of [
      [groups, `${c.botId} ${c.signatureAgent} ${c.currency}`],
      [currencies, c.currency],
    ] as const) {
      const sum = map.get(key) ?? { charged: 0, micros: 0n };
      map.set(key, { charged: sum.charged + 1, micros: sum.micros + c.micros });
    }
  }
  const grouped = [...groups].sort(([a], [b]) => byText(a, b));
  return {
    rows: rows.sort(byText),
    totals: grouped.map(([key, sum]) => `${key} ${sum.charged} ${sum.micros}`),
    exportRows: grouped.map(([key, sum]) => `${key} ${sum.charged} ${decimal(sum.micros)}`),
    exportTotals: [...currencies]
      .sort(([a], [b]) => byText(a, b))
      .map(([currency, sum]) => `${currency} ${sum.charged} ${decimal(sum.micros)}`),
    csvRows: grouped.map(([key, sum]) => `${key} ${sum.charged} ${decimal(sum.micros)}`),
  };
}

/** POST export-crawler-charges as the domain's owner. */
async function exportCharges(w: EdgeWorld, format: "json" | "csv"): Promise<string> {
  const response = await w.crawlgate.api.handle({
    method: "POST",
    path: "/functions/v1/export-crawler-charges",
    query: {},
    headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
    body: new TextEncoder().encode(
      JSON.stringify({ domainId: w.domainId, period: "7d", groupBy: "payer", format }),
    ),
  });
  const text =
    typeof response.body === "string"
      ? response.body
      : new TextDecoder().decode(response.body ?? new Uint8Array());
  expect(response.status, text).toBe(200);
  return text;
}

/** The views as the stores and the API show them now. */
async function observedViews(w: EdgeWorld): Promise<LedgerViews> {
  const ledger = await ledgerOf(w);
  const totals = await w.stores.charges.chargeTotals(
    w.domainId,
    "2026-11-14",
    "2026-11-20",
    "payer",
  );
  const json = JSON.parse(await exportCharges(w, "json")) as {
    rows: {
      payer: { botId: string; signatureAgent: string };
      charged: number;
      amount: string;
      currency: string;
    }[];
    totals: { currency: string; charged: number; amount: string }[];
  };
  const [header, ...csv] = parseCsv(await exportCharges(w, "csv"));
  expect(header).toEqual([
    "day",
    "path",
    "botId",
    "signatureAgent",
    "currency",
    "charged",
    "amount",
  ]);
  return {
    rows: ledger
      .map((r) => `${r.botId} ${r.signatureAgent} ${r.path} ${r.currency} ${r.amountMicros}`)
      .sort(byText),
    totals: totals.map(
      (t) => `${t.botId} ${t.signatureAgent} ${t.currency} ${t.charged} ${t.amountMicros}`,
    ),
    exportRows: json.rows.map(
      (r) => `${r.payer.botId} ${r.payer.signatureAgent} ${r.currency} ${r.charged} ${r.amount}`,
    ),
    exportTotals: json.totals.map((t) => `${t.currency} ${t.charged} ${t.amount}`),
    csvRows: csv
      .filter((cells) => cells.length > 1)
      .map(([, , bot, agent, currency, charged, amount]) =>
        [bot, agent, currency, charged, amount].join(" "),
      ),
  };
}

/** Every row is a `crawler-price` charge with its receipt, one per event id. */
function expectWellFormed(rows: ChargeRow[], domainId: string): void {
  for (const row of rows) {
    expect(row.domainId).toBe(domainId);
    expect(row.eventId).toMatch(/^pc_[0-9a-f]{64}$/);
    expect(row.protocol).toBe("crawler-price");
    expect(row.receipt).toBe(offer({ currency: row.currency, micros: BigInt(row.amountMicros) }));
  }
  expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);
}

interface LedgerWorld extends EdgeWorld {
  agents: TestAgent[];
}

/** Sends one planned request (`times` times) and checks its answer; its expected charge. */
async function sendStep(w: LedgerWorld, s: Step, label: string): Promise<Expected | undefined> {
  const request = requestOf(s);
  const agent = w.agents[s.payer] as TestAgent;
  // Ed25519 is deterministic: two requests alike to the second are one event. Each carries a
  // fresh nonce, but the retried one (no nonce), signed a second later than any before it.
  const retried = request.times > 1;
  if (retried) w.clock.advance(1000);
  const headers =
    request.signed === false
      ? { "user-agent": GOOGLEBOT, ...request.price }
      : await signPaid(w.clock, agent, request.path, request.price, {
          ...(retried ? { nonce: null } : {}),
          ...(request.signed === "uncovered"
            ? { components: ['"@authority"', '"signature-agent";key="agent1"'] }
            : {}),
        });
  const { outcome } = request;
  for (let i = 0; i < request.times; i++) {
    const reply: EdgeReply = await w.send({ method: request.method, path: request.path, headers });
    const at = `${label}: ${request.method} ${request.path} ${JSON.stringify(request.price)}`;
    if (outcome.status === "not 402") expect(reply.status, at).not.toBe(402);
    else expect(reply.status, `${at} ${reply.body}`).toBe(outcome.status);
    expect(reply.headers["crawler-error"], at).toBe(outcome.error);
    const receipt = outcome.charge ? offer(outcome.charge) : undefined;
    expect(reply.headers["crawler-charged"], at).toBe(receipt);
  }
  return outcome.charge;
}

/**
 * The ledger equals a reference of the requests a test sent, through `bridge`, on the stores of
 * `makeDeps` (memory, SQLite, PostgreSQL); `seeds` are the generated mixes (one test each).
 */
export function paidLedgerEdgeSuite(
  name: string,
  makeDeps: DepsFactory,
  makePorts: () => SignaturePorts,
  bridge: EdgeBridgeFactory,
  seeds: readonly number[] = [20261120],
): void {
  describe(`the charge ledger against a reference, through the edge: ${name}`, () => {
    const world = useHarness<LedgerWorld>(async (): Promise<Harness<LedgerWorld>> => {
      const agents = await Promise.all(PAYERS.map((p) => createTestAgent(p.origin)));
      const { deps, teardown } = await makeDeps();
      const base = await createEdgeWorld(() => deps, bridge, {
        webBotAuth: { ...makePorts(), fetch: directoryHost(agents).fetch },
      });
      return {
        ...base,
        agents,
        teardown: async () => {
          await base.teardown?.();
          await teardown?.();
        },
      };
    });

    for (const seed of seeds) {
      it(`a generated mix of requests (seed ${seed}): ledger, totals and export equal the reference`, async () => {
        const w = world();
        await putPolicy(w, POLICY);
        const charges: Expected[] = [];
        for (const [i, s] of ledgerPlan(seed).entries()) {
          const charge = await sendStep(w, s, `seed ${seed} step ${i} ${s.kind}`);
          if (charge) charges.push(charge);
        }
        const want = expectedViews(charges);
        expect(await observedViews(w)).toEqual(want);
        expectWellFormed(await ledgerOf(w), w.domainId);

        // The comparison can fail: a double-charged event and a charged 500 break every view.
        const [first] = await ledgerOf(w);
        if (!first) throw new Error("the mix charged nothing");
        const ts = w.clock.now();
        await w.stores.charges.recordCharge({ ...first, eventId: `pc_${"0".repeat(64)}`, ts });
        await w.stores.charges.recordCharge({
          ...first,
          eventId: `pc_${"1".repeat(64)}`,
          path: "/broken",
          ts,
        });
        const broken = await observedViews(w);
        for (const view of Object.keys(want) as (keyof LedgerViews)[]) {
          expect(broken[view], view).not.toEqual(want[view]);
        }
      }, 120_000);
    }
  });
}
