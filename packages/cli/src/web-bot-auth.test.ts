import { createWebBotAuthVerifier } from "@crawlgate/core/adapter-kit";
import { startDirectoryServer, startFakeFacilitator } from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { webBotAuthDep, x402FacilitatorDep } from "./web-bot-auth.js";

describe("serve's Web Bot Auth verifier", () => {
  it("reads CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS as a comma-separated list", () => {
    const env = {
      CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS: " http://127.0.0.1:40001, ,http://10.0.0.2 ",
    };
    expect(readConfig({}, env).trustedDirectoryOrigins).toEqual([
      "http://127.0.0.1:40001",
      "http://10.0.0.2",
    ]);
    expect(readConfig({}, {}).trustedDirectoryOrigins).toEqual([]);
  });

  it("fetches a trusted loopback directory over plain HTTP; untrusted, the same agent is refused", async () => {
    const server = await startDirectoryServer();
    try {
      const now = Math.floor(Date.now() / 1000);
      const request = await server.agent.sign(
        { method: "GET", host: "shop.example.com", url: "/", headers: {} },
        { created: now, expires: now + 60 },
      );
      const trusted = createWebBotAuthVerifier(
        webBotAuthDep({ trustedDirectoryOrigins: [server.origin] }, null),
      );
      expect(await trusted.verifyRequestSignature(request)).toMatchObject({
        outcome: "verified",
        agent: server.origin,
      });
      const untrusted = createWebBotAuthVerifier(
        webBotAuthDep({ trustedDirectoryOrigins: [] }, null),
      );
      expect(await untrusted.verifyRequestSignature(request)).toMatchObject({
        outcome: "invalid",
        reason: "bad_agent",
      });
      expect(server.hits()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe("serve's x402 facilitator", () => {
  it("reads CRAWLGATE_X402_FACILITATOR, refuses anything but an http(s) URL, none when unset", () => {
    expect(
      readConfig({}, { CRAWLGATE_X402_FACILITATOR: " http://10.0.0.9/f " }).x402Facilitator,
    ).toBe("http://10.0.0.9/f");
    expect(x402FacilitatorDep({ x402Facilitator: undefined })).toBeNull();
    for (const bad of ["ftp://f.example", "f.example", "http://"]) {
      expect(() => x402FacilitatorDep({ x402Facilitator: bad }), bad).toThrow(
        "CRAWLGATE_X402_FACILITATOR must be an http(s) URL",
      );
    }
  });

  it("verifies and settles through the pinned fetch with a loopback facilitator", async () => {
    const fake = await startFakeFacilitator();
    try {
      const facilitator = x402FacilitatorDep({ x402Facilitator: fake.url });
      if (!facilitator) throw new Error("no facilitator");
      const accepted = {
        scheme: "exact" as const,
        network: "eip155:84532",
        amount: "10000",
        asset: "0xa",
        payTo: "0xb",
        maxTimeoutSeconds: 60,
        extra: {},
      };
      const payload = { x402Version: 2 as const, accepted, payload: {} };
      expect(await facilitator.verify(payload, accepted)).toMatchObject({ isValid: true });
      expect(await facilitator.settle(payload, accepted)).toMatchObject({
        success: true,
        transaction: fake.transaction(1),
      });
      expect(fake.calls.map((c) => c.path)).toEqual(["/verify", "/settle"]);
    } finally {
      await fake.close();
    }
  });
});
