import { expect } from "vitest";
import type { ChargeRow } from "../../ports/index.js";
import type { EdgeWorld } from "./world.js";

/** Saves a crawler policy through the owner's API (200 expected). */
export async function putPolicy(w: EdgeWorld, policy: unknown): Promise<void> {
  const response = await w.crawlgate.api.handle({
    method: "PUT",
    path: `/functions/v1/domains/${w.domainId}/crawler-policy`,
    query: {},
    headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
    body: new TextEncoder().encode(JSON.stringify(policy)),
  });
  expect(response.status, String(response.body)).toBe(200);
}

/** The domain's ledger once every charge started so far was written. */
export async function ledgerOf(w: EdgeWorld): Promise<ChargeRow[]> {
  await w.crawlgate.flush();
  return w.stores.charges.listCharges(w.domainId, "2026-01-01", "2026-12-31", 1000);
}
