import { expect, it } from "vitest";
import { BLOCKED_MESSAGE, CHARGE_MESSAGE } from "../../edge/policy-gate.js";
import { getTaxonomy, type Taxonomy } from "../../taxonomy/registry.js";
import type { BotDefinition } from "../../taxonomy/schema.js";
import { BROWSER, CLIENT_IP, type EdgeWorld } from "./world.js";

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2";
const CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0)";
const CURL = "curl/8.5.0";
/** Addresses in OpenAI's and Anthropic's published ranges: their crawlers are genuine. */
const GPTBOT_IP = "132.196.86.10";
const CLAUDEBOT_IP = "216.73.216.5";
/** Not in Google's published ranges, and no reverse DNS: a Googlebot UA from here is an impostor. */
const IMPOSTOR_IP = "203.0.113.9";

const ua = (userAgent: string) => ({ "user-agent": userAgent });

/** A call of the instance's API as the domain's owner: its status and JSON body. */
async function ownerCall(w: EdgeWorld, method: string, path: string, body: unknown) {
  const response = await w.crawlgate.api.handle({
    method,
    path: `/functions/v1/domains/${w.domainId}/${path}`,
    query: {},
    headers: { authorization: `Bearer ${w.apiKey}`, "content-type": "application/json" },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
  return { status: response.status, json: JSON.parse(String(response.body)) as unknown };
}

/** Saves the domain's crawler policy through the API, as its owner. */
export async function putPolicy(w: EdgeWorld, policy: unknown) {
  const saved = await ownerCall(w, "PUT", "crawler-policy", policy);
  expect(saved.status).toBe(200);
  return saved.json as { cacheInvalidated: boolean };
}

/** Adds a routing rule to the domain through the API, as its owner. */
export async function addRule(w: EdgeWorld, rule: Record<string, string>) {
  expect((await ownerCall(w, "POST", "routing-rules", rule)).status).toBe(201);
}

const BLOCK_UNKNOWN = { match: { type: "tier", value: "unknown" }, action: { type: "block" } };

/** The crawler policy at the edge: shared by every bridge (part of `edgeSuite`). */
export function policyEdgeCases(world: () => EdgeWorld): void {
  it("policy: each match kind and action, first matching rule wins, humans never meet it", async () => {
    const w = world();
    await w.crawlgate.ingest.ranges.ready();
    await putPolicy(w, {
      rules: [
        { match: { type: "botId", value: "gptbot" }, path: "/about", action: { type: "allow" } },
        {
          match: { type: "botId", value: "gptbot" },
          action: { type: "block", message: "No AI training here" },
        },
        { match: { type: "operator", value: "Anthropic" }, action: { type: "block", status: 402 } },
        {
          match: { type: "intent", value: "search-classic" },
          path: "/premium/*",
          action: { type: "charge", price: { amount: "0.01", currency: "USD" } },
        },
        BLOCK_UNKNOWN,
      ],
    });
    const allowed = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: GPTBOT_IP });
    expect([allowed.status, allowed.headers["x-crawlgate-served-from"]]).toEqual([200, "render"]);

    const blocked = await w.send({ path: "/", headers: ua(GPTBOT), clientIp: GPTBOT_IP });
    expect(blocked.status).toBe(403);
    expect(blocked.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(blocked.body)).toEqual({
      error: "crawler_blocked",
      message: "No AI training here",
    });

    const licensed = await w.send({
      path: "/about",
      headers: ua(CLAUDEBOT),
      clientIp: CLAUDEBOT_IP,
    });
    expect(licensed.status).toBe(402);
    expect(JSON.parse(licensed.body)).toEqual({
      error: "crawler_blocked",
      message: BLOCKED_MESSAGE,
    });

    const charged = await w.send({ path: "/premium/report" });
    expect(charged.status).toBe(402);
    expect(charged.headers["crawler-price"]).toBe("USD 0.01");
    expect(JSON.parse(charged.body)).toEqual({
      error: "payment_required",
      message: CHARGE_MESSAGE,
      price: { amount: "0.01", currency: "USD" },
    });
    // Googlebot elsewhere: no rule matches, the default allows (the page is in the cache now).
    const free = await w.send({ path: "/about" });
    expect([free.status, free.headers["x-crawlgate-served-from"]]).toEqual([200, "cache"]);

    const automation = await w.send({ path: "/about", headers: ua(CURL) });
    expect(automation.status).toBe(403);
    const human = await w.send({ path: "/about", headers: ua(BROWSER) });
    expect([human.status, human.headers["x-crawlgate-served-from"]]).toEqual([200, "origin"]);

    const head = await w.send({
      method: "HEAD",
      path: "/",
      headers: ua(GPTBOT),
      clientIp: GPTBOT_IP,
    });
    expect([head.status, head.body]).toEqual([403, ""]);

    // Denied requests never reached the origin or the renderer: one render, one human visit.
    expect(w.origin.hits).toEqual(["GET /about", "GET /about"]);
    const rows = await w.crawls();
    expect(rows.map((r) => [r.path, r.botId, r.status, r.servedFrom, r.bytes > 0])).toEqual([
      ["/about", "gptbot", 200, "render", true],
      ["/", "gptbot", 403, "origin", true],
      ["/about", "claudebot", 402, "origin", true],
      ["/premium/report", "googlebot", 402, "origin", true],
      ["/about", "googlebot", 200, "cache", true],
      ["/about", "unknown", 403, "origin", true],
      ["/", "gptbot", 403, "origin", false],
    ]);
    expect(rows[1]?.bytes).toBe(new TextEncoder().encode(blocked.body).byteLength);
  });

  it("policy: a blocked crawler is refused however it spells the path or marks itself", async () => {
    const w = world();
    await w.crawlgate.ingest.ranges.ready();
    await putPolicy(w, {
      rules: [
        { match: { type: "botId", value: "gptbot" }, path: "/about", action: { type: "block" } },
      ],
    });
    const attempts: { path: string; headers: Record<string, string> }[] = [
      { path: "/about", headers: ua(GPTBOT) },
      { path: "/ABOUT/", headers: ua(GPTBOT) },
      { path: "/about?x=1", headers: ua(GPTBOT) },
      { path: "/%61bout", headers: ua(GPTBOT) },
      { path: "/x/%2E%2E/about", headers: ua(GPTBOT) },
      // The render marker is a plain header: sending it must not pass the policy.
      { path: "/about", headers: { ...ua(GPTBOT), "x-crawlgate-render": "1" } },
    ];
    for (const attempt of attempts) {
      const answer = await w.send({ ...attempt, clientIp: GPTBOT_IP });
      expect(answer.status, JSON.stringify(attempt)).toBe(403);
    }
    expect(w.origin.hits).toEqual([]);
  });

  it("policy: a default block applies to crawlers no rule names; routing rules come first", async () => {
    const w = world();
    await putPolicy(w, {
      rules: [{ match: { type: "botId", value: "googlebot" }, action: { type: "allow" } }],
      defaultAction: { type: "block", status: 402, message: "Licence required" },
    });
    await addRule(w, { sourcePath: "/old", targetUrl: "/about" });
    const redirected = await w.send({ path: "/old", headers: ua(GPTBOT), clientIp: GPTBOT_IP });
    expect([redirected.status, redirected.headers.location]).toEqual([301, "/about"]);
    const blocked = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: GPTBOT_IP });
    expect(blocked.status).toBe(402);
    expect(JSON.parse(blocked.body).message).toBe("Licence required");
    expect((await w.send({ path: "/about" })).status).toBe(200);
    expect(w.origin.hits).toEqual(["GET /about"]);
  });

  it("policy: a denied crawler never gets content through a proxy rule; a redirect still answers", async () => {
    const w = world();
    await w.crawlgate.ingest.ranges.ready();
    await putPolicy(w, {
      rules: [{ match: { type: "botId", value: "gptbot" }, action: { type: "block" } }],
    });
    await addRule(w, {
      sourcePath: "/docs/:p*",
      targetUrl: "https://docs.example.org/:p*",
      ruleType: "proxy",
    });
    await addRule(w, { sourcePath: "/docs/old", targetUrl: "/docs/new", ruleType: "redirect" });
    const gptbot = { headers: ua(GPTBOT), clientIp: GPTBOT_IP };

    const blocked = await w.send({ path: "/docs/guide", ...gptbot });
    expect(blocked.status).toBe(403);
    expect(JSON.parse(blocked.body).error).toBe("crawler_blocked");
    const head = await w.send({ method: "HEAD", path: "/docs/guide", ...gptbot });
    expect([head.status, head.body]).toEqual([403, ""]);
    // A redirect carries no content: it answers before the policy, for everyone.
    const redirected = await w.send({ path: "/docs/old", ...gptbot });
    expect([redirected.status, redirected.headers.location]).toEqual([301, "/docs/new"]);
    // An allowed crawler and a person are proxied as before.
    const allowed = await w.send({ path: "/docs/guide" });
    expect([allowed.status, allowed.body]).toEqual([200, expect.stringContaining("Proxied")]);
    const human = await w.send({ path: "/docs/guide", headers: ua(BROWSER) });
    expect([human.status, human.body]).toEqual([200, expect.stringContaining("Proxied")]);

    const upstream = "PROXY https://docs.example.org/guide";
    expect(w.origin.hits).toEqual([upstream, upstream]);
    const rows = await w.crawls();
    expect(rows.map((r) => [r.path, r.botId, r.status, r.servedFrom])).toEqual([
      ["/docs/guide", "gptbot", 403, "origin"],
      ["/docs/guide", "gptbot", 403, "origin"],
      ["/docs/guide", "googlebot", 200, "origin"],
    ]);
  });

  it("policy: a change applies on the next request, with cacheInvalidated true", async () => {
    const w = world();
    expect(
      (await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: GPTBOT_IP })).status,
    ).toBe(200);
    const saved = await putPolicy(w, {
      rules: [{ match: { type: "intent", value: "training" }, action: { type: "block" } }],
    });
    expect(saved.cacheInvalidated).toBe(true);
    expect(
      (await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: GPTBOT_IP })).status,
    ).toBe(403);
    expect((await putPolicy(w, {})).cacheInvalidated).toBe(true);
    const again = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: GPTBOT_IP });
    expect([again.status, again.headers["x-crawlgate-served-from"]]).toEqual([200, "cache"]);
    expect(w.origin.hits).toEqual(["GET /about"]);
  });

  it("policy: a block or charge of a bot, operator or intent refuses every claim of it, from any address", async () => {
    const w = world();
    await w.crawlgate.ingest.ranges.ready();
    // OpenAI's published range, an impostor's address, Google's range, a laptop on loopback.
    const addresses = [GPTBOT_IP, IMPOSTOR_IP, CLIENT_IP, "127.0.0.1"];
    const charge = { type: "charge", price: { amount: "0.01", currency: "USD" } };
    const cases = [
      { match: { type: "botId", value: "gptbot" }, action: { type: "block" }, status: 403 },
      { match: { type: "operator", value: "OpenAI" }, action: { type: "block" }, status: 403 },
      { match: { type: "intent", value: "training" }, action: charge, status: 402 },
    ];
    for (const impostorProtection of [true, false])
      for (const { match, action, status } of cases) {
        await putPolicy(w, { rules: [{ match, action }], impostorProtection });
        for (const clientIp of addresses) {
          const reply = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp });
          expect(reply.status, `${match.value} from ${clientIp}, ${impostorProtection}`).toBe(
            status,
          );
        }
      }
    // Behind a rule for the unknown bot, the impostor meets that rule first (policy order).
    await putPolicy(w, {
      rules: [
        { match: { type: "tier", value: "unknown" }, action: { type: "block", status: 402 } },
        { match: { type: "botId", value: "gptbot" }, action: { type: "block" } },
      ],
    });
    const first = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: IMPOSTOR_IP });
    expect(first.status).toBe(402);
    expect(w.origin.hits).toEqual([]);
    const rows = await w.crawls();
    expect(rows).toHaveLength(2 * 3 * addresses.length + 1);
    expect(new Set(rows.map((r) => r.botId))).toEqual(new Set(["gptbot"]));
  });

  it("policy: an allow never admits an impostor of the bot it allows", async () => {
    const w = world();
    await w.crawlgate.ingest.ranges.ready();
    const allow = { type: "allow" };
    await putPolicy(w, {
      rules: [
        { match: { type: "botId", value: "gptbot" }, action: allow },
        { match: { type: "operator", value: "OpenAI" }, action: allow },
        { match: { type: "intent", value: "training" }, action: allow },
        { match: { type: "tier", value: "verified" }, action: allow },
      ],
      defaultAction: { type: "block" },
    });
    const genuine = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: GPTBOT_IP });
    expect([genuine.status, genuine.headers["x-crawlgate-served-from"]]).toEqual([200, "render"]);
    for (const clientIp of [IMPOSTOR_IP, CLIENT_IP, "127.0.0.1"]) {
      const impostor = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp });
      expect([impostor.status, JSON.parse(impostor.body).error], clientIp).toEqual([
        403,
        "crawler_blocked",
      ]);
    }
    // Switched off, the owner takes claims at their word: the claim is GPTBot at tier
    // `declared`, which a `verified`-tier allow does not admit and a bot allow does.
    const verifiedOnly = { match: { type: "tier", value: "verified" }, action: allow };
    const gptbot = { match: { type: "botId", value: "gptbot" }, action: allow };
    await putPolicy(w, {
      rules: [verifiedOnly],
      defaultAction: { type: "block" },
      impostorProtection: false,
    });
    const declared = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: IMPOSTOR_IP });
    expect(declared.status).toBe(403);
    expect(w.origin.hits).toEqual(["GET /about"]);
    await putPolicy(w, {
      rules: [gptbot],
      defaultAction: { type: "block" },
      impostorProtection: false,
    });
    const taken = await w.send({ path: "/about", headers: ua(GPTBOT), clientIp: IMPOSTOR_IP });
    expect(taken.status).toBe(200);
  });

  it("policy: impostor protection turns an unverified Googlebot into `unknown` only when on", async () => {
    const w = world();
    const googlebot = (getTaxonomy() as Taxonomy).botById("googlebot") as BotDefinition;
    const { verifier } = w.crawlgate.ingest;
    await w.crawlgate.ingest.ranges.ready();
    await putPolicy(w, { rules: [BLOCK_UNKNOWN], impostorProtection: true });

    // The genuine Googlebot (Google's published ranges) passes.
    expect((await w.send({ path: "/about" })).status).toBe(200);
    // The impostor's first request: its reverse-DNS check has not run yet, so it is `declared`
    // and passes; recording the crawl runs the check, and the next request is blocked.
    expect(verifier.peek(googlebot, IMPOSTOR_IP)).toBe("pending");
    expect((await w.send({ path: "/about", clientIp: IMPOSTOR_IP })).status).toBe(200);
    await expect.poll(() => verifier.peek(googlebot, IMPOSTOR_IP)).toBe("unverified");
    const blocked = await w.send({ path: "/about", clientIp: IMPOSTOR_IP });
    expect(blocked.status).toBe(403);
    expect(JSON.parse(blocked.body).error).toBe("crawler_blocked");
    expect((await w.send({ path: "/about", clientIp: CLIENT_IP })).status).toBe(200);

    // Switched off: the same claim stays Googlebot (declared), which "block unknown" spares.
    const off = await putPolicy(w, { rules: [BLOCK_UNKNOWN], impostorProtection: false });
    expect(off.cacheInvalidated).toBe(true);
    expect((await w.send({ path: "/about", clientIp: IMPOSTOR_IP })).status).toBe(200);
    const rows = await w.crawls();
    expect(rows.map((r) => [r.botId, r.verdict, r.status])).toEqual([
      ["googlebot", "verified", 200],
      ["googlebot", "declared", 200],
      ["googlebot", "declared", 403],
      ["googlebot", "verified", 200],
      ["googlebot", "declared", 200],
    ]);
  });
}
