import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import { beforeAll, describe, expect, it } from "vitest";
import { signatureHeaders, verify as wbaVerify } from "web-bot-auth";
import { Ed25519Signer, verifierFromJWK } from "web-bot-auth/crypto";
import { createTestAgent, directoryHost } from "../../testing/index.js";
import { DIRECTORY_MEDIA_TYPE } from "./directory-fetch.js";
import { ed25519Thumbprint } from "./jwk.js";
import type { SignedRequest } from "./signed-request.js";
import { createWebBotAuthVerifier } from "./verifier.js";

// Cross-checks with Cloudflare's `web-bot-auth` package (a test dependency only): what it signs,
// crawlgate verifies; what crawlgate's test agent signs, it verifies.

const ORIGIN = "https://agent.example.com";
const TARGET = "https://shop.example.org/products/1?ref=x";
let jwk: Parameters<typeof Ed25519Signer.fromJWK>[0] & { x: string };
let signer: Ed25519Signer;

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as {
    privateKey: Parameters<typeof crypto.subtle.exportKey>[1];
  };
  jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as typeof jwk;
  signer = await Ed25519Signer.fromJWK(jwk);
});

function verifierFor(keys: { kty: string; crv: string; x: string }[]) {
  return createWebBotAuthVerifier({
    fetch: async () =>
      new Response(JSON.stringify({ keys }), {
        status: 200,
        headers: { "content-type": DIRECTORY_MEDIA_TYPE },
      }),
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
  });
}

/** A fetch `Request` as the edge's record: names lower-case, host and target split. */
function asSigned(request: Request, extra: { [name: string]: string } | object): SignedRequest {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = String(value);
  return { method: request.method, host: url.host, url: `${url.pathname}${url.search}`, headers };
}

describe("cross-check with the web-bot-auth npm package", () => {
  it("the package's keyid is crawlgate's RFC 7638 thumbprint", async () => {
    expect(signer.keyid).toBe(await ed25519Thumbprint(jwk.x));
  });

  it("a request it signs (legacy Signature-Agent, its default components and nonce) is verified", async () => {
    const request = new Request(TARGET, { headers: { "Signature-Agent": `"${ORIGIN}"` } });
    const now = new Date();
    const headers = await signatureHeaders(request, signer, {
      created: now,
      expires: new Date(now.getTime() + 60_000),
    });
    expect(headers["Signature-Input"]).toContain('"signature-agent"');
    const outcome = await verifierFor([
      { kty: "OKP", crv: "Ed25519", x: jwk.x },
    ]).verifyRequestSignature(asSigned(request, headers));
    expect(outcome).toMatchObject({ outcome: "verified", agent: ORIGIN, keyid: signer.keyid });
  });

  it("its signature over @authority alone, with a Signature-Agent added after, is invalid (not covered)", async () => {
    const request = new Request(TARGET);
    const now = new Date();
    const headers = await signatureHeaders(request, signer, {
      created: now,
      expires: new Date(now.getTime() + 60_000),
    });
    expect(headers["Signature-Input"]).toMatch(/^sig1=\("@authority"\);/);
    const outcome = await verifierFor([
      { kty: "OKP", crv: "Ed25519", x: jwk.x },
    ]).verifyRequestSignature(asSigned(request, { ...headers, "signature-agent": `"${ORIGIN}"` }));
    expect(outcome).toMatchObject({ outcome: "invalid", reason: "agent_not_covered" });
  });

  it("its dictionary-form signature (the whole header signed for a ;key= component) is invalid here", async () => {
    const request = new Request(TARGET, { headers: { "Signature-Agent": `agent1="${ORIGIN}"` } });
    const now = new Date();
    const headers = await signatureHeaders(request, signer, {
      created: now,
      expires: new Date(now.getTime() + 60_000),
      components: [
        "@authority",
        { name: "signature-agent", parameters: new Map([["key", "agent1"]]) },
      ],
    });
    expect(headers["Signature-Input"]).toContain('"signature-agent";key="agent1"');
    const outcome = await verifierFor([
      { kty: "OKP", crv: "Ed25519", x: jwk.x },
    ]).verifyRequestSignature(asSigned(request, { ...headers }));
    expect(outcome).toMatchObject({ outcome: "invalid", reason: "bad_signature", agent: ORIGIN });
  });

  it("a request crawlgate's test agent signs is verified by the package", async () => {
    const agent = await createTestAgent(ORIGIN);
    const s = Math.floor(Date.now() / 1000);
    const signed = await agent.sign(
      { method: "GET", host: "shop.example.org", url: "/products/1?ref=x", headers: {} },
      { created: s, expires: s + 60, agentForm: "string" },
    );
    const request = new Request(TARGET, {
      headers: Object.entries(signed.headers).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    });
    await expect(wbaVerify(request, await verifierFromJWK(agent.jwk))).resolves.toBeUndefined();
    const host = directoryHost([agent]);
    const ours = createWebBotAuthVerifier({
      fetch: host.fetch,
      directories: createMemoryKeyDirectoryCache(),
      nonces: createMemoryNonceStore(),
    });
    expect((await ours.verifyRequestSignature(signed))?.outcome).toBe("verified");
  });
});
