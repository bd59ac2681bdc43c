import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import { createWebBotAuthVerifier, DIRECTORY_MEDIA_TYPE } from "@crawlgate/core/adapter-kit";
import { createTestAgent, directoryJson, type TestAgent } from "@crawlgate/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPinnedFetch } from "./pinned-fetch.js";

// Web Bot Auth key directories fetched through the pinned fetch: a public agent name that
// resolves to a private address is refused before any connection; a trusted origin on loopback
// is fetched with the operator's fetch that may reach it, and its redirects are not followed.

let server: Server;
let origin = "";
let agent: TestAgent;
let requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/.well-known/http-message-signatures-directory") {
      res.writeHead(200, { "content-type": DIRECTORY_MEDIA_TYPE });
      res.end(directoryJson([agent]));
      return;
    }
    res.writeHead(302, { location: "/.well-known/http-message-signatures-directory" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  agent = await createTestAgent(origin);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const now = () => Math.floor(Date.now() / 1000);
const request = { method: "GET", host: "shop.example.org", url: "/", headers: {} };

function verifier(options: { resolveTo?: string; trusted?: string[] } = {}) {
  const resolve = async () => [options.resolveTo ?? "127.0.0.1"];
  return createWebBotAuthVerifier({
    fetch: createPinnedFetch({ resolve, timeoutMs: 2_000 }),
    trustedFetch: createPinnedFetch({ resolve, isAllowedAddress: () => true, timeoutMs: 2_000 }),
    trustedOrigins: options.trusted ?? [],
    directories: createMemoryKeyDirectoryCache(),
    nonces: createMemoryNonceStore(),
  });
}

describe("Web Bot Auth directories through the pinned fetch", () => {
  for (const address of ["127.0.0.1", "10.0.0.5", "169.254.169.254", "::1"]) {
    it(`refuses a public agent name resolving to ${address}: unverified, nothing fetched`, async () => {
      requests = [];
      const named = await createTestAgent("https://agent.example.com");
      const signed = await named.sign(request, { created: now(), expires: now() + 60 });
      expect(await verifier({ resolveTo: address }).verifyRequestSignature(signed)).toMatchObject({
        outcome: "unverified",
        reason: "directory_unavailable",
      });
      expect(requests).toEqual([]);
    });
  }

  it("fetches a trusted loopback origin over plain HTTP; untrusted, the same agent is refused", async () => {
    requests = [];
    const signed = await agent.sign(request, { created: now(), expires: now() + 60 });
    expect(await verifier().verifyRequestSignature(signed)).toMatchObject({
      outcome: "invalid",
      reason: "bad_agent",
    });
    expect(requests).toEqual([]);
    expect(await verifier({ trusted: [origin] }).verifyRequestSignature(signed)).toMatchObject({
      outcome: "verified",
      agent: origin,
    });
    expect(requests).toEqual(["/.well-known/http-message-signatures-directory"]);
  });

  it("does not follow a trusted directory's redirect", async () => {
    requests = [];
    const moved = await createTestAgent(`${origin}/keys`);
    const signed = await moved.sign(request, { created: now(), expires: now() + 60 });
    expect(await verifier({ trusted: [origin] }).verifyRequestSignature(signed)).toMatchObject({
      outcome: "unverified",
      reason: "directory_unavailable",
    });
    expect(requests).toEqual(["/keys"]);
  });
});
