import { createMemoryRobotsStore } from "@crawlgate/adapter-memory";
import { describe, expect, it } from "vitest";
import { DEFAULT_POLICY } from "../policy/schema.js";
import type { FetchLike } from "../ports/index.js";
import { silentLogger } from "../ports/index.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { createFakeClock } from "../testing/fixtures.js";
import { createRobotsTxt, type RobotsSite } from "./robots-txt.js";

const BLOCK_GPTBOT = {
  ...DEFAULT_POLICY,
  rules: [
    {
      match: { type: "botId" as const, value: "gptbot" },
      path: null,
      action: { type: "block" as const, status: 403 as const, message: null },
    },
  ],
};

function setup(answer: (url: string) => Response | Promise<Response>) {
  const clock = createFakeClock("2026-11-20T10:00:00.000Z");
  const urls: string[] = [];
  const fetch: FetchLike = async (url) => {
    urls.push(url);
    return answer(url);
  };
  const robots = createMemoryRobotsStore();
  const changed: string[] = [];
  const service = createRobotsTxt({
    fetch,
    robots,
    taxonomy: () => getTaxonomy() as Taxonomy,
    clock,
    logger: silentLogger,
    onNewVersion: (domainId) => changed.push(domainId),
  });
  return { clock, urls, robots, changed, service };
}

const site = (over: Partial<RobotsSite> = {}): RobotsSite => ({
  domainId: "d1",
  hostname: "shop.example.com",
  originUrl: "https://origin.test/app/",
  policy: DEFAULT_POLICY,
  ...over,
});

describe("createRobotsTxt", () => {
  it("fetches the origin's /robots.txt, following redirects, and caches it for five minutes", async () => {
    const t = setup((url) =>
      url === "https://origin.test/robots.txt"
        ? new Response(null, {
            status: 301,
            headers: { location: "/files/robots.txt" },
          })
        : new Response("User-agent: *\nDisallow: /x\n"),
    );
    const s = site();
    expect(await t.service.serve(s)).toBe("User-agent: *\nDisallow: /x\n");
    expect(await t.service.serve(s)).toBe("User-agent: *\nDisallow: /x\n");
    expect(t.urls).toEqual([
      "https://origin.test/robots.txt",
      "https://origin.test/files/robots.txt",
    ]);
    t.clock.advance(300_000);
    await t.service.serve(s);
    expect(t.urls).toHaveLength(4);
    // One version, and ingest was told once.
    expect((await t.robots.listRobotsVersions("d1")).length).toBe(1);
    expect(t.changed).toEqual(["d1"]);
  });

  it("follows no redirect away from the origin's host (the origin fetch reaches any address)", async () => {
    for (const location of [
      "http://169.254.169.254/latest/meta-data/",
      "http://127.0.0.1:6379/",
      "https://www.origin.test/robots.txt",
      "https://origin.test:8443/robots.txt",
      "file:///etc/passwd",
    ]) {
      const t = setup((url) =>
        url === "https://origin.test/robots.txt"
          ? new Response(null, { status: 302, headers: { location } })
          : new Response("secret: from elsewhere\n"),
      );
      expect(await t.service.serve(site({ policy: BLOCK_GPTBOT })), location).not.toContain(
        "secret",
      );
      expect(t.urls, location).toEqual(["https://origin.test/robots.txt"]);
    }
  });

  it("uses no file on 4xx, keeps the last good copy on 5xx or errors, refuses huge bodies", async () => {
    let mode: "ok" | "404" | "500" | "throw" | "huge" = "404";
    const t = setup(() => {
      if (mode === "throw") throw new Error("connection refused");
      if (mode === "huge") return new Response("#".repeat(3 * 1024 * 1024));
      return mode === "ok"
        ? new Response("User-agent: *\nDisallow: /x\n")
        : new Response("no", { status: Number(mode) });
    });
    const s = site({ policy: BLOCK_GPTBOT });
    const generated =
      "# crawlgate: generated from the crawler policy (blocked crawlers)\nUser-agent: GPTBot\nDisallow: /\n";
    expect(await t.service.serve(s)).toBe(generated);
    for (const next of ["ok", "500", "throw", "huge"] as const) {
      mode = next;
      t.clock.advance(300_000);
      expect(await t.service.serve(s)).toContain("Disallow: /x");
    }
    const preview = await t.service.preview(s);
    expect(preview.originFound).toBe(true);
    expect(preview.blocked).toEqual([{ botId: "gptbot", tokens: ["GPTBot"] }]);
  });

  it("leaves /robots.txt to the host application when there is no origin URL and nothing is blocked", async () => {
    const t = setup(() => new Response("never fetched"));
    expect(await t.service.serve(site({ originUrl: null }))).toBeNull();
    expect(await t.service.serve(site({ originUrl: null, policy: BLOCK_GPTBOT }))).toContain(
      "User-agent: GPTBot",
    );
    expect(t.urls).toEqual([]);
    const preview = await t.service.preview(site({ originUrl: null }));
    expect(preview).toEqual({ text: "", originFound: false, blocked: [] });
  });
});
