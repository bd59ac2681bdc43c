import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeCursor } from "../../cursor/cursor.js";
import { CrawlgateError } from "../../errors.js";
import { errorResponse } from "../../http/error-response.js";
import { createKeyRing } from "../../signing/key-ring.js";
import { openCursor } from "./cursor-param.js";

const ring = createKeyRing([{ kid: "k1", secret: "q".repeat(32) }]);
const now = new Date("2026-11-20T10:00:00.000Z");
const context = { endpoint: "export-page-snapshots", userId: "u", now };

describe("cursor parameter", () => {
  it("turns any single-byte tamper into 400 invalid_cursor with a message", async () => {
    const token = await encodeCursor(ring, {
      endpoint: context.endpoint,
      userId: "u",
      payload: { day: "2026-11-01" },
      issuedAt: now,
    });
    expect(await openCursor(ring, token, context)).toEqual({ day: "2026-11-01" });
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: token.length - 1 }),
        fc.integer({ min: 1, max: 127 }),
        async (at, delta) => {
          const tampered =
            token.slice(0, at) +
            String.fromCharCode((token.charCodeAt(at) + delta) % 128) +
            token.slice(at + 1);
          const error = await openCursor(ring, tampered, context).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(CrawlgateError);
          const { status, body } = errorResponse(error as CrawlgateError);
          expect(status).toBe(400);
          expect(body.error).toBe("invalid_cursor");
          expect(typeof body.message).toBe("string");
        },
      ),
      { numRuns: 200 },
    );
  });
});
