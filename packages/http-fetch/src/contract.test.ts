import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import {
  type ApiWorld,
  createApiWorld,
  createContractChecker,
  htmlUrlThrough,
} from "@crawlgate/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFetchHandler } from "./fetch-handler.js";

const options = {
  makeDeps: async () => ({ deps: createMemoryStores() }),
  bridge: async (crawlgate: ReturnType<typeof createCrawlgate>) => ({
    fetch: createFetchHandler(crawlgate),
  }),
};

/** A real answer, as the checker reads it, with its body changed by `drift`. */
interface Answer {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

function drifted(answer: Answer, drift: (body: Record<string, unknown>) => unknown): Answer {
  return { ...answer, text: JSON.stringify(drift(JSON.parse(answer.text))) };
}

describe("the contract check", () => {
  let world: ApiWorld;
  beforeEach(async () => {
    world = await createApiWorld(options);
  });
  afterEach(() => world.close());
  const check = createContractChecker();

  async function answer(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await world.call(method, path, body === undefined ? {} : { body });
    return {
      method,
      url: `/functions/v1${path}`,
      status: res.status,
      headers: res.headers,
      text: res.text,
    };
  }

  it("passes real answers and fails each kind of drift in their shape", async () => {
    const list = await answer("POST", "/list-user-domains");
    expect(check(list)).toEqual([]);
    const domainOf = (body: Record<string, unknown>) =>
      (body.domains as Record<string, unknown>[])[0] as Record<string, unknown>;

    const added = drifted(list, (b) => ({ ...b, extra: 1 }));
    expect(check(added).join("\n")).toMatch(/must NOT have additional properties.*extra/);
    const nestedAdded = drifted(list, (b) => {
      domainOf(b).verified = true;
      return b;
    });
    expect(check(nestedAdded).join("\n")).toMatch(/body\/domains\/0 must NOT have additional/);
    const renamed = drifted(list, (b) => {
      const { domainCount, ...rest } = b;
      return { ...rest, domainsCount: domainCount };
    });
    expect(check(renamed).join("\n")).toMatch(/must have required property 'domainCount'/);
    const missing = drifted(list, (b) => {
      delete domainOf(b).createdAt;
      return b;
    });
    expect(check(missing).join("\n")).toMatch(/required property 'createdAt'/);
    const retyped = drifted(list, (b) => ({ ...b, domainCount: "2" }));
    expect(check(retyped).join("\n")).toMatch(/domainCount must be integer/);
    const badRole = drifted(list, (b) => {
      domainOf(b).role = "admin";
      return b;
    });
    expect(check(badRole).join("\n")).toMatch(/role must be equal to one of the allowed values/);

    const reordered = drifted(list, ({ userId, domainCount, domains }) => ({
      domainCount,
      userId,
      domains,
    }));
    expect(check(reordered)).toEqual([
      "POST /functions/v1/list-user-domains → 200: body fields in order domainCount, userId, domains, expected userId, domainCount, domains",
    ]);
    const nestedReordered = drifted(list, (b) => {
      const { domainId, domain, ...rest } = domainOf(b);
      (b.domains as unknown[])[0] = { domain, domainId, ...rest };
      return b;
    });
    expect(check(nestedReordered).join("\n")).toMatch(
      /body\/domains\/0 fields in order domain, domainId/,
    );

    expect(check({ ...list, status: 202 })).toEqual([
      "POST /functions/v1/list-user-domains → 202: status not documented",
    ]);
    expect(check({ ...list, headers: new Headers({ "content-type": "text/html" }) })).toEqual([
      "POST /functions/v1/list-user-domains → 200: content type text/html not documented (application/json)",
    ]);
  });

  it("checks error bodies per status and the headers the spec names", async () => {
    const domains = `/domains/${world.domains.shop.domainId}/routing-rules`;
    const created = await answer("POST", domains, { sourcePath: "/a", targetUrl: "/b" });
    expect(created.status).toBe(201);
    expect(check(created)).toEqual([]);
    const headers = new Headers(created.headers);
    headers.delete("location");
    expect(check({ ...created, headers })).toEqual([
      `POST /functions/v1${domains} → 201: header Location missing`,
    ]);

    const refused = await answer("POST", "/export-page-analytics", {});
    expect(refused.status).toBe(400);
    expect(check(refused)).toEqual([]);
    // A spec code at a status the endpoint does not answer with, and a code it never sends.
    expect(check(drifted(refused, () => ({ error: "rule_not_found" }))).length).toBeGreaterThan(0);
    expect(check({ ...refused, status: 409 })).toEqual([
      "POST /functions/v1/export-page-analytics → 409: status not documented",
    ]);
    const withStack = drifted(refused, (b) => ({ ...b, stack: "at run (x.ts:1)" }));
    expect(check(withStack).length).toBeGreaterThan(0);
  });
});

describe("GET /functions/v1/openapi.json through the fetch handler", () => {
  it("answers the document without a key, and does not count it", async () => {
    const crawlgate = createCrawlgate(createMemoryStores(), { ratePerMinute: 1 });
    const handle = createFetchHandler(crawlgate);
    for (let i = 0; i < 3; i++) {
      const res = await handle(new Request("http://api.test/functions/v1/openapi.json"));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const document = (await res.json()) as {
        openapi: string;
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      expect(document.openapi).toBe("3.1.0");
      expect(document.paths["/functions/v1/purge-cache"]?.post?.operationId).toBe("purgeCache");
    }
    const post = await handle(
      new Request("http://api.test/functions/v1/openapi.json", { method: "POST" }),
    );
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});

describe("presigned links behind a trusted proxy (fetch handler)", () => {
  const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.com" };
  const linkWith = (trustProxy: boolean) =>
    htmlUrlThrough(
      { ...options, bridge: async (c) => ({ fetch: createFetchHandler(c, { trustProxy }) }) },
      forwarded,
    );

  it("uses X-Forwarded-Proto/-Host only when trustProxy is set", async () => {
    expect(await linkWith(true)).toMatch(/^https:\/\/api\.example\.com\/functions\/v1\/files\//);
    expect(await linkWith(false)).toMatch(/^http:\/\/api\.test\/functions\/v1\/files\//);
  });
});
