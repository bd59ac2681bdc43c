import { describe, expect, it } from "vitest";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

const policyPath = (domainId: string) => `/domains/${domainId}/crawler-policy`;

const DEFAULT = {
  rules: [],
  defaultAction: { type: "allow" },
  impostorProtection: true,
  inBandPricing: false,
  x402: null,
  contentSignals: { search: null, aiInput: null, aiTrain: null },
  contentSignalPaths: [],
  licenseUrl: null,
};

/** A policy with every match kind and action; the answer fills in the omitted fields. */
const SENT = {
  rules: [
    {
      match: { type: "botId", value: "gptbot" },
      path: " /articles/* ",
      action: { type: "block", status: 402, message: "License our archive: sales@shop.example" },
    },
    {
      match: { type: "operator", value: "Anthropic" },
      action: { type: "charge", price: { amount: "0.01", currency: "USD" } },
    },
    { match: { type: "intent", value: "training" }, action: { type: "block" } },
    { match: { type: "tier", value: "unknown" }, action: { type: "allow" } },
  ],
  defaultAction: { type: "allow" },
};
const SAVED = {
  rules: [
    { ...SENT.rules[0], path: "/articles/*" },
    {
      ...SENT.rules[1],
      path: null,
      action: { type: "charge", price: { amount: "0.01", currency: "USD" }, message: null },
    },
    { ...SENT.rules[2], path: null, action: { type: "block", status: 403, message: null } },
    { ...SENT.rules[3], path: null },
  ],
  defaultAction: { type: "allow" },
  impostorProtection: true,
  inBandPricing: false,
  x402: null,
  contentSignals: { search: null, aiInput: null, aiTrain: null },
  contentSignalPaths: [],
  licenseUrl: null,
};

const X402 = {
  network: "eip155:84532",
  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
  decimals: 6,
};

function put(world: ApiWorld, body: unknown, key = world.keys.owner, domainId?: string) {
  return world.call("PUT", policyPath(domainId ?? world.domains.shop.domainId), { key, body });
}

/** GET and PUT /domains/{domainId}/crawler-policy. */
export function policyCases(options: ApiSuiteOptions): void {
  describe("crawler policy", () => {
    const w = useWorld(options);

    it("answers the default policy, updatedAt null, before any save (any role)", async () => {
      const world = w();
      for (const key of [world.keys.owner, world.keys.manager, world.keys.viewer]) {
        const res = await world.call("GET", policyPath(world.domains.shop.domainId), { key });
        expect(res.status).toBe(200);
        expect(res.json).toEqual({ policy: DEFAULT, updatedAt: null });
      }
    });

    it("replaces the policy: {policy, cacheInvalidated} with defaults filled, then reads it back", async () => {
      const world = w();
      const res = await put(world, SENT);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(["policy", "cacheInvalidated"]);
      expect(res.json).toEqual({ policy: SAVED, cacheInvalidated: true });
      const savedAt = world.clock.now().toISOString();
      world.clock.advance(5_000);
      const got = await world.call("GET", policyPath(world.domains.shop.domainId), {
        key: world.keys.viewer,
      });
      expect(got.json).toEqual({ policy: SAVED, updatedAt: savedAt });
      // A second PUT replaces it whole; the other domains keep theirs.
      const next = await put(world, { impostorProtection: false }, world.keys.manager);
      expect(next.json.policy).toEqual({ ...DEFAULT, impostorProtection: false });
      const blog = await world.call("GET", policyPath(world.domains.blog.domainId));
      expect(blog.json).toEqual({ policy: DEFAULT, updatedAt: null });
    });

    it("saves an x402 receiver and reads it back (null by default)", async () => {
      const world = w();
      const res = await put(world, { x402: X402 });
      expect(res.status).toBe(200);
      expect(res.json.policy).toEqual({ ...DEFAULT, x402: X402 });
      const got = await world.call("GET", policyPath(world.domains.shop.domainId));
      expect(got.json.policy).toEqual({ ...DEFAULT, x402: X402 });
      expect((await put(world, { x402: null })).json.policy).toEqual(DEFAULT);
    });

    it("lets owner and manager write; viewers get 403 forbidden, before the body is read", async () => {
      const world = w();
      expect((await put(world, SENT, world.keys.manager)).status).toBe(200);
      for (const body of [SENT, { rules: "nope" }]) {
        const res = await put(world, body, world.keys.viewer);
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error: "forbidden" });
      }
      // The owner's blog, also shared back to them as viewer, stays writable: ownership wins.
      expect((await put(world, SENT, world.keys.owner, world.domains.blog.domainId)).status).toBe(
        200,
      );
    });

    it("answers 404 domain_not_found for nonexistent and inaccessible domains, 400 for bad IDs", async () => {
      const world = w();
      for (const domainId of [crypto.randomUUID(), world.domains.other.domainId]) {
        for (const method of ["GET", "PUT"]) {
          const res = await world.call(method, policyPath(domainId), {
            body: method === "PUT" ? SENT : undefined,
          });
          expect(res.status, `${method} ${domainId}`).toBe(404);
          expect(res.json).toEqual({ error: "domain_not_found" });
        }
      }
      const bad = await world.call("GET", "/domains/not-a-uuid/crawler-policy");
      expect(bad.status).toBe(400);
      expect(bad.json.error).toBe("invalid_request");
      const post = await world.call("POST", policyPath(world.domains.shop.domainId), { body: {} });
      expect(post.status).toBe(405);
    });

    it("refuses invalid policies with 400 invalid_request and a message naming the field", async () => {
      const world = w();
      const rule = (extra: object) => ({
        rules: [{ match: { type: "botId", value: "gptbot" }, action: { type: "allow" }, ...extra }],
      });
      const cases: [unknown, string][] = [
        [[], "request body must be a JSON object"],
        [{ rules: {} }, "rules must be an array"],
        [{ policy: {} }, "unknown field: policy"],
        [
          rule({ match: { type: "botId", value: "no-such-bot" } }),
          'rules.0.match.value: unknown botId "no-such-bot" (see get-bot-definitions)',
        ],
        [
          rule({ match: { type: "operator", value: "openai" } }),
          'rules.0.match.value: unknown operator "openai" (see get-bot-definitions)',
        ],
        [
          rule({ match: { type: "intent", value: "spam" } }),
          "rules.0.match.value: match.value must be one of training, answer-fetch, search-index, search-classic, social, seo-tool, ads, other",
        ],
        [rule({ path: "/a?b" }), "rules.0.path: path must not contain a query (?)"],
        [rule({ path: "a" }), 'rules.0.path: path must start with "/"'],
        [
          rule({ action: { type: "block", status: 401 } }),
          "rules.0.action.status: status must be 403 or 402",
        ],
        [
          rule({ action: { type: "charge", price: { amount: "1,00", currency: "USD" } } }),
          'rules.0.action.price.amount: price.amount must be a decimal string such as "0.01" (at most 6 decimals)',
        ],
        [
          { defaultAction: { type: "block", message: "x".repeat(501) } },
          "defaultAction.message: message must be at most 500 characters",
        ],
        [
          { rules: Array.from({ length: 201 }, () => rule({}).rules[0]) },
          "rules may hold at most 200 rules",
        ],
        [{ impostorProtection: 1 }, "impostorProtection must be true or false"],
        [{ x402: "0xabc" }, "x402 must be an object {network, asset, payTo, decimals} or null"],
        [
          { x402: { ...X402, network: "base" } },
          "x402.network must be a CAIP-2 chain id such as eip155:84532",
        ],
        [
          { x402: { ...X402, payTo: "0x 1" } },
          "x402.payTo must be an address such as 0x036CbD53842c5426634e7929541eC2318f3dCF7e (letters, digits, '_', '.', ':' or '-', at most 128)",
        ],
        [{ x402: { ...X402, decimals: 19 } }, "x402.decimals must be a whole number from 0 to 18"],
        [{ x402: { ...X402, decimals: 6.5 } }, "x402.decimals must be a whole number from 0 to 18"],
        [{ x402: { ...X402, memo: "x" } }, "x402: unknown field: memo"],
        [{ x402: { network: X402.network } }, "x402.asset must be a string"],
      ];
      for (const [body, message] of cases) {
        const res = await put(world, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json).toEqual({ error: "invalid_request", message });
      }
      const got = await world.call("GET", policyPath(world.domains.shop.domainId));
      expect(got.json).toEqual({ policy: DEFAULT, updatedAt: null });
    });

    it("reports cacheInvalidated false when the settings cache cannot be refreshed, and still saves", async () => {
      const world = w();
      world.deps.settingsCache.invalidate = async () => {
        throw new Error("cache unreachable");
      };
      const res = await put(world, SENT);
      expect(res.status).toBe(200);
      expect(res.json.cacheInvalidated).toBe(false);
      const got = await world.call("GET", policyPath(world.domains.shop.domainId));
      expect(got.json.policy).toEqual(SAVED);
    });
  });
  describe("crawler policy: rate limits", () => {
    const w = useWorld(options, { ratePerMinute: 2 });

    it("counts reads and writes against the caller's per-minute limit", async () => {
      const world = w();
      const path = policyPath(world.domains.shop.domainId);
      expect((await world.call("GET", path)).status).toBe(200);
      expect((await put(world, SENT)).status).toBe(200);
      for (const [method, body] of [["GET"], ["PUT", SENT]] as const) {
        const res = await world.call(method, path, { body });
        expect(res.status, method).toBe(429);
        expect(res.json).toEqual({ error: "rate_limit_exceeded_per_minute", usage: 2, limit: 2 });
      }
    });
  });
}
