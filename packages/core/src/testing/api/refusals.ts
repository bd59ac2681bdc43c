import { expect } from "vitest";
import type { ApiWorld, CallResult } from "./world.js";

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
