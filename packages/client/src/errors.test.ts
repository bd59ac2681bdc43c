import { createMemoryStores } from "@crawlgate/adapter-memory";
import { BlobStoreUnavailable } from "@crawlgate/core/adapter-kit";
import { createApiWorld } from "@crawlgate/core/testing";
import { createFetchHandler } from "@crawlgate/http-fetch";
import { afterEach, describe, expect, it } from "vitest";
import { parseRetryAfter } from "./errors.js";
import { CrawlgateApiError, type CrawlgateClient, createCrawlgateClient } from "./index.js";
import { BASE_URL, type InProcess, inProcess } from "./testing/in-process.js";

/** The error a call rejects with, checked to be a `CrawlgateApiError`. */
async function apiError(call: Promise<unknown>): Promise<CrawlgateApiError> {
  const error = await call.then(
    () => {
      throw new Error("the call succeeded");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CrawlgateApiError);
  return error as CrawlgateApiError;
}

const summary = (e: CrawlgateApiError) => ({ status: e.status, error: e.error, body: e.body });
const OTHER_UUID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("errors of the API as CrawlgateApiError", () => {
  let api: InProcess;
  afterEach(() => api.close());

  it("surfaces every error of the spec's table with status, error, message and body", async () => {
    api = await inProcess({ plans: { pro: { ruleLimit: 1 } } });
    const { world } = api;
    const owner = api.client();
    const shop = world.domains.shop.domainId;

    const invalid = await apiError(owner.exportPageAnalytics({ domainId: shop, pageSize: 0 }));
    expect(invalid.status).toBe(400);
    expect(invalid.error).toBe("invalid_request");
    expect(invalid.message).toMatch(/pageSize/);
    expect(invalid.hasServerMessage).toBe(true);
    expect(invalid.retryAfter).toBeNull();
    const cursor = await apiError(owner.exportPageAnalytics({ cursor: "v1.x.y.z" }));
    expect([cursor.status, cursor.error]).toEqual([400, "invalid_cursor"]);

    // The owner's key with its last character changed (to one it surely was not).
    const last = world.keys.owner.slice(-1) === "x" ? "y" : "x";
    const badKey = api.client(`${world.keys.owner.slice(0, -1)}${last}`);
    expect(summary(await apiError(badKey.listUserDomains()))).toEqual({
      status: 401,
      error: "invalid_api_key",
      body: { error: "invalid_api_key" },
    });
    const starter = api.client(world.keys.starter);
    expect(summary(await apiError(starter.listUserDomains()))).toMatchObject({
      status: 403,
      error: "plan_upgrade_required",
    });
    const viewer = api.client(world.keys.viewer);
    const rule = { sourcePath: "/a", targetUrl: "/b" };
    expect(summary(await apiError(viewer.createRoutingRule(shop, rule)))).toMatchObject({
      status: 403,
      error: "forbidden",
    });
    await owner.createRoutingRule(shop, rule);
    const full = await apiError(owner.createRoutingRule(shop, { ...rule, sourcePath: "/c" }));
    expect(summary(full)).toEqual({
      status: 403,
      error: "rule_limit_reached",
      body: { error: "rule_limit_reached", limit: 1 },
    });
    const blog = world.domains.blog.domainId;
    await owner.createRoutingRule(blog, rule);
    expect(summary(await apiError(owner.createRoutingRule(blog, rule)))).toMatchObject({
      status: 403, // the plan limit is checked before the duplicate
    });
    const enterprise = await inProcess({ plans: { pro: { ruleLimit: null } } });
    try {
      const client = enterprise.client();
      const id = enterprise.world.domains.shop.domainId;
      await client.createRoutingRule(id, rule);
      expect(summary(await apiError(client.createRoutingRule(id, rule)))).toMatchObject({
        status: 409,
        error: "duplicate_source_path",
      });
    } finally {
      await enterprise.close();
    }
    const other = { domain: "other.example.org", path: "/" };
    expect((await apiError(owner.purgeCache(other))).error).toBe("domain_not_authorized");
    const notFound = await apiError(owner.listRoutingRules(world.domains.other.domainId));
    expect([notFound.status, notFound.error]).toEqual([404, "domain_not_found"]);
    const noRule = await apiError(owner.getRoutingRule(shop, OTHER_UUID));
    expect([noRule.status, noRule.error]).toEqual([404, "rule_not_found"]);
    const badId = await apiError(owner.getRoutingRule(shop, "not-a-uuid"));
    expect([badId.status, badId.error]).toEqual([400, "invalid_request"]);
    const tooLarge = await apiError(owner.purgeCache({ domain: "x".repeat(2 ** 20), path: "/" }));
    expect([tooLarge.status, tooLarge.error]).toEqual([413, "invalid_request"]);
  });

  it("surfaces get-snapshot's own error bodies, without a message of their own", async () => {
    const blobs = { down: false };
    const world = await createApiWorld({
      makeDeps: async () => {
        const deps = createMemoryStores();
        const inner = deps.blobs;
        const guard = <T>(run: () => Promise<T>) =>
          blobs.down ? Promise.reject(new BlobStoreUnavailable("down (test)")) : run();
        deps.blobs = { ...inner, getBlob: (key) => guard(() => inner.getBlob(key)) };
        return { deps };
      },
      bridge: async (crawlgate) => ({ fetch: createFetchHandler(crawlgate) }),
    });
    api = { close: () => world.close() } as InProcess;
    const handle = createFetchHandler(world.crawlgate);
    const client = createCrawlgateClient({
      baseUrl: BASE_URL,
      apiKey: world.keys.owner,
      fetch: handle,
    });
    const { snapshot } = await world.crawlgate.snapshots.record({
      domainId: world.domains.shop.domainId,
      path: "/p",
      html: "<html></html>",
      renderStatus: 200,
    });
    const expectBody = async (call: Promise<unknown>, status: number, error: string) => {
      const e = await apiError(call);
      expect({ status: e.status, body: e.body, message: e.message }).toEqual({
        status,
        body: { error },
        message: `${status} ${error}`,
      });
      expect(e.hasServerMessage).toBe(false);
    };
    await expectBody(client.getSnapshot({}), 400, "id or snapshot_id required");
    await expectBody(client.getSnapshot({ snapshot_id: OTHER_UUID }), 404, "not found");
    // A body the client never sends, made by a fetch that breaks it on the way.
    const broken = createCrawlgateClient({
      baseUrl: BASE_URL,
      apiKey: world.keys.owner,
      fetch: (request) => handle(new Request(request, { body: "{" })),
    });
    await expectBody(broken.getSnapshot({ snapshot_id: OTHER_UUID }), 400, "invalid JSON body");
    blobs.down = true;
    const noRetry = { retry: false } as const;
    const unavailable = client.getSnapshot({ snapshot_id: snapshot.snapshotId }, noRetry);
    await expectBody(unavailable, 503, "snapshot storage unavailable");
    blobs.down = false;
    world.clock.advance(200 * 24 * 3600 * 1000);
    await world.crawlgate.snapshots.dropExpiredHtml(world.clock.now());
    await expectBody(
      client.getSnapshot({ snapshot_id: snapshot.snapshotId }),
      404,
      "snapshot not found in storage",
    );
  });
});

describe("retries of 429 and 503", () => {
  let api: InProcess;
  afterEach(() => api.close());

  /** A client whose waits move the server's fake clock instead of sleeping. */
  function clientWithFakeSleep(options: Parameters<InProcess["client"]>[1] = {}) {
    const waits: number[] = [];
    const client: CrawlgateClient = api.client(undefined, {
      sleep: async (ms) => {
        waits.push(ms);
        api.world.clock.advance(ms);
      },
      ...options,
    });
    return { client, waits };
  }

  it("retries a 429 after Retry-After and then succeeds", async () => {
    api = await inProcess({ ratePerMinute: 2 });
    const { client, waits } = clientWithFakeSleep();
    api.world.clock.advance(15_000); // the window starts now and resets 60 s later
    await client.listUserDomains();
    await client.listUserDomains();
    const third = await client.listUserDomains();
    expect(third.domainCount).toBe(2);
    expect(waits).toEqual([60_000]);
  });

  it("gives up with the typed 429 when retrying is off, bounded, or the wait is too long", async () => {
    api = await inProcess({ ratePerMinute: 1, plans: { pro: { monthlyQuota: 3 } } });
    const { client, waits } = clientWithFakeSleep({ retry: false });
    await client.listUserDomains();
    const refused = await apiError(client.listUserDomains());
    expect(summary(refused)).toEqual({
      status: 429,
      error: "rate_limit_exceeded_per_minute",
      body: { error: "rate_limit_exceeded_per_minute", usage: 1, limit: 1 },
    });
    expect(refused.retryAfter).toBe(60);
    expect(refused.isRateLimit).toBe(true);
    expect(waits).toEqual([]);

    const short = clientWithFakeSleep({ retry: { maxDelayMs: 30_000 } });
    expect((await apiError(short.client.listUserDomains())).retryAfter).toBe(60);
    expect(short.waits).toEqual([]);

    const patient = clientWithFakeSleep();
    await patient.client.listUserDomains(); // after one wait: the 2nd request of the month
    await patient.client.listUserDomains(); // the 3rd, after another wait
    expect(patient.waits).toEqual([60_000, 60_000]);
    // The month's quota is spent: its Retry-After (days) is past any wait the client accepts.
    const monthly = await apiError(patient.client.listUserDomains());
    expect(monthly.error).toBe("rate_limit_exceeded_monthly");
    expect(monthly.retryAfter).toBeGreaterThan(24 * 3600);
    expect(patient.waits).toEqual([60_000, 60_000, 60_000]);
  });

  it("retries a 503 with backoff when no Retry-After comes, at most maxRetries times", async () => {
    api = await inProcess();
    let calls = 0;
    const { client, waits } = clientWithFakeSleep({
      fetch: async () => {
        calls++;
        return calls < 3
          ? Response.json({ error: "snapshot storage unavailable" }, { status: 503 })
          : Response.json({ html: "<p>" });
      },
    });
    expect(await client.getSnapshot({ snapshot_id: OTHER_UUID })).toEqual({ html: "<p>" });
    expect(waits).toEqual([500, 1000]);
    calls = 0;
    const once = await apiError(
      client.getSnapshot({ snapshot_id: OTHER_UUID }, { retry: { maxRetries: 1 } }),
    );
    expect([once.status, once.error, calls]).toEqual([503, "snapshot storage unavailable", 2]);
  });

  it("stops waiting for a retry when the call's signal aborts", async () => {
    api = await inProcess({ ratePerMinute: 1 });
    const client = api.client(); // the default sleep: a real timer of Retry-After (60 s)
    await client.listUserDomains();
    const controller = new AbortController();
    const call = client.listUserDomains({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error("given up")), 20);
    await expect(call).rejects.toThrow("given up");
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-20T10:00:00.000Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Fri, 20 Nov 2026 10:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Fri, 20 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
