import type { CrawlRecord } from "@crawlgate/core/adapter-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCrawlBatch, encodeCrawlBatch, transferablesOf } from "./batch-codec.js";

/** Records with few distinct values per text field (as real batches have) and odd ones too. */
const text = fc.oneof(
  fc.constantFrom("", "a", "/p/1", "\0", "é😀"),
  fc.string({ unit: "grapheme" }),
);
const record: fc.Arbitrary<CrawlRecord> = fc.record({
  eventId: fc.string(),
  domainId: text,
  ts: fc.date({ noInvalidDate: false }),
  path: text,
  userAgent: text,
  uaHash: text,
  botId: text,
  verdict: fc.constantFrom("verified", "declared", "unknown", "automation"),
  servedFrom: fc.constantFrom("cache", "render", "origin"),
  status: fc.integer({ min: 100, max: 599 }),
  bytes: fc.oneof(fc.nat(), fc.double()),
  botOperator: fc.option(text),
  matchedRange: fc.option(text),
  contentHash: fc.option(text),
  snapshotId: fc.option(text),
  streamId: text,
  ipAsn: fc.oneof(fc.nat({ max: 2 ** 32 }), fc.constant(Number.MAX_SAFE_INTEGER)),
  signatureAgent: fc.option(text),
  signature: fc.option(fc.constantFrom("verified", "invalid", "unverified")),
});

describe("crawl batch codec (the writer thread's messages)", () => {
  it("decodes what it encoded, field for field", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), (batch) => {
        expect(decodeCrawlBatch(encodeCrawlBatch(batch))).toEqual(batch);
      }),
    );
  });

  it("survives a structured clone with its buffers transferred", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), (batch) => {
        const encoded = encodeCrawlBatch(batch);
        const cloned = structuredClone(encoded, { transfer: transferablesOf(encoded) });
        expect(decodeCrawlBatch(cloned)).toEqual(batch);
      }),
    );
  });

  it("sends each repeated text once", () => {
    const base = {
      domainId: "d",
      ts: new Date(0),
      path: "/",
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)",
      uaHash: "h",
      botId: "googlebot",
      verdict: "verified",
      servedFrom: "cache",
      status: 200,
      bytes: 1,
      botOperator: "Google",
      matchedRange: null,
      contentHash: null,
      snapshotId: null,
      streamId: "edge",
      ipAsn: 0,
      signatureAgent: null,
      signature: null,
    } as const;
    const batch = Array.from({ length: 100 }, (_, i) => ({ ...base, eventId: `e${i}` }));
    const encoded = encodeCrawlBatch(batch);
    expect(encoded.strings.filter((s) => s === base.userAgent)).toHaveLength(1);
    expect(encoded.eventIds).toHaveLength(100);
  });
});
