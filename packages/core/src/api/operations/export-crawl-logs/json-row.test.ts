import { describe, expect, it } from "vitest";
import type { ArchivedRow } from "../../../archive/read-rows.js";
import { toJsonRow } from "./index.js";

const row: ArchivedRow = {
  ts: 1_763_632_800_000n,
  domain: "shop.example.com",
  path: "/",
  ua_raw: "Mozilla/5.0",
  ua_hash: "0123456789abcdef",
  served_from: "origin",
  status: 200,
  bytes: 10n,
  matched_operator: null,
  matched_range: null,
  verdict_tier: "declared",
  content_hash: null,
  stream_id: "edge",
  ip_asn: 0n,
};

describe("crawl-log rows from archive parts", () => {
  it("reads a part written before the Web Bot Auth columns as unsigned", () => {
    expect(toJsonRow(row)).toMatchObject({ signatureAgent: null, signature: null });
  });

  it("keeps a signed row's agent and outcome", () => {
    const signed = {
      ...row,
      signature_agent: "https://chatgpt.com",
      signature: "invalid" as const,
    };
    expect(toJsonRow(signed)).toMatchObject({
      signatureAgent: "https://chatgpt.com",
      signature: "invalid",
    });
  });
});
