import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestOrigin } from "./request-origin.js";

const plain = { protocol: "http", trustProxy: false };

describe("requestOrigin", () => {
  it("is the connection's scheme and Host", () => {
    expect(requestOrigin({ ...plain, host: "api.example.com" })).toBe("http://api.example.com");
    expect(requestOrigin({ ...plain, protocol: "https:", host: "API.example.com:8443" })).toBe(
      "https://api.example.com:8443",
    );
    expect(requestOrigin({ ...plain, protocol: "https", host: "x.test:443" })).toBe(
      "https://x.test",
    );
    expect(requestOrigin({ ...plain, host: "[::1]:8787" })).toBe("http://[::1]:8787");
  });

  it("ignores X-Forwarded-Proto and -Host unless the proxy is trusted", () => {
    const forwarded = {
      protocol: "http",
      host: "10.0.0.5:8787",
      forwardedProto: "https",
      forwardedHost: "api.example.com, proxy.internal",
    };
    expect(requestOrigin({ ...forwarded, trustProxy: false })).toBe("http://10.0.0.5:8787");
    expect(requestOrigin({ ...forwarded, trustProxy: true })).toBe("https://proxy.internal");
    expect(requestOrigin({ ...forwarded, forwardedHost: undefined, trustProxy: true })).toBe(
      "https://10.0.0.5:8787",
    );
  });

  it("reads the trusted proxy's own value: the last element of a chain, as the edge does", () => {
    // A client wrote the first elements; the proxy it connected to appended its own.
    const chain = {
      protocol: "http",
      host: "10.0.0.5:8787",
      forwardedProto: "http, https",
      forwardedHost: "evil.example, api.example.com",
      trustProxy: true,
    };
    expect(requestOrigin(chain)).toBe("https://api.example.com");
    // The proxy's own scheme is unusable: no absolute links rather than the client's choice.
    expect(requestOrigin({ ...chain, forwardedProto: "https, javascript" })).toBeNull();
  });

  it("refuses hosts and schemes that are not a bare origin", () => {
    for (const host of [
      undefined,
      "",
      "evil.com/path",
      "user@evil.com",
      "evil.com?x",
      "a b",
      "x:99999",
      "evil.com#",
      "%41.com",
    ]) {
      expect(requestOrigin({ ...plain, host }), String(host)).toBeNull();
    }
    expect(requestOrigin({ ...plain, protocol: "ftp", host: "x.test" })).toBeNull();
    expect(
      requestOrigin({ ...plain, host: "x.test", forwardedProto: "javascript", trustProxy: true }),
    ).toBeNull();
  });

  it("never throws, and what it answers is an http(s) origin that parses back to itself", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string()),
        fc.option(fc.string()),
        fc.boolean(),
        (host, forwardedProto, forwardedHost, trustProxy) => {
          const origin = requestOrigin({
            protocol: "https",
            host,
            forwardedProto: forwardedProto ?? undefined,
            forwardedHost: forwardedHost ?? undefined,
            trustProxy,
          });
          if (origin !== null) {
            expect(origin).toMatch(/^https?:\/\//);
            expect(new URL(origin).origin).toBe(origin);
          }
        },
      ),
    );
  });
});
