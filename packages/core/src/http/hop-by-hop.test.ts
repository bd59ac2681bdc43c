import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endToEndHeaders, HOP_BY_HOP_HEADERS } from "./hop-by-hop.js";

const HOP = [...HOP_BY_HOP_HEADERS];
/** Header names: the hop-by-hop ones in any case, and a few end-to-end ones. */
const name = fc.oneof(
  fc
    .constantFrom(...HOP)
    .chain((n) => fc.constantFrom(n, n.toUpperCase(), n[0]?.toUpperCase() + n.slice(1))),
  fc.constantFrom("x-a", "X-B", "cookie", "content-length", "content-type", "set-cookie", "etag"),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/),
);
const value = fc.oneof(
  fc.stringMatching(/^[\x20-\x7e]{0,12}$/),
  fc.array(fc.stringMatching(/^[\x20-\x7e]{0,8}$/), { minLength: 1, maxLength: 3 }),
);
const headers = fc.dictionary(name, value, { maxKeys: 10 });
/** A `Connection` value naming some headers, with odd spacing, case and empty tokens. */
const connection = fc
  .array(fc.oneof(name, fc.constantFrom("close", "keep-alive", "", " ")), { maxLength: 4 })
  .map((tokens) => tokens.map((t, i) => (i % 2 ? ` ${t.toUpperCase()} ` : t)).join(","));

/** The names a `Connection` field lists, the slow way. */
function listed(all: Record<string, string | string[]>): Set<string> {
  const out = new Set<string>();
  for (const [n, v] of Object.entries(all)) {
    if (n.toLowerCase() !== "connection") continue;
    for (const token of [v].flat().join(",").split(",")) out.add(token.trim().toLowerCase());
  }
  return out;
}

describe("endToEndHeaders", () => {
  it("drops RFC 9110's hop-by-hop headers, Host, and those named in Connection", () => {
    expect(
      endToEndHeaders({
        connection: "close, X-A",
        "x-a": "1",
        te: "trailers",
        "Keep-Alive": "timeout=5",
        "Transfer-Encoding": "chunked",
        "proxy-authorization": "Basic x",
        "x-b": "2",
        host: "h",
        "Set-Cookie": ["a=1", "b=2"],
      }),
    ).toEqual({ "x-b": "2", "set-cookie": ["a=1", "b=2"] });
  });

  it("reads every Connection field (a repeated field arrives as an array)", () => {
    expect(
      endToEndHeaders({ Connection: ["x-a", "X-C , close"], "x-a": "1", "x-c": "3", "x-d": "4" }),
    ).toEqual({ "x-d": "4" });
  });

  it("keeps exactly the end-to-end headers, lower-cased with their values, and is idempotent", () => {
    fc.assert(
      fc.property(headers, fc.option(connection, { nil: undefined }), (given, conn) => {
        const input: Record<string, string | string[]> =
          conn === undefined ? given : { ...given, Connection: conn };
        const frozen = structuredClone(input);
        const out = endToEndHeaders(input);
        expect(input).toEqual(frozen); // pure
        const dropped = listed(input);
        for (const [n, v] of Object.entries(out)) {
          expect(n).toBe(n.toLowerCase());
          expect(HOP_BY_HOP_HEADERS.has(n) || dropped.has(n)).toBe(false);
          expect(Object.entries(input).some(([k, w]) => k.toLowerCase() === n && w === v)).toBe(
            true,
          );
        }
        for (const n of Object.keys(input)) {
          const lower = n.toLowerCase();
          const kept = !HOP_BY_HOP_HEADERS.has(lower) && !dropped.has(lower);
          expect(lower in out).toBe(kept);
        }
        expect(endToEndHeaders(out)).toEqual(out);
      }),
      { numRuns: 500 },
    );
  });
});
