import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createTestAgent,
  directoryHost,
  type SignOptions,
  type TestAgent,
} from "../../testing/index.js";
import type { SignedRequest } from "./signed-request.js";
import { createWebBotAuthVerifier, type WebBotAuthVerifierOptions } from "./verifier.js";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const S = NOW / 1000;
const ORIGIN = "https://agent.example.com";
const DIRECTORY = `${ORIGIN}/.well-known/http-message-signatures-directory`;
const FRESH: SignOptions = { created: S - 5, expires: S + 55 };
const request = (headers: Record<string, string> = {}): SignedRequest => ({
  method: "GET",
  host: "shop.example.org",
  url: "/products/1?ref=x",
  headers: { "user-agent": "Mozilla/5.0 Chrome/141", accept: "text/html", ...headers },
});

let agent: TestAgent;
let other: TestAgent;
let impostor: TestAgent;
beforeAll(async () => {
  agent = await createTestAgent(ORIGIN);
  other = await createTestAgent("https://other-agent.example.net");
  impostor = await createTestAgent(ORIGIN);
});

function setup(overrides: Partial<WebBotAuthVerifierOptions> = {}) {
  const host = directoryHost([agent, other]);
  const verifier = createWebBotAuthVerifier({
    fetch: host.fetch,
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
    now: () => NOW,
    ...overrides,
  });
  return { host, verify: (r: SignedRequest) => verifier.verifyRequestSignature(r) };
}

describe("Web Bot Auth verifier outcomes", () => {
  it("verifies the dictionary form and names the agent's origin, directory and keyid", async () => {
    const { verify } = setup();
    expect(await verify(await agent.sign(request(), FRESH))).toMatchObject({
      outcome: "verified",
      label: "sig1",
      agent: ORIGIN,
      directoryUrl: DIRECTORY,
      keyid: agent.keyid,
    });
  });

  it("verifies the legacy bare-string form", async () => {
    const { verify } = setup();
    const signed = await agent.sign(request(), { ...FRESH, agentForm: "string" });
    expect(signed.headers["signature-agent"]).toBe(`"${ORIGIN}"`);
    expect((await verify(signed))?.outcome).toBe("verified");
  });

  it("a request without any of the three headers has no outcome; Signature-Agent alone is invalid", async () => {
    const { verify } = setup();
    expect(await verify(request())).toBeNull();
    expect(await verify(request({ "signature-agent": `"${ORIGIN}"` }))).toMatchObject({
      outcome: "invalid",
      reason: "missing_signature",
      agent: ORIGIN,
    });
  });

  const invalidCases: [string, (r: SignedRequest) => Promise<SignedRequest>, string][] = [
    [
      "tampered covered component",
      async (r) => ({ ...(await agent.sign(r, FRESH)), host: "evil.example.org" }),
      "bad_signature",
    ],
    [
      "wrong key for the keyid",
      (r) => impostor.sign(r, { ...FRESH, keyid: agent.keyid }),
      "bad_signature",
    ],
    ["expired", (r) => agent.sign(r, { created: S - 120, expires: S }), "expired"],
    [
      "created in the future",
      (r) => agent.sign(r, { created: S + 60, expires: S + 120 }),
      "created_in_future",
    ],
    [
      "lifetime over 24 h",
      (r) => agent.sign(r, { created: S - 5, expires: S + 86_400 }),
      "bad_lifetime",
    ],
    ["missing tag", (r) => agent.sign(r, { ...FRESH, tag: null }), "missing_tag"],
    ["another tag", (r) => agent.sign(r, { ...FRESH, tag: "other-protocol" }), "missing_tag"],
    [
      "uncovered signature-agent",
      (r) => agent.sign(r, { ...FRESH, components: ['"@authority"'] }),
      "agent_not_covered",
    ],
    [
      "no @authority nor @target-uri",
      (r) => agent.sign(r, { ...FRESH, components: ['"@path"', '"signature-agent";key="agent1"'] }),
      "authority_not_covered",
    ],
    [
      "alg other than ed25519",
      (r) => agent.sign(r, { ...FRESH, extraParams: ';alg="rsa-pss-sha512"' }),
      "unsupported_algorithm",
    ],
    [
      "unsupported component parameter",
      async (r) => {
        const signed = await agent.sign(r, FRESH);
        const input = signed.headers["signature-input"] ?? "";
        const changed = input.replace('("@authority"', '("@authority" "accept";sf');
        return { ...signed, headers: { ...signed.headers, "signature-input": changed } };
      },
      "unsupported_component",
    ],
    [
      "covered header absent",
      async (r) => {
        const signed = await agent.sign(
          { ...r, headers: { ...r.headers, "x-extra": "1" } },
          { ...FRESH, components: ['"@authority"', '"signature-agent";key="agent1"', '"x-extra"'] },
        );
        const { "x-extra": _, ...rest } = signed.headers;
        return { ...signed, headers: rest };
      },
      "missing_component",
    ],
    [
      "malformed Signature-Input",
      async (r) => ({
        ...r,
        headers: {
          ...r.headers,
          "signature-agent": `"${ORIGIN}"`,
          "signature-input": "sig1=(",
          signature: "sig1=:AA==:",
        },
      }),
      "malformed_header",
    ],
  ];
  for (const [name, make, reason] of invalidCases) {
    it(`invalid: ${name} → ${reason}`, async () => {
      const { verify } = setup();
      expect(await verify(await make(request()))).toMatchObject({ outcome: "invalid", reason });
    });
  }

  it("created within the 10 s skew still verifies", async () => {
    const { verify } = setup();
    expect(
      (await verify(await agent.sign(request(), { created: S + 9, expires: S + 60 })))?.outcome,
    ).toBe("verified");
  });

  it("unverified: a key the directory does not list, and an unreachable directory", async () => {
    const { verify, host } = setup();
    const unknown = await createTestAgent(ORIGIN);
    expect(await verify(await unknown.sign(request(), FRESH))).toMatchObject({
      outcome: "unverified",
      reason: "key_unknown",
      agent: ORIGIN,
      keyid: unknown.keyid,
    });
    host.reply(`${other.origin}/.well-known/http-message-signatures-directory`, () => {
      throw new Error("connect ECONNREFUSED");
    });
    expect(await verify(await other.sign(request(), FRESH))).toMatchObject({
      outcome: "unverified",
      reason: "directory_unavailable",
    });
  });

  it("a replayed nonce is invalid; signatures without a nonce are judged statelessly", async () => {
    const { verify } = setup();
    const signed = await agent.sign(request(), FRESH);
    expect((await verify(signed))?.outcome).toBe("verified");
    expect(await verify(signed)).toMatchObject({ outcome: "invalid", reason: "replayed_nonce" });
    const noNonce = await agent.sign(request(), { ...FRESH, nonce: null });
    expect((await verify(noNonce))?.outcome).toBe("verified");
    expect((await verify(noNonce))?.outcome).toBe("verified");
  });

  it("a nonce store that fails makes the signature unverified, never verified", async () => {
    const { verify } = setup({ nonces: { remember: () => Promise.reject(new Error("down")) } });
    expect(await verify(await agent.sign(request(), FRESH))).toMatchObject({
      outcome: "unverified",
      reason: "nonce_store_unavailable",
    });
  });

  it("judges each label on its own: one bad, one good → verified by the good one", async () => {
    const { verify } = setup();
    const bad = await other.sign(request(), {
      ...FRESH,
      label: "sig1",
      keyid: agent.keyid,
      member: "a",
    });
    const good = await agent.sign(request(), { ...FRESH, label: "sig2", member: "b" });
    const both = request({
      "signature-agent": `a="${other.origin}", b="${ORIGIN}"`,
      "signature-input": `${bad.headers["signature-input"]}, ${good.headers["signature-input"]}`,
      signature: `${bad.headers.signature}, ${good.headers.signature}`,
    });
    const outcome = await verify(both);
    expect(outcome).toMatchObject({ outcome: "verified", label: "sig2", agent: ORIGIN });
    expect(outcome?.labels.map((l) => l.outcome)).toEqual(["unverified", "verified"]);
  });

  it("attributes a label only to the member it covers; a bare signature-agent over two members is not covered", async () => {
    const { verify } = setup();
    const signed = await agent.sign(
      request({ "signature-agent": `a="${other.origin}", b="${ORIGIN}"` }),
      {
        ...FRESH,
        member: "b",
      },
    );
    expect(await verify(signed)).toMatchObject({ outcome: "verified", agent: ORIGIN });
    const bare = await agent.sign(
      request({ "signature-agent": `a="${other.origin}", b="${ORIGIN}"` }),
      {
        ...FRESH,
        components: ['"@authority"', '"signature-agent"'],
      },
    );
    expect(await verify(bare)).toMatchObject({ outcome: "invalid", reason: "agent_not_covered" });
  });

  it("agents on plain HTTP or private addresses are refused unless their origin is trusted", async () => {
    const local = await createTestAgent("http://127.0.0.1:40001");
    const host = directoryHost([local]);
    const refused = setup({ fetch: host.fetch });
    expect(await refused.verify(await local.sign(request(), FRESH))).toMatchObject({
      outcome: "invalid",
      reason: "bad_agent",
    });
    expect(host.calls.size).toBe(0);
    const privateHttps = await createTestAgent("https://10.1.2.3");
    expect(await refused.verify(await privateHttps.sign(request(), FRESH))).toMatchObject({
      reason: "bad_agent",
    });
    const trusted = setup({
      fetch: () => Promise.reject(new Error("the public fetch is not used for trusted origins")),
      trustedFetch: host.fetch,
      trustedOrigins: ["http://127.0.0.1:40001"],
    });
    expect(await trusted.verify(await local.sign(request(), FRESH))).toMatchObject({
      outcome: "verified",
      agent: "http://127.0.0.1:40001",
    });
  });

  it("refuses trusted directory origins that are not plain http(s) origins (a configuration error)", () => {
    for (const origin of [
      "ftp://127.0.0.1",
      "http://127.0.0.1:40001/keys",
      "https://user:pw@agent.example",
      "127.0.0.1:40001",
    ])
      expect(() => setup({ trustedOrigins: [origin] }), origin).toThrow();
    expect(() =>
      setup({ trustedOrigins: [" http://127.0.0.1:40001/ ", "https://[::1]:8443"] }),
    ).not.toThrow();
  });

  it("an agent type other than directory or jwks_uri is unverified (unsupported_agent_type)", async () => {
    const { verify } = setup();
    const signed = await agent.sign(
      request({ "signature-agent": `agent1="${ORIGIN}";type=cimd` }),
      FRESH,
    );
    expect(await verify(signed)).toMatchObject({
      outcome: "unverified",
      reason: "unsupported_agent_type",
    });
  });
});
