import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import type { CrawlgateDeps } from "@crawlgate/core";
import {
  createWebBotAuthVerifier,
  DIRECTORY_MEDIA_TYPE,
  generateWebBotAuthKey,
  signWebBotAuth,
  type WebBotAuthKey,
} from "@crawlgate/core/adapter-kit";
import { loadAverage, type MeasureOptions, type ResultRow } from "./measure.js";

/**
 * Web Bot Auth for the benches: a signed agent whose key directory is served from memory (no
 * network: the directory is cached after the first request anyway), on a trusted origin, and
 * the core verifier's own rate: verifications per second of one signed request (no nonce, so
 * every call verifies the Ed25519 signature again) with the directory cached in the process.
 */

/** The bench agent's origin: a trusted origin nothing listens on (its directory is in memory). */
export const SIGNED_AGENT_ORIGIN = "http://127.0.0.1:9";

export interface BenchAgent {
  key: WebBotAuthKey;
  /** The edge's Web Bot Auth deps with this agent's directory (memory ports). */
  deps(): NonNullable<CrawlgateDeps["webBotAuth"]>;
  /** The three signature headers of a GET of `path` on `host`, valid for an hour, no nonce. */
  sign(host: string, path: string): Promise<Record<string, string>>;
}

export async function createBenchAgent(): Promise<BenchAgent> {
  const key = await generateWebBotAuthKey();
  const directory = JSON.stringify({ keys: [key.jwk] });
  const trustedFetch = async () =>
    new Response(directory, {
      status: 200,
      headers: { "content-type": DIRECTORY_MEDIA_TYPE, "cache-control": "max-age=86400" },
    });
  return {
    key,
    deps: () => ({
      fetch: async () => {
        throw new Error("the bench fetches no public directory");
      },
      trustedFetch,
      trustedOrigins: [SIGNED_AGENT_ORIGIN],
      directories: createMemoryKeyDirectoryCache(),
      nonces: createMemoryNonceStore(),
    }),
    sign(host, path) {
      const created = Math.floor(Date.now() / 1000) - 1;
      return signWebBotAuth({ method: "GET", host, url: path }, key, {
        agent: SIGNED_AGENT_ORIGIN,
        created,
        expires: created + 3600,
      });
    },
  };
}

export interface SignatureBench {
  /** Verifications per second, one at a time (each awaited before the next). */
  sequentialPerSecond: number;
  /** µs per verification, one at a time. */
  sequentialUs: number;
  /** Verifications per second with `inFlight` of them awaited together. */
  concurrentPerSecond: number;
  inFlight: number;
  loadAverage: number[];
  rows: ResultRow[];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The core verifier's rate on one signed request, its directory cached. */
export async function signatureMicroBench(options: MeasureOptions): Promise<SignatureBench> {
  const agent = await createBenchAgent();
  const verifier = createWebBotAuthVerifier(agent.deps());
  const host = "shop.example.com";
  const headers = await agent.sign(host, "/products/42");
  const request = { method: "GET", host, url: "/products/42", headers };
  const check = await verifier.verifyRequestSignature(request);
  if (check?.outcome !== "verified") throw new Error(`bench signature: ${check?.outcome}`);
  const IN_FLIGHT = 32;
  /** Verifications per second over `ms`, `batch` awaited together. */
  const rate = async (ms: number, batch: number) => {
    const start = performance.now();
    let ops = 0;
    while (performance.now() - start < ms) {
      const round = Array.from({ length: batch }, () => verifier.verifyRequestSignature(request));
      for (const outcome of await Promise.all(round))
        if (outcome?.outcome !== "verified") throw new Error("a bench verification failed");
      ops += batch;
    }
    return (ops * 1000) / (performance.now() - start);
  };
  const measure = async (batch: number) => {
    await rate(options.warmupMs, batch);
    const samples: number[] = [];
    for (let s = 0; s < options.samples; s++) samples.push(await rate(options.sampleMs, batch));
    return median(samples);
  };
  const sequential = await measure(1);
  const concurrent = await measure(IN_FLIGHT);
  const row = (c: string, perSecond: number): ResultRow => ({
    suite: "edge",
    case: c,
    impl: "crawlgate",
    nsPerOp: Math.round(1e9 / perSecond),
  });
  return {
    sequentialPerSecond: Math.round(sequential),
    sequentialUs: Math.round(1e8 / sequential) / 100,
    concurrentPerSecond: Math.round(concurrent),
    inFlight: IN_FLIGHT,
    loadAverage: loadAverage(),
    rows: [
      row("web-bot-auth-verify", sequential),
      row(`web-bot-auth-verify-x${IN_FLIGHT}`, concurrent),
    ],
  };
}
