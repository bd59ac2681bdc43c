import { describe, expect, it } from "vitest";
import type { FetchLike, Resolver } from "../../ports/index.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

/** What the fake DNS and origin of these cases publish; tests set them. */
interface Published {
  txt: Record<string, string[]>;
  files: Record<string, { status: number; body: string }>;
  fetched: string[];
}

/** The world's deps with a TXT resolver and an origin fetch that read `published`. */
function withPublished(options: ApiSuiteOptions, published: Published): ApiSuiteOptions {
  const resolver: Resolver = {
    reverse: () => Promise.reject(new Error("NXDOMAIN")),
    forward: () => Promise.reject(new Error("NXDOMAIN")),
    txt: async (name) => {
      const values = published.txt[name];
      if (!values) throw new Error(`queryTxt ENOTFOUND ${name}`);
      return values;
    },
  };
  const originFetch: FetchLike = async (url, init) => {
    published.fetched.push(`${url} redirect=${init.redirect}`);
    const file = published.files[url];
    return file
      ? new Response(file.body, { status: file.status })
      : new Response("not found", { status: 404 });
  };
  return {
    ...options,
    makeDeps: async () => {
      const made = await options.makeDeps();
      return { ...made, deps: { ...made.deps, resolver, originFetch } };
    },
  };
}

const FILE = "https://origin.example.com/.well-known/crawlgate-verification.txt";

/** POST /domains/{domainId}/verify and the stage list-user-domains shows. */
export function verificationCases(options: ApiSuiteOptions): void {
  describe("verify-domain", () => {
    const published: Published = { txt: {}, files: {}, fetched: [] };
    const w = useWorld(withPublished(options, published));
    const reset = () => {
      published.txt = {};
      published.files = {};
      published.fetched = [];
    };

    it("answers the challenge and what was found while nothing is published, with a stable token", async () => {
      reset();
      const world = w();
      const path = `/domains/${world.domains.shop.domainId}/verify`;
      const first = await world.call("POST", path);
      expect(first.status).toBe(200);
      expect(Object.keys(first.json)).toEqual([
        "domainId",
        "verificationStage",
        "challenge",
        "message",
      ]);
      expect(first.json.domainId).toBe(world.domains.shop.domainId);
      expect(first.json.verificationStage).toBe("pending");
      const { token } = first.json.challenge;
      expect(token).toMatch(/^cg-[A-Za-z0-9_-]{32}$/);
      expect(first.json.challenge).toEqual({
        token,
        dnsName: "_crawlgate-challenge.shop.example.com",
        dnsValue: token,
        httpPath: "/.well-known/crawlgate-verification.txt",
      });
      expect(first.json.message).toContain("no record found");
      expect(first.json.message).toContain(`${FILE} answered 404`);
      expect(published.fetched).toEqual([`${FILE} redirect=manual`]);
      const again = await world.call("POST", path);
      expect(again.json.challenge.token).toBe(token);
    });

    it("says what it found when the record or the file holds something else", async () => {
      reset();
      const world = w();
      const path = `/domains/${world.domains.shop.domainId}/verify`;
      published.txt["_crawlgate-challenge.shop.example.com"] = ["cg-stale"];
      published.files[FILE] = { status: 200, body: "hello" };
      const res = await world.call("POST", path);
      expect(res.json.verificationStage).toBe("pending");
      expect(res.json.message).toContain('1 record(s) ("cg-stale"), none is the token');
      expect(res.json.message).toContain('answered 200 with "hello", not the token');
    });

    it("verifies through the TXT record: stage verified, challenge null, listed as verified", async () => {
      reset();
      const world = w();
      const path = `/domains/${world.domains.shop.domainId}/verify`;
      const { token } = (await world.call("POST", path)).json.challenge;
      published.txt["_crawlgate-challenge.shop.example.com"] = ["other", ` ${token} `];
      const res = await world.call("POST", path);
      expect(res.json).toEqual({
        domainId: world.domains.shop.domainId,
        verificationStage: "verified",
        challenge: null,
        message: "Verified through the DNS TXT record at _crawlgate-challenge.shop.example.com.",
      });
      const list = await world.call("POST", "/list-user-domains");
      const shop = list.json.domains.find(
        (d: { domain: string }) => d.domain === "shop.example.com",
      );
      expect(shop.verificationStage).toBe("verified");
      const later = await world.call("POST", path);
      expect(later.json.verificationStage).toBe("verified");
      expect(later.json.challenge).toBeNull();
    });

    it("verifies through the token file on the origin (trimmed body)", async () => {
      reset();
      const world = w();
      const path = `/domains/${world.domains.shop.domainId}/verify`;
      const { token } = (await world.call("POST", path)).json.challenge;
      published.files[FILE] = { status: 200, body: `\n${token}\r\n` };
      const res = await world.call("POST", path);
      expect(res.json.verificationStage).toBe("verified");
      expect(res.json.message).toBe(`Verified through the file ${FILE}.`);
    });

    it("does not accept the file behind a redirect", async () => {
      reset();
      const world = w();
      const path = `/domains/${world.domains.shop.domainId}/verify`;
      published.files[FILE] = { status: 302, body: "" };
      const res = await world.call("POST", path);
      expect(res.json.verificationStage).toBe("pending");
      expect(res.json.message).toContain("answered 302");
    });

    it("says a domain without an origin has no file to check", async () => {
      reset();
      const world = w();
      const res = await world.call("POST", `/domains/${world.domains.blog.domainId}/verify`);
      expect(res.json.verificationStage).toBe("pending");
      expect(res.json.message).toContain("HTTP: the domain has no origin to check.");
      expect(published.fetched).toEqual([]);
    });

    it("is the owner's: managers and viewers get 403, strangers and unknown IDs 404", async () => {
      reset();
      const world = w();
      const path = `/domains/${world.domains.shop.domainId}/verify`;
      for (const key of [world.keys.manager, world.keys.viewer]) {
        const res = await world.call("POST", path, { key });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error: "forbidden" });
      }
      const stranger = await world.call("POST", path, { key: world.keys.stranger });
      expect(stranger.status).toBe(404);
      expect(stranger.json).toEqual({ error: "domain_not_found" });
      const unknown = await world.call("POST", `/domains/${crypto.randomUUID()}/verify`);
      expect(unknown.status).toBe(404);
      expect(published.fetched).toEqual([]);
    });

    it("refuses body fields", async () => {
      reset();
      const world = w();
      const res = await world.call("POST", `/domains/${world.domains.shop.domainId}/verify`, {
        body: { token: "x" },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ error: "invalid_request", message: "unknown field: token" });
    });
  });
}
