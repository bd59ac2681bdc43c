import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import fc from "fast-check";
import { type InnerList, type Item, serializeInnerList, Token } from "structured-headers";
import { beforeAll, describe, expect, it } from "vitest";
import type { FetchLike } from "../../ports/index.js";
import { createTestAgent, directoryJson, type TestAgent } from "../../testing/index.js";
import { DIRECTORY_MEDIA_TYPE } from "./directory-fetch.js";
import { innerListText } from "./serialize.js";
import { signatureBase } from "./signature-base.js";
import { parseSignatureLabels } from "./signature-input.js";
import type { SignedRequest } from "./signed-request.js";
import { createWebBotAuthVerifier } from "./verifier.js";

// ── the reference: a naive signature base, written from RFC 9421 §2 without core's code ─────

interface Generated {
  method: string;
  host: string;
  path: string;
  query: string | null;
  protocol: "http" | "https";
  headers: Record<string, string>;
  /** Dictionary header `dict-h`: member name → canonical serialized item. */
  dict: [string, string][];
}

function referenceValue(g: Generated, id: string): string {
  const url = new URL(`${g.protocol}://${g.host}${g.path}${g.query === null ? "" : `?${g.query}`}`);
  const target = `${g.path}${g.query === null ? "" : `?${g.query}`}`;
  const member = /^"dict-h";key="(.+)"$/.exec(id);
  if (member) return (g.dict.find(([k]) => k === member[1]) as [string, string])[1];
  switch (id) {
    case '"@method"':
      return g.method;
    case '"@authority"':
      return url.host;
    case '"@scheme"':
      return g.protocol;
    case '"@target-uri"':
      return `${g.protocol}://${url.host}${target}`;
    case '"@request-target"':
      return target;
    case '"@path"':
      return url.pathname;
    case '"@query"':
      return g.query === null ? "?" : `?${g.query}`;
    default:
      return (g.headers[id.slice(1, -1)] as string).trim();
  }
}

function referenceBase(g: Generated, ids: string[], params: string): string {
  const lines = ids.map((id) => `${id}: ${referenceValue(g, id)}`);
  return [...lines, `"@signature-params": (${ids.join(" ")})${params}`].join("\n");
}

const lower = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const generated: fc.Arbitrary<Generated> = fc.record({
  method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"),
  host: fc
    .tuple(
      fc.array(lower, { minLength: 1, maxLength: 3 }),
      fc.constantFrom("", ":443", ":80", ":8443"),
    )
    .map(([labels, port]) => `${labels.join(".")}.example${port}`),
  path: fc
    .array(fc.stringMatching(/^[a-zA-Z0-9_~-]{0,6}$/), { maxLength: 4 })
    .map((s) => `/${s.join("/")}`),
  query: fc.option(
    fc.stringMatching(/^[a-z0-9]{1,4}=[A-Za-z0-9%]{0,6}(&[a-z]{1,3}=[a-z0-9]{0,3}){0,2}$/),
    { nil: null },
  ),
  protocol: fc.constantFrom("http" as const, "https" as const),
  headers: fc.dictionary(
    fc.stringMatching(/^x-[a-z0-9-]{1,8}$/),
    fc.stringMatching(/^ ?[!-~]([ !-~]{0,20}[!-~])? ?$/),
    { maxKeys: 4 },
  ),
  dict: fc.uniqueArray(
    fc.tuple(
      lower,
      fc.oneof(
        fc.integer({ min: -999, max: 999 }).map(String),
        lower,
        fc.stringMatching(/^[a-zA-Z0-9 :/.]{0,12}$/).map((s) => `"${s}"`),
        lower.map((t) => `"https://${t}.example";type=directory`),
      ),
    ),
    { selector: ([k]) => k, minLength: 1, maxLength: 3 },
  ),
});

function requestOf(g: Generated, extra: Record<string, string> = {}): SignedRequest {
  const dict = g.dict.map(([k, v]) => `${k}=${v}`).join(",  ");
  return {
    method: g.method,
    host: g.host,
    url: `${g.path}${g.query === null ? "" : `?${g.query}`}`,
    protocol: g.protocol,
    headers: { ...g.headers, "dict-h": dict, ...extra },
  };
}

describe("signature base, property", () => {
  it("the base of any covered-component list equals the naive reference", () => {
    const withIds = generated.chain((g) => {
      const pool = [
        '"@method"',
        '"@authority"',
        '"@scheme"',
        '"@target-uri"',
        '"@request-target"',
        '"@path"',
        '"@query"',
        ...Object.keys(g.headers).map((h) => `"${h}"`),
        ...g.dict.map(([k]) => `"dict-h";key="${k}"`),
      ];
      return fc.tuple(
        fc.constant(g),
        fc.shuffledSubarray(pool, { minLength: 1 }),
        fc.record({ created: fc.nat(), keyid: lower, nonce: fc.option(lower, { nil: undefined }) }),
      );
    });
    fc.assert(
      fc.property(withIds, ([g, ids, p]) => {
        const params = `;created=${p.created};keyid="${p.keyid}"${p.nonce ? `;nonce="${p.nonce}"` : ""};tag="web-bot-auth"`;
        const [label] =
          parseSignatureLabels(`sig1=(${ids.join(" ")})${params}`, "sig1=:AA==:") ?? [];
        const base = signatureBase(
          requestOf(g),
          label?.components ?? [],
          label?.signatureParams ?? "",
        );
        expect(base).toEqual({ ok: true, base: referenceBase(g, ids, params) });
      }),
      { numRuns: 300 },
    );
  });
});

describe("structured field serialization, property", () => {
  it("the per-request serializer gives the library's canonical text for any inner list", () => {
    const bareItem = fc.oneof(
      fc.stringMatching(/^[ -~]{0,12}$/),
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.stringMatching(/^[a-zA-Z*][a-zA-Z0-9:/!#$%&'*+.^_`|~-]{0,8}$/).map((t) => new Token(t)),
      fc.boolean(),
      fc.integer({ min: -99999, max: 99999 }).map((n) => n / 1000),
      fc.uint8Array({ maxLength: 8 }).map((b) => b.buffer as ArrayBuffer),
    );
    const params = fc
      .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z*][a-z0-9_.*-]{0,6}$/), bareItem), {
        selector: ([k]) => k,
        maxLength: 4,
      })
      .map((entries) => new Map(entries));
    const item = fc.tuple(bareItem, params) as fc.Arbitrary<Item>;
    const list = fc.tuple(fc.array(item, { maxLength: 5 }), params) as fc.Arbitrary<InnerList>;
    fc.assert(
      fc.property(list, (l) => {
        expect(innerListText(l)).toBe(serializeInnerList(l));
      }),
      { numRuns: 500 },
    );
  });
});

// ── the verifier: reordering unrelated headers keeps it verified; one changed byte breaks it ──

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const S = NOW / 1000;
const ORIGIN = "https://agent.example.com";
let agent: TestAgent;
beforeAll(async () => {
  agent = await createTestAgent(ORIGIN);
});

/** Any directory URL lists the agent's key: a changed agent URL still finds a key to fail on. */
const anyDirectory: FetchLike = async () =>
  new Response(directoryJson([agent]), {
    status: 200,
    headers: { "content-type": DIRECTORY_MEDIA_TYPE },
  });
const verifier = () =>
  createWebBotAuthVerifier({
    fetch: anyDirectory,
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
    now: () => NOW,
  });
const COVERED = [
  '"@method"',
  '"@authority"',
  '"@path"',
  '"x-data"',
  '"signature-agent";key="agent1"',
];
const base: SignedRequest = {
  method: "GET",
  host: "shop.example.org",
  url: "/products/42?ref=feed",
  headers: { "x-data": "alpha-beta-gamma" },
};

describe("verifier, property", () => {
  const v = verifier();

  it("a verified request stays verified under any reordering and addition of unrelated headers", async () => {
    const unrelated = fc.dictionary(
      fc.stringMatching(/^x-u[a-z0-9-]{0,8}$/),
      fc.stringMatching(/^[!-~]{0,16}$/),
      { maxKeys: 6 },
    );
    await fc.assert(
      fc.asyncProperty(unrelated, unrelated, fc.integer(), async (before, after, seed) => {
        const signed = await agent.sign(
          { ...base, headers: { ...before, ...base.headers } },
          { created: S, expires: S + 60, components: COVERED },
        );
        const entries = Object.entries({ ...signed.headers, ...after });
        const shuffled =
          fc.sample(fc.shuffledSubarray(entries, { minLength: entries.length }), {
            seed,
            numRuns: 1,
          })[0] ?? entries;
        const headers = Object.fromEntries(
          shuffled.map(([k, val]) => [k, signed.headers[k] ?? val]),
        );
        expect((await v.verifyRequestSignature({ ...signed, headers }))?.outcome).toBe("verified");
      }),
      { numRuns: 40 },
    );
  });

  it("any one-byte change to a covered component makes it invalid", async () => {
    const signed = await agent.sign(base, {
      created: S,
      expires: S + 60,
      components: COVERED,
      nonce: null,
    });
    expect((await v.verifyRequestSignature(signed))?.outcome).toBe("verified");
    const agentHeader = signed.headers["signature-agent"] as string;
    const targets: [string, string][] = [
      ["method", signed.method],
      ["host", "shop.example.org"],
      ["path", "/products/42"],
      ["x-data", "alpha-beta-gamma"],
      ["signature-agent", agentHeader],
    ];
    const change = fc
      .constantFrom(...targets)
      .chain(([what, value]) =>
        fc.tuple(
          fc.constant(what),
          fc.constant(value),
          fc.nat(value.length - 1),
          fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        ),
      )
      .filter(
        ([what, value, i, c]) =>
          value[i] !== c && !(what === "host" && value[i]?.toLowerCase() === c.toLowerCase()),
      );
    await fc.assert(
      fc.asyncProperty(change, async ([what, value, i, c]) => {
        const changed = value.slice(0, i) + c + value.slice(i + 1);
        const r: SignedRequest = { ...signed, headers: { ...signed.headers } };
        if (what === "method") r.method = changed;
        else if (what === "host") r.host = changed;
        else if (what === "path") r.url = `${changed}?ref=feed`;
        else (r.headers as Record<string, string>)[what] = changed;
        expect((await v.verifyRequestSignature(r))?.outcome).toBe("invalid");
      }),
      { numRuns: 150 },
    );
  });
});
