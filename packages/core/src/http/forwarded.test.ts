import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  forwardedClientIp,
  forwardedRequestHeaders,
  forwardingHeaders,
  isForwardingHeader,
  requestScheme,
} from "./forwarded.js";
import { endToEndHeaders } from "./hop-by-hop.js";

/** Header names a client could send: forwarding ones in any case, and ordinary ones. */
const forwardingName = fc
  .constantFrom(
    "forwarded",
    "x-real-ip",
    "x-forwarded-for",
    "x-forwarded-host",
    "x-forwarded-proto",
    "x-forwarded-port",
    "x-forwarded-prefix",
    "x-forwarded-server",
  )
  .chain((n) => fc.constantFrom(n, n.toUpperCase(), n.replace(/(^|-)x/g, "$1X")));
const name = fc.oneof(
  forwardingName,
  fc.constantFrom("accept", "cookie", "user-agent", "host", "connection", "x-forwarded"),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
);
const value = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,16}$/),
  fc.array(fc.stringMatching(/^[\x20-\x7e]{0,10}$/), { minLength: 1, maxLength: 3 }),
);
const headers = fc.dictionary(name, value, { maxKeys: 12 });
const forwarding = fc.record({
  host: fc.constantFrom("shop.example.com", "a.b.example"),
  proto: fc.constantFrom("http" as const, "https" as const),
  clientIp: fc.option(fc.constantFrom("203.0.113.9", "2001:db8::1"), { nil: null }),
  trustProxy: fc.boolean(),
});

/** The elements of an `X-Forwarded-For` value, the slow way. */
function chainOf(all: Record<string, string | string[]>): string[] {
  const out: string[] = [];
  for (const [n, v] of Object.entries(all)) {
    if (n.toLowerCase() !== "x-forwarded-for") continue;
    for (const part of [v].flat().join(",").split(",")) if (part.trim()) out.push(part.trim());
  }
  return out;
}

describe("forwardedRequestHeaders", () => {
  it("sends exactly the edge's forwarding headers, whatever the client sent", () => {
    fc.assert(
      fc.property(headers, forwarding, (given, hop) => {
        const out = forwardedRequestHeaders(given, hop);
        const kept = endToEndHeaders(given);
        // Every other end-to-end header passes as it was.
        for (const [n, v] of Object.entries(kept)) {
          if (!isForwardingHeader(n)) expect(out[n]).toEqual(v);
        }
        const forwardingOut = Object.keys(out).filter(isForwardingHeader).sort();
        const chain = [
          ...(hop.trustProxy && "x-forwarded-for" in kept ? chainOf(kept) : []),
          ...(hop.clientIp ? [hop.clientIp] : []),
        ];
        expect(forwardingOut).toEqual(
          [
            ...(chain.length > 0 ? ["x-forwarded-for"] : []),
            "x-forwarded-host",
            "x-forwarded-proto",
          ].sort(),
        );
        expect(out["x-forwarded-host"]).toBe(hop.host);
        expect(out["x-forwarded-proto"]).toBe(hop.proto);
        if (chain.length > 0) expect(out["x-forwarded-for"]).toBe(chain.join(", "));
        expect(out.forwarded).toBeUndefined();
        expect(out["x-real-ip"]).toBeUndefined();
      }),
    );
  });

  it("drops a client's own chain unless the peer is a trusted proxy, which it appends to", () => {
    const spoofed = {
      "X-Forwarded-For": "6.6.6.6",
      Forwarded: "for=6.6.6.6;proto=https;host=evil.example",
      "X-Real-IP": "6.6.6.6",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Port": "443",
      accept: "text/html",
    };
    const hop = { host: "shop.example.com", proto: "http" as const, clientIp: "198.51.100.7" };
    expect(forwardedRequestHeaders(spoofed, hop)).toEqual({
      accept: "text/html",
      "x-forwarded-for": "198.51.100.7",
      "x-forwarded-host": "shop.example.com",
      "x-forwarded-proto": "http",
    });
    expect(
      forwardedRequestHeaders(
        { "x-forwarded-for": ["203.0.113.1, ", " 10.0.0.2"] },
        { ...hop, trustProxy: true },
      )["x-forwarded-for"],
    ).toBe("203.0.113.1, 10.0.0.2, 198.51.100.7");
    expect(forwardingHeaders({ host: "shop.example.com", proto: "https" })).toEqual({
      "x-forwarded-host": "shop.example.com",
      "x-forwarded-proto": "https",
    });
  });
});

describe("requestScheme", () => {
  it("is the connection's unless a trusted proxy names http or https (its own, last, value)", () => {
    const told = fc.option(
      fc.oneof(
        fc.constantFrom("http", "https", "HTTPS", "ftp", "", "https, http", "http,https"),
        fc.array(fc.constantFrom("http", "https", "gopher"), { minLength: 1, maxLength: 3 }),
      ),
      { nil: undefined },
    );
    fc.assert(
      fc.property(
        fc.constantFrom("http" as const, "https" as const),
        told,
        fc.boolean(),
        (connection, forwardedProto, trustProxy) => {
          const scheme = requestScheme({ connection, forwardedProto, trustProxy });
          const last = [forwardedProto ?? []]
            .flat()
            .join(",")
            .split(",")
            .at(-1)
            ?.trim()
            .toLowerCase();
          const expected = trustProxy && (last === "http" || last === "https") ? last : connection;
          expect(scheme).toBe(expected);
        },
      ),
    );
  });
});

describe("forwardedClientIp", () => {
  it("is the peer unless a trusted proxy names a plain address last in X-Forwarded-For", () => {
    const peer = "10.0.0.2";
    expect(forwardedClientIp({ peer, forwardedFor: "66.249.66.1", trustProxy: false })).toBe(peer);
    expect(forwardedClientIp({ peer, forwardedFor: "66.249.66.1", trustProxy: true })).toBe(
      "66.249.66.1",
    );
    // The client wrote the first element; the trusted proxy appended the last.
    const chain = "66.249.66.1, 203.0.113.9";
    expect(forwardedClientIp({ peer, forwardedFor: chain, trustProxy: true })).toBe("203.0.113.9");
    expect(
      forwardedClientIp({ peer, forwardedFor: ["1.1.1.1", "2001:db8::1"], trustProxy: true }),
    ).toBe("2001:db8::1");
    for (const odd of ["unknown", "1.2.3.4:80", "_hidden", "1", "", " , "]) {
      expect(forwardedClientIp({ peer, forwardedFor: odd, trustProxy: true }), odd).toBe(peer);
    }
    expect(forwardedClientIp({ peer: undefined, trustProxy: true })).toBeNull();
  });

  it("property: the answer is the peer or the last element, never an earlier one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 12 })), { maxLength: 5 }),
        fc.boolean(),
        (chain, trustProxy) => {
          const peer = "192.0.2.1";
          const got = forwardedClientIp({ peer, forwardedFor: chain.join(", "), trustProxy });
          const last = chain.join(",").split(",").at(-1)?.trim();
          expect(got === peer || (trustProxy && got === last)).toBe(true);
        },
      ),
    );
  });
});
