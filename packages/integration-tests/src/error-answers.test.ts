import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EDGE_ERROR_CODES, edgeError } from "@crawlgate/core/adapter-kit";
import { describe, expect, it } from "vitest";
import { isTest, ROOT, sourceFiles } from "./source-files.js";

/**
 * Every error answer of the bridges, the proxy, `serve` and the edge is built through core's
 * error table (`edgeError`, `errorApiResponse`, `errorResponse`): no source writes an error body
 * by hand, and every code a bridge names is one the table lists.
 */

/** Where crawlgate answers HTTP in place of the site (the demo's fake origin is a customer's). */
const ANSWERING =
  /^packages\/(http-fetch|http-express|proxy-node|cli)\/src\/|^packages\/core\/src\/edge\//;
/** An error body written by hand: `{"error":"…"` in a string, or `{ error: "…"` as an object. */
const HAND_BUILT = /\{\s*\\?"?error\\?"?\s*:\s*\\?["'`]/;

const files = sourceFiles().filter(
  (f) => ANSWERING.test(f) && !isTest(f) && !/\/(demo|hardening|fleet|test-support)\//.test(f),
);
const lines = files.flatMap((file) =>
  readFileSync(join(ROOT, file), "utf8")
    .split("\n")
    .map((text, i) => ({ where: `${file}:${i + 1}`, text }))
    .filter(({ text }) => !/^\s*(\*|\/\/)/.test(text)),
);

describe("error answers", () => {
  it("are never written by hand in the bridges, the proxy, serve or the edge", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(lines.filter(({ text }) => HAND_BUILT.test(text)).map(({ where }) => where)).toEqual([]);
    expect(lines.filter(({ text }) => /Bad Gateway|text\/plain/.test(text))).toEqual([
      expect.objectContaining({
        where: expect.stringMatching(/^packages\/core\/src\/edge\/robots-answer\.ts/),
      }),
    ]);
  });

  it("use codes the error table lists (every code the edge sends)", () => {
    expect([...EDGE_ERROR_CODES].sort()).toEqual([
      "bad_gateway",
      "internal_error",
      "invalid_request",
      "not_found",
      "origin_unreachable",
      "service_unavailable",
    ]);
    const statuses = EDGE_ERROR_CODES.map((code) => {
      const answer = edgeError(code);
      expect(JSON.parse(String(answer.body)).error, code).toBe(code);
      return answer.status;
    });
    expect(statuses).toEqual([502, 502, 404, 500, 400, 503]);
  });

  it("the check can fail: a hand-built body is found", () => {
    for (const text of [
      `res.end('{"error":"bad_gateway"}')`,
      'json(502, { error: "bad_gateway" })',
      '"{\\"error\\":\\"not_found\\"}"',
    ])
      expect(HAND_BUILT.test(text), text).toBe(true);
    expect(HAND_BUILT.test('logger.warn("x", { error: errorText(error) })')).toBe(false);
  });
});
