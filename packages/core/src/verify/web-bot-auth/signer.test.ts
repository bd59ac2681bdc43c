import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import { DIRECTORY_MEDIA_TYPE } from "./directory-fetch.js";
import { generateWebBotAuthKey, signWebBotAuth } from "./signer.js";
import { createWebBotAuthVerifier } from "./verifier.js";

const AGENT = "http://127.0.0.1:40001";
const NOW = 1_790_000_000;

async function setup() {
  const key = await generateWebBotAuthKey();
  const verifier = createWebBotAuthVerifier({
    fetch: async () => new Response("no", { status: 404 }),
    trustedFetch: async () =>
      new Response(JSON.stringify({ keys: [key.jwk] }), {
        headers: { "content-type": DIRECTORY_MEDIA_TYPE },
      }),
    trustedOrigins: [AGENT],
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
    now: () => NOW * 1000,
  });
  return { key, verifier };
}

const request = { method: "GET", host: "shop.example.com", url: "/a?b=1" };

describe("signWebBotAuth", () => {
  it("signs what the verifier verifies, attributed to the agent, with or without a nonce", async () => {
    const { key, verifier } = await setup();
    for (const nonce of [undefined, "n-1"]) {
      const headers = await signWebBotAuth(request, key, {
        agent: AGENT,
        created: NOW - 5,
        expires: NOW + 60,
        ...(nonce ? { nonce } : {}),
      });
      expect(headers["signature-agent"]).toBe(`agent="${AGENT}"`);
      const outcome = await verifier.verifyRequestSignature({ ...request, headers });
      expect(outcome).toMatchObject({ outcome: "verified", agent: AGENT, keyid: key.keyid });
    }
  });

  it("is invalid for another authority, and unverified under a key the directory lacks", async () => {
    const { key, verifier } = await setup();
    const options = { agent: AGENT, created: NOW - 5, expires: NOW + 60 };
    const headers = await signWebBotAuth(request, key, options);
    const elsewhere = { ...request, host: "blog.example.com", headers };
    expect(await verifier.verifyRequestSignature(elsewhere)).toMatchObject({
      outcome: "invalid",
      reason: "bad_signature",
    });
    const other = await signWebBotAuth(request, await generateWebBotAuthKey(), options);
    expect(await verifier.verifyRequestSignature({ ...request, headers: other })).toMatchObject({
      outcome: "unverified",
      reason: "key_unknown",
    });
  });
});
