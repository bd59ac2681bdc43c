import { createMemoryStores } from "@crawlgate/adapter-memory";
import { type Crawlgate, createCrawlgate, silentLogger } from "@crawlgate/core";
import { createEdgeHandler, createFetchHandler } from "@crawlgate/http-fetch";
import { createPinnedProxy, fetchProxyResponder } from "@crawlgate/proxy-node";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type RunningServer } from "../../src/server.js";
import {
  type FuzzRequest,
  type FuzzWorld,
  framingProblem,
  fuzzRequest,
  responseProblem,
} from "./fuzz-requests.js";
import { rawExchange } from "./raw-http.js";

/**
 * The fuzz suite (issue 16): hostile requests through the fetch bridges in-process and through
 * `serve` over real sockets (raw `net`, so request lines no client would send get through).
 * Every answer must be below 500 (but the edge's 502 from the table), JSON with a string `error`
 * from the error table (or an edge redirect or success), never `text/plain`, and free of stack
 * traces and file paths. Over sockets, request lines claim HTTP/1.1, 1.0, 0.9, 2.0 or 1.2, with
 * or without `Connection`: every answer is framed, and an early refusal carries `Content-Length`
 * and closes the connection. The server must still answer a normal request afterwards. Seeded:
 * the seed is printed, `CRAWLGATE_FUZZ_SEED=<seed>` replays.
 */

const SEED = Number(process.env.CRAWLGATE_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz seed ${SEED} (replay with CRAWLGATE_FUZZ_SEED=${SEED})`);

const IN_PROCESS_BATCHES = 1_000;
const SOCKET_BATCHES = 560;
const BATCH = 16;
/** Requests generated per run, over both parts (asserted at the end). */
const MIN_REQUESTS = 20_000;
let sent = 0;
/** Answers by status, printed at the end (to see what the run reached). */
const statuses = new Map<number, number>();
const seen = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

/** A clock that moves 2 s a reading, so the per-minute limit resets as the fuzz goes. */
function steppingClock() {
  let t = Date.parse("2026-06-15T12:00:00Z");
  return {
    now: () => {
      t += 2_000;
      return new Date(t);
    },
  };
}

async function buildWorld(options: { ownerKey: boolean; proxyRule: boolean }) {
  const crawlgate = createCrawlgate({
    ...createMemoryStores(),
    clock: steppingClock(),
    logger: silentLogger,
  });
  const must = <T>(r: { ok: true; value: T } | { ok: false; message: string }): T => {
    if (!r.ok) throw new Error(r.message);
    return r.value;
  };
  const owner = must(await crawlgate.admin.createUser("owner", "enterprise"));
  const viewer = must(await crawlgate.admin.createUser("viewer", "enterprise"));
  const starter = must(await crawlgate.admin.createUser("starter", "starter"));
  const domain = must(await crawlgate.admin.addDomain(owner.userId, "site.example.com"));
  must(await crawlgate.admin.shareDomain(domain.domainId, viewer.userId, "viewer"));
  const ownerKey = must(await crawlgate.admin.createKey(owner.userId)).key;
  const api = createFetchHandler(crawlgate);
  const rules = [
    { sourcePath: "/go/*", targetUrl: "/*" },
    { sourcePath: "/old/:slug", targetUrl: "/new/:slug", redirectCode: 302 },
    { sourcePath: "/abs/:p*", targetUrl: "https://www.example.org/:p*" },
    { sourcePath: "/q?x=1", targetUrl: "/q2" },
    ...(options.proxyRule
      ? [{ sourcePath: "/docs/:p*", targetUrl: "https://docs.example.org/:p*", ruleType: "proxy" }]
      : []),
  ];
  let ruleId = "";
  for (const rule of rules) {
    const res = await api(
      new Request(`http://api.test/functions/v1/domains/${domain.domainId}/routing-rules`, {
        method: "POST",
        headers: { authorization: `Bearer ${ownerKey}`, "content-type": "application/json" },
        body: JSON.stringify(rule),
      }),
    );
    const json = (await res.json()) as { rule?: { ruleId: string } };
    if (res.status !== 201) throw new Error(`rule not created: ${JSON.stringify(json)}`);
    ruleId = json.rule?.ruleId ?? ruleId;
  }
  const keys = [
    must(await crawlgate.admin.createKey(viewer.userId)).key,
    must(await crawlgate.admin.createKey(starter.userId)).key,
    ...(options.ownerKey ? [ownerKey] : []),
  ];
  const world: FuzzWorld = { domainId: domain.domainId, ruleId, keys };
  return { crawlgate, world };
}

const property = (world: FuzzWorld, check: (batch: FuzzRequest[]) => Promise<void>) =>
  fc.asyncProperty(fc.array(fuzzRequest(world), { minLength: BATCH, maxLength: BATCH }), check);

describe("fuzz: the fetch bridges in-process", () => {
  let crawlgate: Crawlgate;
  let world: FuzzWorld;
  beforeAll(async () => {
    ({ crawlgate, world } = await buildWorld({ ownerKey: true, proxyRule: true }));
  });

  it("answers every request below 500, as JSON from the error table, with nothing leaked", async () => {
    const api = createFetchHandler(crawlgate);
    let proxied = 0;
    const refusing = fetchProxyResponder(createPinnedProxy({ resolve: async () => ["10.0.0.1"] }), {
      logger: silentLogger,
    });
    const edge = createEdgeHandler(crawlgate, {
      next: async () =>
        new Response('{"error":"not_found"}', {
          status: 404,
          headers: { "content-type": "application/json" },
        }),
      // Every other proxied request through a pinned proxy that refuses: 502 from the table.
      proxy: async (upstream, request) =>
        proxied++ % 2
          ? refusing(upstream, request)
          : new Response("<p>proxied</p>", { headers: { "content-type": "text/html" } }),
    });
    const handle = (request: Request) =>
      new URL(request.url).pathname.startsWith("/functions/v1/") ? api(request) : edge(request);

    await fc.assert(
      property(world, async (batch) => {
        for (const r of batch) {
          const request = toRequest(r);
          if (!request) continue;
          sent++;
          const res = await handle(request);
          const body = await res.text();
          seen(res.status);
          const problem = responseProblem(
            r.method,
            res.status,
            res.headers.get("content-type") ?? "",
            body,
          );
          if (problem) throw new Error(`${r.method} ${r.target}: ${problem}`);
        }
      }),
      { seed: SEED, numRuns: IN_PROCESS_BATCHES, endOnFailure: true },
    );
  }, 90_000);
});

/** The request as a fetch `Request`, or `null` when the WHATWG classes refuse to build it. */
function toRequest(r: FuzzRequest): Request | null {
  const url = r.target.startsWith("/") ? `https://site.example.com${r.target}` : r.target;
  const bodyless = r.method === "GET" || r.method === "HEAD";
  try {
    return new Request(url, {
      method: r.method,
      headers: [...r.headers, ["host", "site.example.com"]],
      ...(r.body && !bodyless ? { body: r.body } : {}),
    });
  } catch {
    return null;
  }
}

describe("fuzz: serve over real sockets", () => {
  let running: RunningServer;
  let world: FuzzWorld;
  let port = 0;
  beforeAll(async () => {
    // No owner key here: no request can write a proxy rule that would make serve resolve names.
    const built = await buildWorld({ ownerKey: false, proxyRule: false });
    world = built.world;
    running = await listen(built.crawlgate, { port: 0, host: "127.0.0.1", logger: silentLogger });
    port = Number(new URL(running.baseUrl).port);
  });
  afterAll(() => running?.close());

  it("answers every raw request below 500, as JSON from the error table, framed, and stays up", async () => {
    await fc.assert(
      property(world, async (batch) => {
        await Promise.all(
          batch.map(async (r) => {
            sent++;
            const exchange = await rawExchange(port, toWire(r));
            const res = exchange.response;
            if (!res) throw new Error(`${r.method} ${r.target}: no response`);
            seen(res.status);
            const problem =
              responseProblem(r.method, res.status, res.headers["content-type"] ?? "", res.body) ??
              framingProblem(r, exchange);
            if (problem)
              throw new Error(
                `${JSON.stringify(r.method)} ${JSON.stringify(r.target)} ${r.version} ` +
                  `(Connection: ${r.connection}): ${problem}`,
              );
          }),
        );
      }),
      { seed: SEED, numRuns: SOCKET_BATCHES, endOnFailure: true },
    );
    // Still serving: a normal request gets its normal answer.
    const after = await fetch(`${running.baseUrl}/functions/v1/list-user-domains`, {
      method: "POST",
      headers: { authorization: `Bearer ${world.keys[0]}` },
    });
    expect(after.status).toBe(200);
    console.log(`fuzz: ${sent} requests`, Object.fromEntries([...statuses].sort()));
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  }, 90_000);
});

/** The request as bytes on the wire: chars of the target are bytes (latin1). */
function toWire(r: FuzzRequest): Buffer {
  const head = [`${r.method} ${r.target} ${r.version}`, "Host: site.example.com"];
  for (const [name, value] of r.headers) head.push(`${name}: ${value}`);
  if (r.body) head.push(`Content-Length: ${r.body.length}`);
  if (r.connection) head.push(`Connection: ${r.connection}`);
  head.push("", "");
  return Buffer.concat([Buffer.from(head.join("\r\n"), "latin1"), r.body ?? Buffer.alloc(0)]);
}
