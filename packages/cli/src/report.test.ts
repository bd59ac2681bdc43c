import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReportData } from "@crawlgate/dashboard";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliIo, main } from "./main.js";

/** The inline data of a report file. */
export function reportDataOf(html: string): ReportData {
  const match = /window\.__CRAWLGATE_REPORT__ = (.*);<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no report data in the file");
  return JSON.parse(match[1]) as ReportData;
}

function capture(signal?: AbortSignal) {
  const lines: string[] = [];
  const errors: string[] = [];
  const io: CliIo = {
    out: (l) => lines.push(l),
    err: (l) => errors.push(l),
    env: { CRAWLGATE_RANGE_REFRESH: "off" },
    ...(signal ? { signal } : {}),
  };
  return { io, lines, errors };
}

describe("crawlgate report", () => {
  const dir = mkdtempSync(join(tmpdir(), "crawlgate-report-"));
  const controller = new AbortController();
  const server = capture(controller.signal);
  let serving: Promise<number>;
  // biome-ignore lint/suspicious/noExplicitAny: the demo's ready line
  let ready: any;

  beforeAll(async () => {
    serving = main(["serve", "--demo", "--port", "0", "--data-dir", dir], server.io);
    for (let i = 0; i < 4800 && server.lines.length === 0; i++)
      await new Promise((r) => setTimeout(r, 25));
    ready = JSON.parse(server.lines[0] ?? "null");
    if (!ready) throw new Error(`demo did not start: ${server.errors.join("\n")}`);
  }, 150_000);

  afterAll(async () => {
    controller.abort();
    await serving;
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes one self-contained file whose totals are the API's, for the owner", async () => {
    const shop = ready.demo.domains[0];
    const out = join(dir, "report.html");
    const cli = capture();
    const code = await main(
      ["report", "--domain", shop.domain, "--period", "7d", "-o", out, "--data-dir", dir],
      cli.io,
    );
    expect(code, cli.errors.join("\n")).toBe(0);
    expect(JSON.parse(cli.lines[0] ?? "{}")).toMatchObject({ report: out, domain: shop.domain });
    const html = readFileSync(out, "utf8");
    // Self-contained: no external script, stylesheet, image or frame source.
    expect(html).not.toMatch(/<(script|img|iframe)[^>]+src=|<link[^>]+href=/i);
    expect(html).toContain("default-src 'none'");
    const data = reportDataOf(html);
    expect(data).toMatchObject({ domain: shop.domain, domainId: shop.domainId, period: "7d" });

    // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON
    const api: any = await fetch(`${ready.baseUrl}/functions/v1/export-crawl-analytics`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${ready.demo.keys.owner}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ period: "7d", domainId: shop.domainId }),
    }).then((r) => r.json());
    const key = `POST /export-crawl-analytics {"domainId":${JSON.stringify(shop.domainId)},"period":"7d"}`;
    const stored = data.answers[key];
    expect(stored?.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON
    const body = stored?.body as any;
    expect(body.domains[0].summary).toEqual(api.domains[0].summary);
    expect(body.domains[0].botTotals).toEqual(api.domains[0].botTotals);
    expect(api.domains[0].summary.totalCrawls).toBeGreaterThan(0);
    // Every view of the report has its data: top pages with drill-downs, referrals.
    const paths = Object.keys(data.answers).map((k) => k.split(" ")[1]);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/get-bot-definitions",
        "/export-page-analytics",
        "/export-ai-referrals",
      ]),
    );
    expect(paths.filter((p) => p === "/export-page-analytics").length).toBeGreaterThan(1);
    for (const answer of Object.values(data.answers)) expect(answer.status).toBe(200);
  });

  it("refuses an unknown domain and an unknown period", async () => {
    const cli = capture();
    expect(
      await main(
        ["report", "--domain", "nope.example", "-o", join(dir, "x.html"), "--data-dir", dir],
        cli.io,
      ),
    ).toBe(1);
    expect(cli.errors.join("\n")).toContain('no domain "nope.example"');
    const bad = capture();
    expect(
      await main(
        ["report", "--domain", "x.example", "--period", "2d", "-o", "x.html", "--data-dir", dir],
        bad.io,
      ),
    ).toBe(2);
    expect(bad.errors.join("\n")).toContain("--period must be one of");
  });
});
