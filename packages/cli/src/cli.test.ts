import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshSchema, postgresGate } from "@crawlgate/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "./commands/index.js";
import { type CliIo, main } from "./main.js";

const postgres = await postgresGate();

interface Captured extends CliIo {
  lines: string[];
  errors: string[];
}

function capture(env: NodeJS.ProcessEnv = {}, signal?: AbortSignal): Captured {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: (l) => lines.push(l),
    err: (l) => errors.push(l),
    env,
    ...(signal ? { signal } : {}),
  };
}

/** The demo seeds six months of crawls and archives every past day before its ready line. */
async function waitForLine(io: Captured): Promise<string> {
  for (let i = 0; i < 6000 && io.lines.length === 0; i++)
    await new Promise((r) => setTimeout(r, 25));
  if (io.lines.length === 0) throw new Error(`server did not start: ${io.errors.join("\n")}`);
  return io.lines[0] as string;
}

/** Offline: the range-refresh job must not download the operators' files in tests. */
const OFFLINE = { CRAWLGATE_RANGE_REFRESH: "off" };

/** Waits until a log line with `event` was written (JSON lines on stderr). */
async function waitForEvent(io: Captured, event: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const line = io.errors.find((l) => l.includes(`"event":"${event}"`));
    if (line) return JSON.parse(line);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${event} line: ${io.errors.join("\n")}`);
}

async function startDemo(dataDir: string, extra: string[] = []) {
  const controller = new AbortController();
  const io = capture(OFFLINE, controller.signal);
  const done = main(["serve", "--demo", "--port", "0", "--data-dir", dataDir, ...extra], io);
  const ready = JSON.parse(await waitForLine(io));
  return {
    ready,
    io,
    stop: async () => {
      controller.abort();
      expect(await done).toBe(0);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: test reads arbitrary JSON
const json = async (res: Promise<Response>): Promise<any> => (await res).json();

const post = (base: string, path: string, key: string, body?: unknown) =>
  fetch(`${base}/functions/v1${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** One request to the server with a Host header (fetch cannot set Host). */
function hostRequest(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * The README's edge walk-through against the demo: a crawler's first request renders (Chromium
 * runs the page's script), the next comes from the cache, a purge brings new content within
 * seconds, people get the origin, and the crawls show in the exports.
 */
// biome-ignore lint/suspicious/noExplicitAny: test reads arbitrary JSON
async function demoEdge(base: string, demo: any): Promise<void> {
  expect(demo.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const shop = { host: "shop.example.com", "user-agent": GOOGLEBOT };
  const first = await hostRequest(base, "/live", shop);
  expect(first.status).toBe(200);
  expect(first.headers["x-crawlgate-served-from"]).toBe("render");
  expect(first.body).toContain("Rendered by JavaScript");
  expect(first.body).not.toContain("<script>");
  const second = await hostRequest(base, "/live", shop);
  expect(second.headers["x-crawlgate-served-from"]).toBe("cache");
  expect(second.body).toBe(first.body);

  const purged = await json(
    post(base, "/purge-cache", demo.keys.owner, { domain: "shop.example.com", path: "/live" }),
  );
  expect(purged.queued).toBe(true);
  let fresh = second;
  for (let i = 0; i < 100 && fresh.body === first.body; i++) {
    await new Promise((r) => setTimeout(r, 100));
    fresh = await hostRequest(base, "/live", shop);
  }
  expect(fresh.headers["x-crawlgate-served-from"]).toBe("cache");
  expect(fresh.body).not.toBe(first.body);

  const person = await hostRequest(base, "/live", {
    host: "shop.example.com",
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
  });
  expect(person.headers["x-crawlgate-served-from"]).toBe("origin");
  expect(person.body).toContain("Loading…");
  // robots.txt: the demo origin's own file, fetched through the pinned origin fetch.
  const robots = await hostRequest(base, "/robots.txt", shop);
  expect([robots.status, robots.headers["x-crawlgate-robots"]]).toEqual([200, "merged"]);
  expect(robots.body).toContain("Disallow: /checkout\n");
  expect(robots.body).toMatch(/User-agent: CCBot\nDisallow: \/\n/i);
  const missing = await hostRequest(base, "/missing", shop);
  expect([missing.status, missing.headers["x-crawlgate-served-from"]]).toEqual([404, "render"]);

  const shopId = demo.domains[0].domainId;
  let live: { path: string; total: number } | undefined;
  for (let i = 0; i < 50 && !live; i++) {
    const pages = await json(
      post(base, "/export-page-analytics", demo.keys.owner, {
        domainId: shopId,
        period: "1d",
        pathPrefix: "/live",
        series: false,
      }),
    );
    live = pages.pages?.find((p: { path: string }) => p.path === "/live");
    if (!live) await new Promise((r) => setTimeout(r, 100));
  }
  expect(live?.total).toBeGreaterThanOrEqual(3);
  const snapshots = await json(
    post(base, "/export-page-snapshots", demo.keys.owner, {
      domainId: shopId,
      period: "1d",
      url: "/live",
    }),
  );
  // Today's row lists what Googlebot was served: the render, then the cache, with snapshots.
  const served = JSON.stringify(snapshots.rows);
  expect(served).toContain('"servedFrom":"render"');
  expect(served).toContain('"servedFrom":"cache"');
  expect(Object.keys(snapshots.snapshots).length).toBeGreaterThanOrEqual(2);
}

describe("crawlgate CLI", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "crawlgate-cli-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("serve --demo prints the ready line first and serves the demo world", async () => {
    const demo = await startDemo(dir, ["--renderer", "chromium"]);
    try {
      const { ready } = demo;
      expect(Object.keys(ready)).toEqual(["event", "baseUrl", "apiHosts", "siteHosts", "demo"]);
      expect(ready.event).toBe("ready");
      // Which host is which: crawlgate's own, and the demo sites' (every path there is theirs).
      expect(ready.apiHosts).toEqual(["127.0.0.1"]);
      expect(ready.siteHosts).toEqual(ready.demo.domains.map((d: { domain: string }) => d.domain));
      expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Object.keys(ready.demo.keys).sort()).toEqual([
        "manager",
        "owner",
        "revoked",
        "starter",
        "viewer",
      ]);
      expect(ready.demo.domains.map((d: { owner: string }) => d.owner)).toEqual([
        "owner",
        "owner",
        "starter",
      ]);
      const base = ready.baseUrl as string;
      const keys = ready.demo.keys as Record<string, string>;

      const domains = await json(post(base, "/list-user-domains", keys.owner as string));
      expect(domains.domainCount).toBe(2);
      expect(domains.domains.every((d: { role: string }) => d.role === "owner")).toBe(true);
      expect((await post(base, "/list-user-domains", keys.revoked as string)).status).toBe(401);
      expect((await post(base, "/list-user-domains", keys.starter as string)).status).toBe(403);
      const viewer = await json(post(base, "/list-user-domains", keys.viewer as string));
      expect(viewer.domains[0].role).toBe("viewer");

      const first = ready.demo.domains[0].domainId;
      const rules = await json(
        fetch(`${base}/functions/v1/domains/${first}/routing-rules`, {
          headers: { authorization: `Bearer ${keys.manager}` },
        }),
      );
      expect(rules.ruleCount).toBeGreaterThanOrEqual(3);
      expect(rules.limit).toBe(100);
      expect(rules.rules.some((r: { isActive: boolean }) => !r.isActive)).toBe(true);

      // Every past demo day is archived before the ready line: frozen days, the last three
      // provisional, today missing.
      const today = new Date().toISOString().slice(0, 10);
      const logs = await json(
        post(base, "/export-crawl-logs", keys.owner as string, { domainId: first, period: "7d" }),
      );
      expect(logs.rowCount).toBe(500);
      expect(logs.provisionalDays).toEqual([]);
      expect(logs.missingDays).toEqual([]);
      expect(logs.nextCursor).toEqual(expect.any(String));
      const files = await json(
        post(base, "/export-crawl-logs", keys.owner as string, {
          domainId: first,
          period: "7d",
          format: "parquet",
        }),
      );
      expect(files.missingDays).toEqual([today]);
      expect(files.provisionalDays).toHaveLength(3);
      expect(files.fileCount).toBe(6);
      const download = await fetch(new URL(files.files[0].url, base));
      expect(download.status).toBe(200);
      expect(new TextDecoder().decode((await download.arrayBuffer()).slice(0, 4))).toBe("PAR1");

      // The same server is the edge for the demo domains: rules apply by Host.
      const edgeHit = await new Promise<{ status: number; location?: string }>(
        (resolve, reject) => {
          const url = new URL(base);
          const req = httpRequest(
            {
              host: url.hostname,
              port: url.port,
              path: "/old-pricing?ref=x",
              headers: { host: "shop.example.com" },
            },
            (res) => {
              res.resume();
              resolve({
                status: res.statusCode ?? 0,
                ...(res.headers.location ? { location: res.headers.location } : {}),
              });
            },
          );
          req.on("error", reject);
          req.end();
        },
      );
      expect(edgeHit).toEqual({ status: 301, location: "/pricing?ref=x" });

      // The four maintenance jobs ran at start, each with its log line.
      expect(await waitForEvent(demo.io, "jobs.read_model_refresh")).toMatchObject({
        level: "info",
        domains: 2,
      });
      expect(await waitForEvent(demo.io, "jobs.html_retention")).toMatchObject({ dropped: 0 });
      expect(await waitForEvent(demo.io, "jobs.verification_retry")).toMatchObject({
        pending: 0,
      });
      expect(await waitForEvent(demo.io, "jobs.range_refresh")).toMatchObject({ due: false });

      await demoEdge(base, ready.demo);

      const unknown = await fetch(`${base}/elsewhere`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: "not_found" });
      expect(statSync(join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    } finally {
      await demo.stop();
    }

    // A second start seeds nothing twice and mints fresh keys; the earlier ones are revoked.
    const again = await startDemo(dir);
    try {
      const base = again.ready.baseUrl as string;
      expect(again.ready.demo.domains.map((d: { domainId: string }) => d.domainId)).toEqual(
        demo.ready.demo.domains.map((d: { domainId: string }) => d.domainId),
      );
      expect((await post(base, "/list-user-domains", again.ready.demo.keys.owner)).status).toBe(
        200,
      );
      expect((await post(base, "/list-user-domains", demo.ready.demo.keys.owner)).status).toBe(401);
      const first = again.ready.demo.domains[0].domainId;
      const rules = await json(
        fetch(`${base}/functions/v1/domains/${first}/routing-rules`, {
          headers: { authorization: `Bearer ${again.ready.demo.keys.owner}` },
        }),
      );
      expect(rules.ruleCount).toBe(4);
    } finally {
      await again.stop();
    }
  }, 180_000);

  it("generates its usage from the command table and refuses mistakes before opening a store", async () => {
    const help = capture();
    expect(await main(["--help"], help)).toBe(0);
    const text = help.lines.join("\n");
    for (const command of COMMANDS) expect(text).toContain(`crawlgate ${command.name}`);
    expect(text).toContain("crawlgate domains add <hostname> --owner <user> [--origin <url>]");

    const run = async (...args: string[]) => {
      const io = capture();
      const code = await main([...args, "--data-dir", join(dir, "untouched")], io);
      return { code, err: io.errors.join("\n") };
    };
    const typo = await run("user", "create", "alice");
    expect(typo).toMatchObject({
      code: 2,
      err: expect.stringMatching(/unknown command "user create"/),
    });
    const noOwner = await run("domains", "add", "a.example.com");
    expect(noOwner).toMatchObject({ code: 2, err: expect.stringMatching(/needs --owner <user>/) });
    expect((await run("users", "create")).err).toMatch(/users create needs <name>/);
    expect((await run("serve", "--port", "70000")).err).toMatch(/--port must be an integer/);
    expect((await run("serve", "--bogus")).code).toBe(2);
    expect((await run("day-close", "--through", "2026-02-30")).err).toMatch(
      /--through must be a date/,
    );
    const badBase = capture({ CRAWLGATE_BASE_URL: "ftp://x", ...OFFLINE });
    expect(await main(["serve", "--port", "0", "--data-dir", join(dir, "bad-base")], badBase)).toBe(
      1,
    );
    expect(badBase.errors.join("\n")).toMatch(/error: baseUrl must be an http\(s\) origin/);
    // Nothing was created on disk for any of them.
    expect(() => statSync(join(dir, "untouched"))).toThrow();
  });

  it("day-close archives past days with a progress bar on stderr and a JSON summary", async () => {
    const run = async (...args: string[]) => {
      const io = capture();
      const code = await main([...args, "--data-dir", dir], io);
      return { code, out: io.lines.join("\n"), err: io.errors.join("\n") };
    };
    expect((await run("users", "create", "alice")).code).toBe(0);
    expect((await run("domains", "add", "logs.example.com", "--owner", "alice")).code).toBe(0);
    const log = join(dir, "access.log");
    const line = (day: string) =>
      `203.0.113.9 - - [${day}:10:00:00 +0000] "GET /a HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1)"`;
    writeFileSync(log, `${line("02/Nov/2026")}\n${line("03/Nov/2026")}\n${line("03/Nov/2026")}\n`);
    expect((await run("import-logs", log, "--domain", "logs.example.com")).code).toBe(0);
    const closed = await run(
      "day-close",
      "--through",
      "2026-11-02",
      "--domain",
      "logs.example.com",
    );
    expect(closed.code).toBe(0);
    expect(JSON.parse(closed.out)).toMatchObject({
      domain: "logs.example.com",
      through: "2026-11-02",
      domainDays: 1,
      written: 1,
      frozen: 1,
      rows: 1,
    });
    expect(closed.err).toContain("[########################] 1/1 2026-11-02");
    const all = await run("day-close");
    expect(JSON.parse(all.out)).toMatchObject({ domainDays: 1, written: 1, rows: 2 });
    expect((await run("day-close", "--domain", "nope.example.com")).err).toMatch(/no domain/);
  });

  it("admin commands create users, keys and domains that the server then serves", async () => {
    const run = async (...args: string[]) => {
      const io = capture();
      const code = await main([...args, "--data-dir", dir], io);
      return { code, out: io.lines.join("\n"), err: io.errors.join("\n") };
    };
    expect((await run("users", "create", "alice", "--plan", "business")).code).toBe(0);
    expect((await run("users", "create", "bob")).code).toBe(0);
    const dup = await run("users", "create", "alice");
    expect(dup.code).toBe(1);
    expect(dup.err).toMatch(/already exists/);
    expect((await run("users", "create", "carol", "--plan", "gold")).code).toBe(1);
    const key = JSON.parse((await run("keys", "create", "alice")).out).key as string;
    const bobKey = JSON.parse((await run("keys", "create", "bob")).out);
    const added = JSON.parse(
      (await run("domains", "add", "Docs.Example.com", "--owner", "alice")).out,
    );
    expect(added.domain).toBe("docs.example.com");
    expect((await run("domains", "add", "not a host", "--owner", "alice")).code).toBe(1);
    expect(
      (await run("domains", "share", "docs.example.com", "bob", "--role", "viewer")).code,
    ).toBe(0);
    expect((await run("domains", "share", "docs.example.com", "bob", "--role", "admin")).code).toBe(
      1,
    );
    expect((await run("keys", "revoke", bobKey.keyId, "--user", "bob")).code).toBe(0);
    expect((await run("keys", "revoke", bobKey.key)).code).toBe(1);
    expect((await run("frobnicate")).code).toBe(2);
    // Edge settings: an origin (scheme, host, port only) and a page-cache lifetime.
    const set = await run(
      "domains",
      "set",
      "docs.example.com",
      "--origin",
      "HTTP://10.0.0.7:8080/",
      "--cache-ttl",
      "600",
    );
    expect(JSON.parse(set.out)).toMatchObject({
      origin: "http://10.0.0.7:8080",
      pageCacheTtlSeconds: 600,
    });
    expect(
      (await run("domains", "set", "docs.example.com", "--origin", "https://x.example/app")).err,
    ).toMatch(/origin must be/);
    expect((await run("domains", "set", "docs.example.com", "--cache-ttl", "soon")).code).toBe(1);
    expect((await run("domains", "set", "docs.example.com")).code).toBe(2);
    const cleared = await run(
      "domains",
      "set",
      "docs.example.com",
      "--origin",
      "none",
      "--cache-ttl",
      "none",
    );
    expect(JSON.parse(cleared.out)).toMatchObject({ origin: null, pageCacheTtlSeconds: null });
    // The Host the origin gets: the origin URL's (default) or the domain's.
    expect(JSON.parse(cleared.out)).toMatchObject({ originHost: "origin" });
    const publicHost = await run("domains", "set", "docs.example.com", "--origin-host", "public");
    expect(JSON.parse(publicHost.out)).toMatchObject({ originHost: "public", origin: null });
    const badHost = await run("domains", "set", "docs.example.com", "--origin-host", "edge");
    expect(badHost.code).toBe(2);
    expect(badHost.err).toMatch(/--origin-host must be one of origin, public/);
    await run("domains", "set", "docs.example.com", "--origin-host", "origin");
    // Device variants: desktop alone (default), or desktop and mobile, in that order.
    expect(JSON.parse(cleared.out)).toMatchObject({ renderVariants: ["desktop"] });
    const both = await run(
      "domains",
      "set",
      "docs.example.com",
      "--render-variants",
      "mobile,desktop",
    );
    expect(JSON.parse(both.out)).toMatchObject({ renderVariants: ["desktop", "mobile"] });
    for (const bad of ["mobile", "desktop,tablet", "desktop,desktop"]) {
      const refused = await run("domains", "set", "docs.example.com", "--render-variants", bad);
      expect(refused.code, bad).toBe(1);
      expect(refused.err, bad).toMatch(/render variants must/);
    }
    await run("domains", "set", "docs.example.com", "--render-variants", "desktop");

    // Ownership: pending (exit 1) with a stable token, then verified through the token file.
    const pending = await run("domains", "verify", "docs.example.com");
    expect(pending.code).toBe(1);
    const challenge = JSON.parse(pending.out);
    expect(challenge).toMatchObject({ domain: "docs.example.com", verificationStage: "pending" });
    expect(challenge.message).toContain("HTTP: the domain has no origin to check.");
    const token = challenge.challenge.token as string;
    expect(
      JSON.parse((await run("domains", "verify", "docs.example.com")).out).challenge.token,
    ).toBe(token);
    const tokenFile = createServer((req, res) => {
      res.end(req.url === "/.well-known/crawlgate-verification.txt" ? `${token}\n` : "");
    });
    await new Promise<void>((resolve) => tokenFile.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = tokenFile.address() as AddressInfo;
      await run("domains", "set", "docs.example.com", "--origin", `http://127.0.0.1:${port}`);
      const verified = await run("domains", "verify", "docs.example.com");
      expect(verified.code).toBe(0);
      expect(JSON.parse(verified.out)).toMatchObject({
        verificationStage: "verified",
        challenge: null,
      });
    } finally {
      tokenFile.close();
    }

    // The worker alone: ready line, then a clean stop.
    const stopWorker = new AbortController();
    const workerIo = capture(OFFLINE, stopWorker.signal);
    const worker = main(["worker", "--renderer", "fetch", "--data-dir", dir], workerIo);
    expect(JSON.parse(await waitForLine(workerIo))).toMatchObject({
      event: "ready",
      worker: "fetch",
    });
    stopWorker.abort();
    expect(await worker).toBe(0);

    const controller = new AbortController();
    const io = capture({}, controller.signal);
    const done = main(["serve", "--port", "0", "--data-dir", dir], io);
    const ready = JSON.parse(await waitForLine(io));
    try {
      expect(Object.keys(ready)).toEqual(["event", "baseUrl"]);
      const res = await json(post(ready.baseUrl, "/list-user-domains", key));
      expect(res.domains).toMatchObject([
        { domain: "docs.example.com", role: "owner", verificationStage: "verified" },
      ]);
      expect((await post(ready.baseUrl, "/list-user-domains", bobKey.key)).status).toBe(401);
    } finally {
      controller.abort();
      await done;
    }
  });
});

describe("crawlgate CLI on PostgreSQL", () => {
  postgres.when(() => {
    it("admin commands and serve share the store named by DATABASE_URL", async () => {
      const schema = freshSchema("cg_cli");
      const dir = mkdtempSync(join(tmpdir(), "crawlgate-cli-pg-"));
      const env = { DATABASE_URL: postgres.url, CRAWLGATE_DB_SCHEMA: schema };
      try {
        const run = async (...args: string[]) => {
          const io = capture(env);
          expect(await main([...args, "--data-dir", dir], io), io.errors.join("\n")).toBe(0);
          return io.lines.join("\n");
        };
        await run("users", "create", "pg-user");
        const { key } = JSON.parse(await run("keys", "create", "pg-user"));
        await run("domains", "add", "pg.example.com", "--owner", "pg-user");
        const controller = new AbortController();
        const io = capture(env, controller.signal);
        const done = main(["serve", "--port", "0", "--data-dir", dir], io);
        const ready = JSON.parse(await waitForLine(io));
        try {
          const res = await json(post(ready.baseUrl, "/list-user-domains", key));
          expect(res.domains).toMatchObject([{ domain: "pg.example.com", role: "owner" }]);
        } finally {
          controller.abort();
          await done;
        }
      } finally {
        // The schema is dropped with the run's others when every test file is done.
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

describe("crawlgate import-logs", () => {
  it("imports bot lines of an access log once, with a summary", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crawlgate-import-"));
    try {
      const log = join(dir, "access.log");
      writeFileSync(
        log,
        [
          '203.0.113.5 - - [20/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; GPTBot/1.0; +https://openai.com/gptbot)"',
          '203.0.113.6 - - [20/Nov/2026:10:00:01 +0000] "GET / HTTP/1.1" 200 100 "-" "Mozilla/5.0 (Windows NT 10.0) Chrome/120 Safari/537.36"',
          '203.0.113.7 - - [20/Nov/2026:10:00:02 +0000] "GET /api HTTP/1.1" 200 10 "-" "python-requests/2.31"',
          "not a log line",
          '66.249.64.3 - - [20/Nov/2026:10:00:04 +0000] "GET /about HTTP/1.1" 200 80 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"',
          '{"time":"2026-11-20T10:00:03Z","remote_addr":"203.0.113.8","request":"GET /docs HTTP/1.1","status":200,"body_bytes_sent":42,"http_user_agent":"Mozilla/5.0 (compatible; ClaudeBot/1.0)"}',
          "",
        ].join("\n"),
      );
      const run = async (...args: string[]) => {
        const io = capture();
        const code = await main([...args, "--data-dir", dir], io);
        return { code, out: io.lines.join("\n"), err: io.errors.join("\n") };
      };
      await run("users", "create", "owner");
      await run("domains", "add", "site.example.com", "--owner", "owner");
      const first = await run("import-logs", log, "--domain", "site.example.com");
      expect(first.code, first.err).toBe(0);
      expect(JSON.parse(first.out)).toMatchObject({
        domain: "site.example.com",
        lines: 6,
        recorded: 4,
        skipped: 1,
        malformed: 1,
        // Googlebot from inside the shipped Google range is verified offline.
        byVerdict: { declared: 2, automation: 1, verified: 1 },
      });
      expect(first.err).toMatch(/imported 6 lines/);
      const again = await run("import-logs", log, "--domain", "site.example.com");
      expect(JSON.parse(again.out)).toMatchObject({ recorded: 0, alreadyStored: 4 });
      const { createSqliteDatabase } = await import("@crawlgate/adapter-kysely/sqlite");
      const handle = createSqliteDatabase(join(dir, "crawlgate.sqlite"));
      try {
        const rows = await handle.db.selectFrom("crawl_events").select("event_id").execute();
        expect(rows).toHaveLength(4);
      } finally {
        await handle.close();
      }
      expect((await run("import-logs", log, "--domain", "nope.example.com")).code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a second serve on a held data directory", () => {
  it("refuses with a clear message before touching anything; the running server keeps its keys", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crawlgate-lock-"));
    const demo = await startDemo(dir);
    try {
      const io = capture(OFFLINE);
      const code = await main(["serve", "--demo", "--port", "0", "--data-dir", dir], io);
      expect(code).toBe(1);
      expect(io.errors.join("\n")).toMatch(
        /^error: the data directory .* is in use by a running crawlgate server \(pid \d+\); stop it or pass another --data-dir$/,
      );
      expect(io.lines).toEqual([]);
      const base = demo.ready.baseUrl as string;
      const owner = demo.ready.demo.keys.owner as string;
      expect((await post(base, "/list-user-domains", owner)).status).toBe(200);
    } finally {
      await demo.stop();
    }
    // Released on stop; a lock left by a process that is gone is taken over.
    writeFileSync(join(dir, "serve.lock"), "999999999\n");
    const again = await startDemo(dir);
    await again.stop();
    rmSync(dir, { recursive: true, force: true });
    // Two demo start-ups (each seeds and builds its read model), not one request: 30 s was tight.
  }, 120_000);
});
