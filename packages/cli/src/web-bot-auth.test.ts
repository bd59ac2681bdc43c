import { createWebBotAuthVerifier } from "@crawlgate/core/adapter-kit";
import { startDirectoryServer } from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config.js";
import { webBotAuthDep } from "./web-bot-auth.js";

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
