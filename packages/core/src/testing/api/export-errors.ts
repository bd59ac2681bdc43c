import { expect } from "vitest";
import type { ApiWorld, CallResult } from "./world.js";

/**
 * The refusals every windowed export with an optional `domainId` shares: bad windows (shared
 * window rules, 365-day cap), bad IDs, unknown fields, inaccessible domains, the Starter plan
 * and a missing key. The world's today is 2026-11-20.
 */
export async function expectWindowedExportErrors(world: ApiWorld, path: string): Promise<void> {
  const call = (body: unknown) => world.call("POST", path, { body });
  const bad = [
    [{ period: "7d", startDate: "2026-11-01" }, /period cannot be combined/],
    [{ endDate: "2026-11-01" }, /endDate requires startDate/],
    [{ period: "14d" }, /period must be one of/],
    [{ startDate: "2026-02-30" }, /real date/],
    [{ startDate: "2026-11-21" }, /future/],
    [{ startDate: "2026-11-10", endDate: "2026-11-09" }, /after endDate/],
    [{ startDate: "2025-01-01", endDate: "2026-11-20" }, /at most 365/],
    [{ domainId: "nope" }, /domainId must be a UUID/],
    [{ domainId: 7 }, /domainId must be a UUID/],
    [{ domain_id: world.domains.shop.domainId }, /unknown field: domain_id/],
  ] as const;
  await expectInvalidRequests(call, bad);
  await expectDomainsNotFound(world, call);
  await expectPlanAndKeyErrors(world, path);
}

/** Starter plan: `403 plan_upgrade_required`; no key: `401 invalid_api_key`. */
export async function expectPlanAndKeyErrors(world: ApiWorld, path: string): Promise<void> {
  const starter = await world.call("POST", path, { key: world.keys.starter, body: {} });
  expect(starter.status).toBe(403);
  expect(starter.json).toEqual({ error: "plan_upgrade_required" });
  const anonymous = await world.call("POST", path, { key: null, body: {} });
  expect(anonymous.status).toBe(401);
  expect(anonymous.json.error).toBe("invalid_api_key");
}

/** Each body answers `400 invalid_request` with a `message` matching its pattern. */
export async function expectInvalidRequests(
  call: (body: unknown) => Promise<CallResult>,
  cases: readonly (readonly [unknown, RegExp])[],
): Promise<void> {
  for (const [body, message] of cases) {
    const res = await call(body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.json.error).toBe("invalid_request");
    expect(res.json.message).toMatch(message);
  }
}

/** Another caller's domain and an unknown one both answer `404 domain_not_found`. */
export async function expectDomainsNotFound(
  world: ApiWorld,
  call: (body: unknown) => Promise<CallResult>,
  body: Record<string, unknown> = {},
): Promise<void> {
  for (const domainId of [world.domains.other.domainId, crypto.randomUUID()]) {
    const res = await call({ ...body, domainId });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: "domain_not_found" });
  }
}
