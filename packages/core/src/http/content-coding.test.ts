import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gunzip } from "../snapshots/content.js";
import {
  type ContentCoding,
  chooseCoding,
  chooseCodingCached,
  encodeResponse,
  isCompressible,
  MIN_COMPRESS_BYTES,
  parseAcceptEncoding,
  varyOnEncoding,
  weightOf,
} from "./content-coding.js";
import type { ApiResponse } from "./types.js";

const BOTH: readonly ContentCoding[] = ["br", "gzip"];

/** Well-formed members: a known or arbitrary coding, with or without a weight. */
const coding = fc.constantFrom("gzip", "br", "deflate", "identity", "*", "zstd", "x-gzip");
const weight = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: 0, max: 1000 }).map((n) => (n === 1000 ? "1" : (n / 1000).toFixed(3))),
);
const member = fc.record({ coding, weight });
const header = fc.array(member, { maxLength: 6 });
const render = (members: { coding: string; weight: string | undefined }[]) =>
  members.map((m) => (m.weight === undefined ? m.coding : `${m.coding};q=${m.weight}`)).join(", ");

describe("Accept-Encoding", () => {
  it("parses codings and weights, case-insensitively, skipping malformed members", () => {
    expect(parseAcceptEncoding("gzip, deflate, br")).toEqual([
      { coding: "gzip", q: 1 },
      { coding: "deflate", q: 1 },
      { coding: "br", q: 1 },
    ]);
    expect(parseAcceptEncoding(" GZip ; Q=0.5 ,, br;q=1.000, x-gzip;q=0")).toEqual([
      { coding: "gzip", q: 0.5 },
      { coding: "br", q: 1 },
      { coding: "gzip", q: 0 },
    ]);
    // Not qvalues (RFC 9110 §12.4.2), not tokens: skipped.
    for (const bad of [
      "gzip;q=2",
      "gzip;q=0.1234",
      "gzip;q=1.5",
      "gzip;q=",
      "gzip;q=-1",
      "gz ip",
      "gzip;q=abc",
    ])
      expect(parseAcceptEncoding(bad), bad).toEqual([]);
    expect(parseAcceptEncoding("")).toEqual([]);
    expect(parseAcceptEncoding("gzip;level=9")).toEqual([{ coding: "gzip", q: 1 }]);
  });

  it("weighs identity, * and unlisted codings as RFC 9110 §12.5.3 says", () => {
    const w = (header: string, c: string) => weightOf(parseAcceptEncoding(header), c);
    expect(w("gzip", "identity")).toBe(1);
    expect(w("gzip;q=0.5", "identity")).toBe(0.5);
    expect(w("", "identity")).toBe(1);
    expect(w("identity;q=0", "identity")).toBe(0);
    expect(w("*;q=0", "identity")).toBe(0);
    expect(w("*;q=0, identity", "identity")).toBe(1);
    expect(w("*;q=0.3", "br")).toBe(0.3);
    expect(w("gzip", "br")).toBe(0);
    expect(w("gzip;q=0.2, gzip;q=0.7", "gzip")).toBe(0.7);
  });

  it("chooses the most wanted coding, ties to br then gzip then identity", () => {
    const cases: [string | undefined, ContentCoding[], boolean, string][] = [
      [undefined, [...BOTH], false, "identity"],
      ["", [...BOTH], false, "identity"],
      ["gzip, deflate, br", [...BOTH], false, "br"],
      ["gzip, deflate, br", ["gzip"], false, "gzip"],
      ["br;q=0.5, gzip", [...BOTH], false, "gzip"],
      ["gzip;q=0.5", [...BOTH], false, "gzip"],
      ["gzip;q=0.5, identity", [...BOTH], false, "identity"],
      ["gzip;q=0", [...BOTH], false, "identity"],
      ["*", ["gzip"], false, "gzip"],
      ["*;q=0", [...BOTH], false, "identity"],
      ["identity;q=0", [...BOTH], false, "identity"],
      ["deflate", [...BOTH], false, "identity"],
      ["gzip", [...BOTH], true, "identity"],
      ["gzip, identity;q=0", [...BOTH], true, "gzip"],
      ["*;q=0, br", [...BOTH], true, "br"],
    ];
    for (const [h, available, small, expected] of cases)
      expect(chooseCoding(h, available, small), `${h} ${available} ${small}`).toBe(expected);
  });

  it("property: parsing never throws, weights are qvalues, and the choice is acceptable", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.subarray([...BOTH]),
        fc.boolean(),
        (raw, available, small) => {
          const parsed = parseAcceptEncoding(raw);
          for (const m of parsed) {
            expect(m.q).toBeGreaterThanOrEqual(0);
            expect(m.q).toBeLessThanOrEqual(1);
            expect(m.coding).toBe(m.coding.toLowerCase());
          }
          const chosen = chooseCoding(raw, available, small);
          if (chosen !== "identity") {
            expect(available).toContain(chosen);
            expect(weightOf(parsed, chosen)).toBeGreaterThan(0);
          }
          expect(chooseCodingCached(raw, available)).toBe(chooseCoding(raw, available));
        },
      ),
    );
  });

  it("property: the choice has the highest weight, and does not depend on member order", () => {
    fc.assert(
      fc.property(header, fc.subarray([...BOTH], { minLength: 1 }), (members, available) => {
        const text = render(members);
        const parsed = parseAcceptEncoding(text);
        expect(parsed).toHaveLength(members.length);
        const chosen = chooseCoding(text, available);
        const best = Math.max(...[...available, "identity"].map((c) => weightOf(parsed, c)));
        if (best > 0) expect(weightOf(parsed, chosen)).toBe(best);
        else expect(chosen).toBe("identity");
        expect(chooseCoding(render([...members].reverse()), available)).toBe(chosen);
      }),
    );
  });

  it("property: a coding with q=0 is never chosen; identity;q=0 never yields identity while a coding is acceptable", () => {
    fc.assert(
      fc.property(header, fc.constantFrom(...BOTH), fc.boolean(), (members, refused, small) => {
        const refusing = chooseCoding(`${render(members)}, ${refused};q=0`, BOTH, small);
        // An explicit q=0 for a coding wins over `*` (only the highest of duplicates counts).
        if (
          !members.some(
            (m) => m.coding === refused || (refused === "gzip" && m.coding === "x-gzip"),
          )
        )
          expect(refusing).not.toBe(refused);
        if (members.some((m) => m.coding === "identity")) return;
        const strict = chooseCoding(`${render(members)}, identity;q=0, gzip;q=0.001`, BOTH, small);
        expect(strict).not.toBe("identity");
      }),
    );
  });
});

describe("encodeResponse", () => {
  const json = (size: number) => ({
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ rows: "x".repeat(size) }),
  });

  it("compresses a large JSON answer with Vary, and leaves a small one (with Vary)", async () => {
    const big = await encodeResponse(json(5000), "gzip");
    expect(big.headers["content-encoding"]).toBe("gzip");
    expect(big.headers.vary).toBe("Accept-Encoding");
    expect(new TextDecoder().decode(await gunzip(big.body as Uint8Array))).toBe(json(5000).body);
    const small = await encodeResponse(json(10), "gzip");
    expect(small.body).toBe(json(10).body);
    expect(small.headers).toEqual({ ...json(10).headers, vary: "Accept-Encoding" });
    expect(MIN_COMPRESS_BYTES).toBe(1024);
  });

  it("never touches encoded, no-transform, bodiless or binary answers", async () => {
    const answers: ApiResponse[] = [
      {
        status: 200,
        headers: { "content-type": "text/plain", "content-encoding": "gzip" },
        body: "x".repeat(4000),
      },
      {
        status: 200,
        headers: { "content-type": "text/plain", "cache-control": "no-store, no-transform" },
        body: "x".repeat(4000),
      },
      { status: 204, headers: { "content-type": "application/json" }, body: null },
      { status: 200, headers: { "content-type": "image/png" }, body: new Uint8Array(5000) },
      {
        status: 200,
        headers: { "content-type": "application/vnd.apache.parquet" },
        body: new Uint8Array(5000),
      },
      { status: 200, headers: {}, body: "x".repeat(4000) },
    ];
    for (const answer of answers) {
      expect(isCompressible(answer)).toBe(false);
      expect(await encodeResponse(answer, "gzip, br")).toBe(answer);
    }
  });

  it("adds Accept-Encoding to an existing Vary once", () => {
    expect(varyOnEncoding(undefined)).toBe("Accept-Encoding");
    expect(varyOnEncoding("Cookie")).toBe("Cookie, Accept-Encoding");
    expect(varyOnEncoding("cookie, accept-encoding")).toBe("cookie, accept-encoding");
    expect(varyOnEncoding("*")).toBe("*");
  });

  it("compresses a byte body once per coding", async () => {
    let calls = 0;
    const compressors = {
      gzip: async (bytes: Uint8Array) => {
        calls += 1;
        return bytes.slice(0, 10);
      },
    };
    const body = new Uint8Array(5000).fill(65);
    const answer = { status: 200, headers: { "content-type": "text/javascript" }, body };
    const first = await encodeResponse(answer, "gzip", compressors);
    const second = await encodeResponse({ ...answer }, "gzip", compressors);
    expect(second.body).toBe(first.body);
    expect(calls).toBe(1);
  });
});
