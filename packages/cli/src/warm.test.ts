import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "./main.js";
import { captureIo } from "./test-support/capture-io.js";

const capture = (status?: (text: string) => void) => captureIo(status ? { status } : {});

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const sitemap = (paths: string[]) =>
  `<urlset ${NS}>${paths.map((p, i) => `<url><loc>http://warm.test${p}</loc><lastmod>2026-11-0${(i % 9) + 1}</lastmod></url>`).join("")}</urlset>`;

describe("crawlgate warm", () => {
  let dataDir: string;
  let origin: Server;
  let originUrl: string;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "crawlgate-warm-"));
    const files: Record<string, string> = {
      "/robots.txt": "User-agent: *\nDisallow:\nSitemap: http://warm.test/from-robots.xml\n",
      "/from-robots.xml": sitemap(Array.from({ length: 12 }, (_, i) => `/r/${i}`)),
      "/listed.xml": sitemap(["/l/1", "/l/2", "/r/1"]),
      "/broken.xml": `<urlset ${NS}><url><loc>http://warm.test/x</loc>`,
    };
    origin = createServer((req, res) => {
      const body = files[req.url ?? ""];
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { "content-type": "application/xml" }).end(body);
    });
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => origin.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (args: string[], status?: (text: string) => void) => {
    const c = capture(status);
    const code = await main([...args, "--data-dir", dataDir], c.io);
    return { code, ...c };
  };

  it("sets the sitemaps and budget, then warms through the origin within the budget", async () => {
    expect((await run(["users", "create", "alice"])).code).toBe(0);
    expect(
      (await run(["domains", "add", "warm.test", "--owner", "alice", "--origin", originUrl])).code,
    ).toBe(0);
    const set = await run([
      "domains", "set", "warm.test",
      "--sitemap", "http://warm.test/listed.xml",
      "--sitemap", "http://warm.test/broken.xml",
      "--warm-budget", "10",
    ]); // biome-ignore format: flags in pairs
    expect(set.code).toBe(0);
    expect(JSON.parse(set.lines[0] as string)).toMatchObject({
      sitemaps: ["http://warm.test/listed.xml", "http://warm.test/broken.xml"],
      warmRendersPerHour: 10,
      warmSchedule: "off",
    });
    const refused = await run([
      "domains",
      "set",
      "warm.test",
      "--sitemap",
      "https://elsewhere.test/s.xml",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.errors[0]).toMatch(/not an http\(s\) URL on warm.test/);

    const dry = await run(["warm", "--domain", "warm.test", "--dry-run"]);
    expect(dry.code).toBe(0);
    const planned = JSON.parse(dry.lines[0] as string);
    expect(planned).toMatchObject({
      domain: "warm.test",
      queued: 10,
      alreadyFresh: 0,
      skipped: 0,
      budgetDeferred: 4,
    });
    expect(planned.sitemaps.map((s: { url: string }) => s.url)).toEqual([
      "http://warm.test/listed.xml",
      "http://warm.test/broken.xml",
      "http://warm.test/from-robots.xml",
    ]);
    expect(planned.sitemaps[1].error).toMatch(/^line 1: /);

    const shown: string[] = [];
    const warmed = await run(["warm", "--domain", "warm.test"], (text) => shown.push(text));
    expect(JSON.parse(warmed.lines[0] as string)).toMatchObject({ queued: 10, budgetDeferred: 4 });
    expect(shown.some((t) => t.includes("pages"))).toBe(true);
    const again = await run(["warm", "--domain", "warm.test"]);
    expect(JSON.parse(again.lines[0] as string)).toMatchObject({
      queued: 0,
      skipped: 10,
      budgetDeferred: 4,
    });
  }, 60_000);

  it("needs --domain and refuses a sitemap off the domain's host", async () => {
    expect((await run(["warm"])).code).toBe(2);
    await run(["users", "create", "bob"]);
    await run(["domains", "add", "warm.test", "--owner", "bob", "--origin", originUrl]);
    const off = await run([
      "warm",
      "--domain",
      "warm.test",
      "--sitemap",
      "http://other.test/s.xml",
    ]);
    expect(off.code).toBe(1);
    expect(off.errors.join("\n")).toMatch(/sitemapUrl must be an http\(s\) URL on warm.test/);
  }, 60_000);
});
