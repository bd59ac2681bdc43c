import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import { DIRECTORY_MEDIA_TYPE } from "./directory-fetch.js";
import { ed25519Thumbprint, importEd25519, RFC9421_TEST_KEY_X, type WebCryptoKey } from "./jwk.js";
import { signatureBase } from "./signature-base.js";
import { parseSignatureLabels } from "./signature-input.js";
import type { SignedRequest } from "./signed-request.js";
import { createWebBotAuthVerifier, type WebBotAuthVerifierOptions } from "./verifier.js";

// RFC 9421 Appendix B.2.6 (Ed25519 over the B.2 test request) and the Web Bot Auth protocol
// draft's examples (draft-ietf-webbotauth-httpsig-protocol, E.2.1 dictionary form and E.2.2
// legacy string form), all made with the RFC's B.1.4 test key.
const B26_INPUT =
  'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"';
const B26_SIGNATURE =
  "sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:";
const B26_BASE = [
  '"date": Tue, 20 Apr 2021 02:07:55 GMT',
  '"@method": POST',
  '"@path": /foo',
  '"@authority": example.com',
  '"content-type": application/json',
  '"content-length": 18',
  '"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
].join("\n");
const B2_REQUEST: SignedRequest = {
  method: "POST",
  host: "example.com",
  url: "/foo?param=Value&Pet=dog",
  protocol: "http",
  headers: {
    host: "example.com",
    date: "Tue, 20 Apr 2021 02:07:55 GMT",
    "content-type": "application/json",
    "content-digest":
      "sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:",
    "content-length": "18",
  },
};
const TEST_KEY_THUMBPRINT = "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";
const E21 = {
  agent: 'agent2="https://signature-agent.test"',
  input:
    'sig2=("@authority" "signature-agent";key="agent2");created=1735689600;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=4889289600;nonce="n9p433xm+NJ3ph3upfBIGmsuwHw387YV7Q/F+6BSpGCVjYCqQw6rznNA8PVVLySrAWsv0hQtFioQb6E1YsauiA==";tag="web-bot-auth"',
  signature:
    "sig2=:RdNFx5Bj6au3YgAMQL/RzmUlZE8QZLIaXGRpw985hWnwPfMxT228NMk6ehRS1PSl4e8PhbNZACSanGdhEwYCCg==:",
};
const E22 = {
  agent: '"https://signature-agent.test"',
  input:
    'sig2=("@authority" "signature-agent");created=1735689600;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=1735693200;nonce="e8N7S2MFd/qrd6T2R3tdfAuuANngKI7LFtKYI/vowzk4lAZYadIX6wW25MwG7DCT9RUKAJ0qVkU0mEeLElW1qg==";tag="web-bot-auth"',
  signature:
    "sig2=:jdq0SqOwHdyHr9+r5jw3iYZH6aNGKijYp/EstF4RQTQdi5N5YYKrD+mCT1HA1nZDsi6nJKuHxUi/5Syp3rLWBA==:",
};
const DRAFT_AGENT = "https://signature-agent.test";
const DRAFT_DIRECTORY = `${DRAFT_AGENT}/.well-known/http-message-signatures-directory`;
const draftRequest = (v: typeof E21): SignedRequest => ({
  method: "GET",
  host: "example.com",
  url: "/",
  headers: { "signature-agent": v.agent, "signature-input": v.input, signature: v.signature },
});

function draftVerifier(overrides: Partial<WebBotAuthVerifierOptions> = {}) {
  const fetched: string[] = [];
  const verifier = createWebBotAuthVerifier({
    fetch: async (url) => {
      fetched.push(url);
      return new Response(
        JSON.stringify({ keys: [{ kty: "OKP", crv: "Ed25519", x: RFC9421_TEST_KEY_X }] }),
        { status: 200, headers: { "content-type": DIRECTORY_MEDIA_TYPE } },
      );
    },
    trustedOrigins: [DRAFT_AGENT],
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
    now: () => 1_735_690_000_000,
    directory: { limits: { allowTestKeys: true } },
    ...overrides,
  });
  return { verifier, fetched };
}

describe("RFC 9421 and draft test vectors", () => {
  it("B.2.6: rebuilds the signature base exactly and the RFC's Ed25519 signature verifies", async () => {
    const [label] = parseSignatureLabels(B26_INPUT, B26_SIGNATURE) ?? [];
    expect(label?.components).not.toBeNull();
    const base = signatureBase(B2_REQUEST, label?.components ?? [], label?.signatureParams ?? "");
    expect(base).toEqual({ ok: true, base: B26_BASE });
    const key = (await importEd25519(RFC9421_TEST_KEY_X)) as WebCryptoKey;
    const signature = label?.signature as Uint8Array<ArrayBuffer>;
    const verifies = (text: string) =>
      crypto.subtle.verify({ name: "Ed25519" }, key, signature, new TextEncoder().encode(text));
    expect(await verifies(B26_BASE)).toBe(true);
    // One byte of the base changed: the same signature no longer verifies.
    expect(await verifies(B26_BASE.replace("POST", "PUST"))).toBe(false);
  });

  it("the B.1.4 test key's RFC 7638 thumbprint is the keyid the draft's examples carry", async () => {
    expect(await ed25519Thumbprint(RFC9421_TEST_KEY_X)).toBe(TEST_KEY_THUMBPRINT);
  });

  it("E.2.2: the legacy string Signature-Agent verifies, attributed to the agent's origin", async () => {
    const { verifier, fetched } = draftVerifier();
    const outcome = await verifier.verifyRequestSignature(draftRequest(E22));
    expect(outcome).toMatchObject({
      outcome: "verified",
      label: "sig2",
      agent: DRAFT_AGENT,
      directoryUrl: DRAFT_DIRECTORY,
      keyid: TEST_KEY_THUMBPRINT,
    });
    expect(fetched).toEqual([DRAFT_DIRECTORY]);
  });

  it("E.2.1: the dictionary form verifies once the 100-year lifetime is allowed; refused by default", async () => {
    const strict = draftVerifier();
    expect(await strict.verifier.verifyRequestSignature(draftRequest(E21))).toMatchObject({
      outcome: "invalid",
      reason: "bad_lifetime",
    });
    const lenient = draftVerifier({ maxLifetimeSeconds: 200 * 365 * 86_400 });
    expect(await lenient.verifier.verifyRequestSignature(draftRequest(E21))).toMatchObject({
      outcome: "verified",
      agent: DRAFT_AGENT,
      keyid: TEST_KEY_THUMBPRINT,
    });
  });

  it("E.2.2 after its expiry is invalid (expired), and replayed within it is invalid (replayed_nonce)", async () => {
    const late = draftVerifier({ now: () => 1_735_693_200_000 });
    expect(await late.verifier.verifyRequestSignature(draftRequest(E22))).toMatchObject({
      outcome: "invalid",
      reason: "expired",
    });
    const { verifier } = draftVerifier();
    expect((await verifier.verifyRequestSignature(draftRequest(E22)))?.outcome).toBe("verified");
    expect(await verifier.verifyRequestSignature(draftRequest(E22))).toMatchObject({
      outcome: "invalid",
      reason: "replayed_nonce",
    });
  });

  it("the published test key is not trusted unless asked: E.2.2 is then unverified (key_unknown)", async () => {
    const { verifier } = draftVerifier({ directory: {} });
    expect(await verifier.verifyRequestSignature(draftRequest(E22))).toMatchObject({
      outcome: "unverified",
      reason: "key_unknown",
    });
  });

  it("E.2.2's agent on .test is refused unless its origin is trusted (bad_agent, no fetch)", async () => {
    const { verifier, fetched } = draftVerifier({ trustedOrigins: [] });
    expect(await verifier.verifyRequestSignature(draftRequest(E22))).toMatchObject({
      outcome: "invalid",
      reason: "bad_agent",
    });
    expect(fetched).toEqual([]);
  });
});
