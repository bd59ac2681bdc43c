import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import { beforeAll, describe, expect, it } from "vitest";
import type { FetchLike } from "../../ports/index.js";
import {
  createTestAgent,
  directoryHost,
  directoryJson,
  type TestAgent,
} from "../../testing/index.js";
import { DIRECTORY_MEDIA_TYPE } from "./directory-fetch.js";
import type { SignedRequest } from "./signed-request.js";
import { createWebBotAuthVerifier, type WebBotAuthVerifierOptions } from "./verifier.js";

const START = Date.UTC(2026, 10, 27, 12, 0, 0);
const ORIGIN = "https://agent.example.com";
const DIRECTORY = `${ORIGIN}/.well-known/http-message-signatures-directory`;
const MINUTE = 60_000;
const request: SignedRequest = { method: "GET", host: "shop.example.org", url: "/", headers: {} };
const json = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status: 200,
    headers: { "content-type": DIRECTORY_MEDIA_TYPE, ...headers },
  });

let agent: TestAgent;
beforeAll(async () => {
  agent = await createTestAgent(ORIGIN);
});

function setup(overrides: Partial<WebBotAuthVerifierOptions> = {}) {
  const clock = { t: START };
  const host = directoryHost([agent]);
  const verifier = createWebBotAuthVerifier({
    fetch: host.fetch,
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
    now: () => clock.t,
    ...overrides,
  });
  const signedNow = (by = agent) => {
    const s = Math.floor(clock.t / 1000);
    return by.sign(request, { created: s - 1, expires: s + 59 });
  };
  const outcome = async (by = agent) => verifier.verifyRequestSignature(await signedNow(by));
  const fetches = () => host.calls.get(DIRECTORY) ?? 0;
  /** Lets a background refresh finish. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { clock, host, verifier, outcome, fetches, settle };
}

describe("key directory fetch", () => {
  const refusals: [string, () => Response | Promise<Response>][] = [
    [
      "a redirect (never followed)",
      () => new Response(null, { status: 302, headers: { location: `${ORIGIN}/keys` } }),
    ],
    ["a 404", () => new Response("nope", { status: 404 })],
    ["a 204", () => new Response(null, { status: 204 })],
    [
      "an HTML body",
      () =>
        new Response("<html></html>", { status: 200, headers: { "content-type": "text/html" } }),
    ],
    ["a JSON type with a non-JSON body", () => json("{ not json")],
    ["a JSON body that is not a key directory", () => json('{"items":[]}')],
    [
      "an oversized body (declared)",
      () => json(directoryJson([agent]), { "content-length": String(10 * 1024 * 1024) }),
    ],
    ["an oversized body (streamed)", () => json(`{"keys":[],"pad":"${"x".repeat(70 * 1024)}"}`)],
    [
      "more keys than the cap",
      () => json(JSON.stringify({ keys: Array.from({ length: 33 }, () => agent.jwk) })),
    ],
  ];
  for (const [name, reply] of refusals) {
    it(`refuses ${name}: unverified (directory_unavailable), fetched once`, async () => {
      const { host, outcome, fetches } = setup();
      host.reply(DIRECTORY, reply);
      expect(await outcome()).toMatchObject({
        outcome: "unverified",
        reason: "directory_unavailable",
      });
      expect(fetches()).toBe(1);
      expect(host.calls.size).toBe(1);
    });
  }

  it("gives up after the timeout", async () => {
    const hang: FetchLike = (_url, init) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    const { outcome } = setup({ fetch: hang, directory: { limits: { timeoutMs: 30 } } });
    const started = Date.now();
    expect(await outcome()).toMatchObject({
      outcome: "unverified",
      reason: "directory_unavailable",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("asks with the directory media type, GET, redirect manual", async () => {
    const seen: Parameters<FetchLike>[1][] = [];
    const host = directoryHost([agent]);
    const { outcome } = setup({
      fetch: (url, init) => {
        seen.push(init);
        return host.fetch(url, init);
      },
    });
    expect((await outcome())?.outcome).toBe("verified");
    expect(seen[0]).toMatchObject({ method: "GET", redirect: "manual" });
    expect(seen[0]?.headers?.accept).toContain(DIRECTORY_MEDIA_TYPE);
  });

  it("coalesces concurrent loads of one directory into one fetch", async () => {
    const { host, verifier, fetches } = setup();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    host.reply(DIRECTORY, async () => {
      await gate;
      return json(directoryJson([agent]), { "cache-control": "max-age=600" });
    });
    const signed = await Promise.all(
      Array.from({ length: 10 }, () =>
        agent.sign(request, { created: START / 1000, expires: START / 1000 + 60, nonce: null }),
      ),
    );
    const pending = signed.map((r) => verifier.verifyRequestSignature(r));
    release();
    const outcomes = await Promise.all(pending);
    expect(outcomes.map((o) => o?.outcome)).toEqual(Array(10).fill("verified"));
    expect(fetches()).toBe(1);
  });
});

describe("key directory load limits", () => {
  it("beyond the concurrent loads allowed, another directory is unverified (directory_busy), not queued", async () => {
    const second = await createTestAgent("https://second-agent.example.com");
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const host = directoryHost([agent, second]);
    const { verifier } = setup({
      fetch: async (url, init) => {
        await gate;
        return host.fetch(url, init);
      },
      directory: { maxConcurrentFetches: 1 },
    });
    const s = START / 1000;
    const first = verifier.verifyRequestSignature(
      await agent.sign(request, { created: s, expires: s + 60 }),
    );
    expect(
      await verifier.verifyRequestSignature(
        await second.sign(request, { created: s, expires: s + 60 }),
      ),
    ).toMatchObject({ outcome: "unverified", reason: "directory_busy" });
    release();
    expect((await first)?.outcome).toBe("verified");
    expect(
      (
        await verifier.verifyRequestSignature(
          await second.sign(request, { created: s, expires: s + 60 }),
        )
      )?.outcome,
    ).toBe("verified");
  });
});

describe("key directory cache", () => {
  it("uses a fetched directory until its max-age, then refreshes it in the background", async () => {
    const { clock, host, outcome, fetches, settle } = setup();
    host.reply(DIRECTORY, () =>
      json(directoryJson([agent]), { "cache-control": "public, max-age=900" }),
    );
    expect((await outcome())?.outcome).toBe("verified");
    clock.t += 14 * MINUTE;
    expect((await outcome())?.outcome).toBe("verified");
    expect(fetches()).toBe(1);
    clock.t += 2 * MINUTE;
    expect((await outcome())?.outcome).toBe("verified");
    await settle();
    expect(fetches()).toBe(2);
  });

  it("bounds max-age: below 5 min counts as 5 min, above 24 h as 24 h; no-cache as 5 min", async () => {
    for (const [cacheControl, ageMs, refetched] of [
      ["max-age=1", 4 * MINUTE, false],
      ["max-age=1", 6 * MINUTE, true],
      ["no-cache", 6 * MINUTE, true],
      ["max-age=31536000", 23 * 60 * MINUTE, false],
      ["max-age=31536000", 25 * 60 * MINUTE, true],
    ] as const) {
      const { clock, host, outcome, fetches, settle } = setup();
      host.reply(DIRECTORY, () => json(directoryJson([agent]), { "cache-control": cacheControl }));
      await outcome();
      clock.t += ageMs;
      await outcome();
      await settle();
      expect([cacheControl, ageMs, fetches()]).toEqual([cacheControl, ageMs, refetched ? 2 : 1]);
    }
  });

  it("remembers a failure for 2 min (negative cache), then tries again", async () => {
    const { clock, host, outcome, fetches } = setup();
    host.reply(DIRECTORY, () => new Response("busy", { status: 503 }));
    expect((await outcome())?.outcome).toBe("unverified");
    clock.t += MINUTE;
    expect((await outcome())?.outcome).toBe("unverified");
    expect(fetches()).toBe(1);
    host.reply(DIRECTORY, null);
    clock.t += MINUTE + 1;
    expect((await outcome())?.outcome).toBe("verified");
    expect(fetches()).toBe(2);
  });

  it("a failed refresh keeps the keys it had; a successful one that drops a key revokes it", async () => {
    const { clock, host, outcome, fetches, settle } = setup();
    expect((await outcome())?.outcome).toBe("verified");
    host.reply(DIRECTORY, () => new Response("outage", { status: 500 }));
    clock.t += 2 * 60 * MINUTE;
    expect((await outcome())?.outcome).toBe("verified");
    await settle();
    expect(fetches()).toBe(2);
    clock.t += 3 * MINUTE;
    expect((await outcome())?.outcome).toBe("verified");
    await settle();
    expect(fetches()).toBe(3);
    const rotated = await createTestAgent(ORIGIN);
    host.reply(DIRECTORY, () => json(directoryJson([rotated])));
    clock.t += 3 * MINUTE;
    await outcome();
    await settle();
    expect(await outcome()).toMatchObject({ outcome: "unverified", reason: "key_unknown" });
    expect((await outcome(rotated))?.outcome).toBe("verified");
  });

  it("an unknown keyid refetches the directory at most once a minute (key rotation)", async () => {
    const { clock, host, outcome, fetches } = setup();
    expect((await outcome())?.outcome).toBe("verified");
    const added = await createTestAgent(ORIGIN);
    host.reply(DIRECTORY, () => json(directoryJson([agent, added])));
    clock.t += 30_000;
    expect(await outcome(added)).toMatchObject({ reason: "key_unknown" });
    expect(fetches()).toBe(1);
    clock.t += 31_000;
    expect((await outcome(added))?.outcome).toBe("verified");
    expect(fetches()).toBe(2);
    expect(await outcome(await createTestAgent(ORIGIN))).toMatchObject({ reason: "key_unknown" });
    expect(fetches()).toBe(2);
  });

  it("honours a key's nbf and exp", async () => {
    const { clock, host, outcome } = setup();
    const s = START / 1000;
    host.reply(DIRECTORY, () =>
      json(JSON.stringify({ keys: [{ ...agent.jwk, nbf: s + 60, exp: s + 600 }] })),
    );
    expect(await outcome()).toMatchObject({ reason: "key_unknown" });
    clock.t += 2 * MINUTE;
    expect((await outcome())?.outcome).toBe("verified");
    clock.t += 9 * MINUTE;
    expect(await outcome()).toMatchObject({ reason: "key_unknown" });
  });

  it("two instances sharing the cache port fetch a directory once", async () => {
    const directories = createMemoryKeyDirectoryCache();
    const host = directoryHost([agent]);
    const make = () =>
      createWebBotAuthVerifier({
        fetch: host.fetch,
        directories,
        nonces: createMemoryNonceStore(),
        now: () => START,
      });
    const [a, b] = [make(), make()];
    const signed = () => agent.sign(request, { created: START / 1000, expires: START / 1000 + 60 });
    const outcomes = await Promise.all([
      a.verifyRequestSignature(await signed()),
      b.verifyRequestSignature(await signed()),
    ]);
    expect(outcomes.map((o) => o?.outcome)).toEqual(["verified", "verified"]);
    expect((await b.verifyRequestSignature(await signed()))?.outcome).toBe("verified");
    expect(host.calls.get(DIRECTORY)).toBe(1);
  });
});
