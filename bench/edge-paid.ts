import { chargeEventId, judgeCharge, pendingCharge } from "@crawlgate/core/adapter-kit";
import { loadAverage, type MeasureOptions, nsPerOp, type ResultRow } from "./measure.js";

/**
 * What a paid request (pay per crawl) adds at the edge beside an allowed one, signature
 * verification excluded (it runs for every signed request, paid or not): on the answer's path,
 * reading the price header and the verified label's coverage (`judgeCharge`) and settling the
 * answer and its charge (`pendingCharge`); off it, once the charge is due, the event id
 * (SHA-256 of the signature and the request line, through Web Crypto).
 * Requests: distinct signed requests with `crawler-exact-price` or `crawler-max-price` covered
 * by a Web Bot Auth label, as a crawler sends them.
 */

const PRICE = { currency: "USD", micros: 10_000 };

interface PaidRequest {
  method: string;
  host: string;
  url: string;
  headers: Record<string, string>;
}

function paidRequests(n: number): PaidRequest[] {
  return Array.from({ length: n }, (_, i) => {
    const header = i % 2 === 0 ? "crawler-exact-price" : "crawler-max-price";
    const signature = Buffer.alloc(64, i % 251).toString("base64");
    return {
      method: "GET",
      host: "shop.example.com",
      url: `/articles/${i}?page=${i % 7}`,
      headers: {
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
        [header]: i % 2 === 0 ? "USD 0.01" : "USD 0.05",
        "signature-agent": 'agent1="https://chatgpt.com"',
        "signature-input": `sig1=("@authority" "@path" "signature-agent";key="agent1" "${header}");created=1764230400;expires=1764230460;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";nonce="n${i}";tag="web-bot-auth"`,
        signature: `sig1=:${signature}:`,
      },
    };
  });
}

const signedAgent = {
  outcome: {
    outcome: "verified" as const,
    label: "sig1",
    keyid: "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U",
    agent: "https://chatgpt.com",
    directoryUrl: "https://chatgpt.com/.well-known/http-message-signatures-directory",
    labels: [],
  },
  verifiedAgent: "https://chatgpt.com",
  bot: { botId: "chatgpt-agent" },
};

const refusalAnswer = () => ({ status: 402, headers: {}, body: new Uint8Array(0) });

export interface PaidBench {
  /** ns per paid request on the answer's path: price header, coverage, settlement. */
  protocolNs: number;
  /** ns per charge, off the answer's path: the event id's SHA-256 (Web Crypto, awaited). */
  eventIdNs: number;
  /** What a paid answer waits for beside an allowed one (`protocolNs`). */
  paidNs: number;
  loadAverage: number[];
  rows: ResultRow[];
}

export async function paidMicroBench(options: MeasureOptions): Promise<PaidBench> {
  const requests = paidRequests(2000);
  let charged = 0;
  const protocolNs = nsPerOp(
    () => requests,
    (request) => {
      const judged = judgeCharge(PRICE, request.headers, signedAgent, false);
      if (judged.kind !== "accepted") throw new Error(`not accepted: ${judged.kind}`);
      const pending = pendingCharge({
        offer: judged.offer,
        rulePrice: PRICE,
        inBand: false,
        payer: judged.payer,
        refusalAnswer,
        charge: () => {
          charged++;
        },
      });
      const settled = pending.settle(200, null);
      pending.sent(200);
      return settled;
    },
    options,
  );
  if (charged === 0) throw new Error("nothing charged");
  // The event id awaits Web Crypto: timed as a sequence of awaits over the same requests.
  const signed = requests.slice(0, 200).map((request) => {
    const judged = judgeCharge(PRICE, request.headers, signedAgent, false);
    if (judged.kind !== "accepted") throw new Error("not accepted");
    return [request, judged.signature] as const;
  });
  const hashRound = async (ms: number) => {
    const deadline = performance.now() + ms;
    const start = performance.now();
    let ops = 0;
    while (performance.now() < deadline) {
      for (const [request, signature] of signed) await chargeEventId(request, signature);
      ops += 200;
    }
    return ((performance.now() - start) * 1e6) / ops;
  };
  await hashRound(options.warmupMs);
  const samples: number[] = [];
  for (let s = 0; s < options.samples; s++) samples.push(await hashRound(options.sampleMs));
  samples.sort((a, b) => a - b);
  const eventIdNs = samples[Math.floor(samples.length / 2)] as number;
  const paidNs = protocolNs;
  const row = (c: string, ns: number): ResultRow => ({
    suite: "edge",
    case: c,
    impl: "crawlgate",
    nsPerOp: Math.round(ns),
  });
  return {
    protocolNs: Math.round(protocolNs),
    eventIdNs: Math.round(eventIdNs),
    paidNs: Math.round(paidNs),
    loadAverage: loadAverage(),
    rows: [row("paid-request-protocol", protocolNs), row("paid-request-event-id", eventIdNs)],
  };
}
