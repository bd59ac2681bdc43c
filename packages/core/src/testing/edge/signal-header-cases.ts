import { expect, it } from "vitest";
import { addRule, putPolicy } from "./policy-cases.js";
import { BROWSER, type EdgeReply, type EdgeWorld } from "./world.js";

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2";
const CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0)";
const LICENSE = "https://shop.example.com/license.xml";
const LINK = `<${LICENSE}>; rel="license"`;

/**
 * The site says search yes, training no; `/about` allows training (first override) and, with
 * every one-segment path, refuses search (second override: its `aiTrain` comes too late for
 * `/about`). `aiInput` has no aipref key: it never shows in `Content-Usage`.
 */
const PREFERENCES = {
  contentSignals: { search: "yes", aiInput: "no", aiTrain: "no" },
  contentSignalPaths: [
    { path: "/about", aiTrain: "yes" },
    { path: "/:page", search: "no", aiTrain: "no" },
  ],
  licenseUrl: LICENSE,
};

/** The signal headers of a reply: `[Content-Usage, Link]`, `undefined` when absent. */
const signalsOf = (reply: EdgeReply) => [reply.headers["content-usage"], reply.headers.link];

/**
 * The `Content-Usage` and licence `Link` headers at the edge, shared by every bridge (part of
 * `edgeSuite`): per path with overrides, on render, cache, origin and proxy answers, merged with
 * the origin's own fields; the policy's block and charge answers name the licence only.
 */
export function signalHeaderEdgeCases(world: () => EdgeWorld): void {
  it("signal headers: Content-Usage of each path (overrides in order) and the licence on render, cache and origin answers", async () => {
    const w = world();
    await putPolicy(w, PREFERENCES);
    const render = await w.send({ path: "/about" });
    expect(render.headers["x-crawlgate-served-from"]).toBe("render");
    expect(signalsOf(render)).toEqual(["train-ai=y, search=n", LINK]);
    const cached = await w.send({ path: "/about" });
    expect(cached.headers["x-crawlgate-served-from"]).toBe("cache");
    expect(signalsOf(cached)).toEqual(["train-ai=y, search=n", LINK]);
    const head = await w.send({ method: "HEAD", path: "/about" });
    expect([head.body, ...signalsOf(head)]).toEqual(["", "train-ai=y, search=n", LINK]);
    expect(signalsOf(await w.send({ path: "/" }))).toEqual(["train-ai=n, search=y", LINK]);
    const asset = await w.send({ path: "/app.js" });
    expect(asset.headers["x-crawlgate-served-from"]).toBe("origin");
    expect(signalsOf(asset)).toEqual(["train-ai=n, search=n", LINK]);
    // People get the same fields: they describe the content, whoever fetches it.
    const person = await w.send({ path: "/about", headers: { "user-agent": BROWSER } });
    expect(person.headers["x-crawlgate-served-from"]).toBe("origin");
    expect(signalsOf(person)).toEqual(["train-ai=y, search=n", LINK]);
  });

  it("signal headers: an origin's own Link keeps its links with the licence appended; its Content-Usage keeps the keys the policy does not set", async () => {
    const w = world();
    await putPolicy(w, PREFERENCES);
    const person = await w.send({ path: "/linked", headers: { "user-agent": BROWSER } });
    expect(person.body).toContain("Linked");
    expect(signalsOf(person)).toEqual([
      "train-ai=n, x-own=n, search=n",
      `</style.css>; rel=preload, ${LINK}`,
    ]);
    // A cached render keeps none of the origin's fields: only the policy's.
    expect(signalsOf(await w.send({ path: "/linked" }))).toEqual(["train-ai=n, search=n", LINK]);
  });

  it("signal headers: a proxy rule's answers carry them, for crawlers and people", async () => {
    const w = world();
    await putPolicy(w, PREFERENCES);
    await addRule(w, {
      sourcePath: "/docs/:p*",
      targetUrl: "https://docs.example.org/:p*",
      ruleType: "proxy",
    });
    for (const userAgent of [GPTBOT, BROWSER]) {
      const reply = await w.send({ path: "/docs/guide", headers: { "user-agent": userAgent } });
      expect(reply.body).toContain("Proxied");
      expect(signalsOf(reply)).toEqual(["train-ai=n, search=y", LINK]);
    }
  });

  it("signal headers: the policy's 403 and 402 answers name the licence and carry no Content-Usage; a redirect carries neither", async () => {
    const w = world();
    await putPolicy(w, {
      ...PREFERENCES,
      rules: [
        { match: { type: "botId", value: "gptbot" }, action: { type: "block" } },
        {
          match: { type: "botId", value: "claudebot" },
          action: { type: "charge", price: { amount: "0.01", currency: "USD" } },
        },
      ],
    });
    await addRule(w, { sourcePath: "/old", targetUrl: "/about", ruleType: "redirect" });
    const blocked = await w.send({ path: "/about", headers: { "user-agent": GPTBOT } });
    expect(blocked.status).toBe(403);
    expect(signalsOf(blocked)).toEqual([undefined, LINK]);
    const charged = await w.send({ path: "/about", headers: { "user-agent": CLAUDEBOT } });
    expect([charged.status, charged.headers["crawler-price"]]).toEqual([402, "USD 0.01"]);
    expect(signalsOf(charged)).toEqual([undefined, LINK]);
    const moved = await w.send({ path: "/old" });
    expect([moved.status, ...signalsOf(moved)]).toEqual([301, undefined, undefined]);
  });

  it("signal headers: none without preferences; a licence alone, or only aiInput set, gives the Link and no Content-Usage", async () => {
    const w = world();
    const none = [
      await w.send({ path: "/about" }),
      await w.send({ path: "/about" }),
      await w.send({ path: "/linked", headers: { "user-agent": BROWSER } }),
    ];
    expect(none.map((r) => r.headers["x-crawlgate-served-from"])).toEqual([
      "render",
      "cache",
      "origin",
    ]);
    expect(none.map(signalsOf)).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      // The origin's own fields pass untouched.
      ["train-ai=y, x-own=n", "</style.css>; rel=preload"],
    ]);
    await putPolicy(w, {
      contentSignals: { aiInput: "no" },
      contentSignalPaths: [{ path: "/about", aiInput: "yes" }],
      licenseUrl: LICENSE,
    });
    expect(signalsOf(await w.send({ path: "/about" }))).toEqual([undefined, LINK]);
    expect(signalsOf(await w.send({ path: "/app.js" }))).toEqual([undefined, LINK]);
  });
}
