import { parquetReadObjects } from "hyparquet/src/index.js";
import { describe, expect, it } from "vitest";
import { closeArchive } from "../../archive/close-archive.js";
import type { CrawlRecord } from "../../types.js";
import { at, recordCrawls } from "./crawl-rows.js";
import {
  expectDomainsNotFound,
  expectInvalidRequests,
  expectPlanAndKeyErrors,
} from "./export-errors.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

/** Closes the archive as of the world's clock, with small parts so pages cross them. */
export const closeDays = (world: ApiWorld, partRows = 3) =>
  closeArchive(world.deps, world.clock.now(), { partRows });

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      // CRLF ends the record at the LF.
    } else if (c === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}

const rowsOf = (rows: Partial<CrawlRecord>[]) => rows;

/** Downloads a Parquet file of an export through its link (no key): the answer and its rows. */
export async function downloadParquet(world: ApiWorld, link: string) {
  const url = new URL(link);
  const download = await world.call(
    "GET",
    `${url.pathname.replace("/functions/v1", "")}${url.search}`,
    { key: null },
  );
  expect(download.status).toBe(200);
  const rows = await parquetReadObjects({ file: download.bytes.buffer as ArrayBuffer });
  return { download, rows };
}

/** export-crawl-logs through the HTTP handlers. The world's today is 2026-11-20. */
export function crawlLogsCases(options: ApiSuiteOptions): void {
  describe("export-crawl-logs", () => {
    const w = useWorld(options);
    const call = (body: unknown, key?: string) =>
      w().call("POST", "/export-crawl-logs", { body, ...(key ? { key } : {}) });
    const shop = () => w().domains.shop.domainId;

    it("pages every archived row of the window oldest to newest across parts and days", async () => {
      const world = w();
      await recordCrawls(
        world,
        shop(),
        rowsOf([
          ...[0, 1, 2, 3, 4].map((h) => ({ ts: at("2026-11-14", h + 1), path: `/a/${h}` })),
          ...[0, 1, 2].map((h) => ({ ts: at("2026-11-18", h + 1), path: `/b/${h}` })),
          {
            ts: at("2026-11-19", 5),
            path: "/c",
            verdict: "verified",
            botOperator: "Google",
            matchedRange: "66.249.64.0/27",
            contentHash: "ab".repeat(16),
            servedFrom: "render",
            status: 304,
            bytes: 77,
            signatureAgent: "https://chatgpt.com",
            signature: "verified",
          },
          // Today: not archived yet. Another domain: never listed.
          { ts: at("2026-11-20", 1), path: "/today" },
        ]),
      );
      await recordCrawls(world, world.domains.other.domainId, [{ ts: at("2026-11-18") }]);
      await closeDays(world);
      const seen: string[] = [];
      let res = await call({ domainId: shop(), period: "7d", pageSize: 4 });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "generatedAt",
        "period",
        "startDate",
        "endDate",
        "userId",
        "domain",
        "domainId",
        "role",
        "format",
        "rows",
        "rowCount",
        "missingDays",
        "provisionalDays",
        "nextCursor",
      ]);
      expect(res.json).toMatchObject({
        period: "7d",
        startDate: "2026-11-14",
        endDate: "2026-11-20",
        domain: "shop.example.com",
        role: "owner",
        format: "json",
        rowCount: 4,
        missingDays: [],
        provisionalDays: [],
      });
      const pages = [res.json];
      while (res.json.nextCursor) {
        res = await call({ cursor: res.json.nextCursor, period: "ignored" });
        expect(res.status).toBe(200);
        expect(res.json.period).toBeNull();
        pages.push(res.json);
      }
      for (const page of pages) seen.push(...page.rows.map((r: { path: string }) => r.path));
      expect(seen).toEqual(["/a/0", "/a/1", "/a/2", "/a/3", "/a/4", "/b/0", "/b/1", "/b/2", "/c"]);
      expect(pages.map((p) => p.rowCount)).toEqual([4, 4, 1]);
      const last = pages[2];
      expect(last.nextCursor).toBeNull();
      expect(last.provisionalDays).toEqual(["2026-11-18", "2026-11-19"]);
      expect(last.missingDays).toEqual(["2026-11-20"]);
      expect(last.rows[0]).toEqual({
        ts: "2026-11-19T05:00:00.000Z",
        domain: "shop.example.com",
        path: "/c",
        userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1)",
        uaHash: "0123456789abcdef",
        servedFrom: "render",
        status: 304,
        bytes: 77,
        botOperator: "Google",
        matchedRange: "66.249.64.0/27",
        tier: "verified",
        contentHash: "ab".repeat(16),
        signatureAgent: "https://chatgpt.com",
        signature: "verified",
      });
      expect(pages[0].rows[0]).toMatchObject({ signatureAgent: null, signature: null });
    });

    it("reports days not closed yet as missing and quiet closed days as neither", async () => {
      const world = w();
      await recordCrawls(world, shop(), [{ ts: at("2026-11-17") }]);
      let res = await call({ domainId: shop(), period: "7d" });
      expect(res.json.missingDays).toEqual([
        "2026-11-14",
        "2026-11-15",
        "2026-11-16",
        "2026-11-17",
        "2026-11-18",
        "2026-11-19",
        "2026-11-20",
      ]);
      expect(res.json.rows).toEqual([]);
      expect(res.json.nextCursor).toBeNull();
      await closeDays(world);
      res = await call({ domainId: shop(), period: "7d" });
      expect(res.json).toMatchObject({
        rowCount: 1,
        missingDays: ["2026-11-20"],
        provisionalDays: ["2026-11-17"],
      });
    });

    it("filters by operator (any case), tier, servedFrom and a literal path prefix", async () => {
      const world = w();
      await recordCrawls(world, shop(), [
        { ts: at("2026-11-18", 1), path: "/100%_off", verdict: "verified", botOperator: "Google" },
        { ts: at("2026-11-18", 2), path: "/100x_off", verdict: "verified", botOperator: "Google" },
        { ts: at("2026-11-18", 3), path: "/100%_off/b", verdict: "declared", servedFrom: "origin" },
        { ts: at("2026-11-18", 4), path: "/z", verdict: "automation", botOperator: "OpenAI" },
      ]);
      await closeDays(world);
      const paths = async (body: Record<string, unknown>) => {
        const res = await call({ domainId: shop(), period: "7d", ...body });
        expect(res.status, JSON.stringify(body)).toBe(200);
        return res.json.rows.map((r: { path: string }) => r.path);
      };
      expect(await paths({ botOperator: "google" })).toEqual(["/100%_off", "/100x_off"]);
      expect(await paths({ botOperator: ["OPENAI", "nobody"] })).toEqual(["/z"]);
      expect(await paths({ tier: "automation" })).toEqual(["/z"]);
      expect(await paths({ tier: ["declared", "verified"], servedFrom: "cache" })).toEqual([
        "/100%_off",
        "/100x_off",
      ]);
      expect(await paths({ pathPrefix: "/100%_" })).toEqual(["/100%_off", "/100%_off/b"]);
      expect(await paths({ pathPrefix: "/100%_off/", servedFrom: ["origin"] })).toEqual([
        "/100%_off/b",
      ]);
    });

    it("refuses a cursor into a provisional day rewritten since, which then shows upgraded tiers", async () => {
      const world = w();
      await recordCrawls(world, shop(), [
        { eventId: "ev-1", ts: at("2026-11-19", 1), verdict: "declared" },
        { eventId: "ev-2", ts: at("2026-11-19", 2), verdict: "declared" },
      ]);
      await closeDays(world);
      const first = await call({ domainId: shop(), period: "7d", pageSize: 1 });
      expect(first.json.rows[0].tier).toBe("declared");
      await world.deps.crawls.upgradeToVerified("ev-2", "Google", "66.249.64.0/27");
      world.clock.set(new Date("2026-11-21T00:30:00.000Z"));
      await closeDays(world);
      const stale = await call({ cursor: first.json.nextCursor });
      expect(stale.status).toBe(400);
      expect(stale.json.error).toBe("invalid_cursor");
      const again = await call({ domainId: shop(), period: "7d" });
      expect(again.json.rows.map((r: { tier: string }) => r.tier)).toEqual([
        "declared",
        "verified",
      ]);
    });

    it("answers CSV pages that round-trip through an RFC 4180 parser, formulas neutralised", async () => {
      const world = w();
      const nasty = [
        { ts: at("2026-11-18", 1), path: "/a,b", userAgent: 'Bot "quoted", with, commas' },
        { ts: at("2026-11-18", 2), path: "/ünïcödé/日本", userAgent: "line\r\nbreak\nbot" },
        { ts: at("2026-11-18", 3), path: "/=cmd", userAgent: '=HYPERLINK("x")' },
        { ts: at("2026-11-18", 4), path: "/-1", userAgent: "+SUM(1)" },
        { ts: at("2026-11-18", 5), path: "/@x", userAgent: "@evil", contentHash: null },
        {
          ts: at("2026-11-18", 6),
          path: "/ok",
          userAgent: "-x",
          botOperator: "Google",
          signatureAgent: "https://=agent.example",
          signature: "invalid" as const,
        },
        { ts: at("2026-11-18", 7), path: "/a;=cmd", userAgent: "x;\t@SUM(1)\n-2" },
      ];
      await recordCrawls(world, shop(), nasty);
      await closeDays(world);
      const body = {
        domainId: shop(),
        startDate: "2026-11-18",
        endDate: "2026-11-19",
        format: "csv",
        pageSize: 4,
      };
      const first = await call(body);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(first.headers.get("content-disposition")).toBe(
        'attachment; filename="crawl-logs-shop.example.com-2026-11-18-2026-11-19.csv"',
      );
      expect(first.headers.get("x-provisional-days")).toBe("2026-11-18");
      expect(first.headers.get("x-missing-days")).toBe("");
      const cursor = first.headers.get("x-next-cursor");
      expect(cursor).toBeTruthy();
      const second = await call({ cursor });
      expect(second.status).toBe(200);
      expect(second.headers.get("x-next-cursor")).toBeNull();
      const [header, ...rows] = parseCsv(first.text);
      const [header2, ...rows2] = parseCsv(second.text);
      expect(header).toEqual([
        "ts",
        "domain",
        "path",
        "userAgent",
        "uaHash",
        "servedFrom",
        "status",
        "bytes",
        "botOperator",
        "matchedRange",
        "tier",
        "contentHash",
        "signatureAgent",
        "signature",
      ]);
      expect(header2).toEqual(header);
      const all = [...rows, ...rows2];
      expect(all.map((r) => r[2])).toEqual([
        "/a,b",
        "/ünïcödé/日本",
        "/=cmd",
        "/-1",
        "/@x",
        "/ok",
        // A `;`-separator spreadsheet starts a cell after the `;`: guarded there too.
        "/a;'=cmd",
      ]);
      expect(all.map((r) => r[3])).toEqual([
        'Bot "quoted", with, commas',
        "line\r\nbreak\nbot",
        '\'=HYPERLINK("x")',
        "'+SUM(1)",
        "'@evil",
        "'-x",
        "x;'\t'@SUM(1)\n'-2",
      ]);
      expect(all[0]?.slice(6, 8)).toEqual(["200", "1234"]);
      expect(all[5]?.[8]).toBe("Google");
      expect(all[4]?.[11]).toBe("");
      expect(all[4]?.slice(12)).toEqual(["", ""]);
      expect(all[5]?.slice(12)).toEqual(["https://=agent.example", "invalid"]);
      // Every cell that a spreadsheet could run starts with a quote mark.
      for (const cell of all.flat()) expect(cell).not.toMatch(/^[=+@-]/);
    });

    it("lists Parquet files with links that need no key and read back to the same rows", async () => {
      const world = w();
      await recordCrawls(world, shop(), [
        ...[1, 2, 3, 4].map((h) => ({
          ts: at("2026-11-12", h),
          path: `/old/${h}`,
          ipAsn: 15169,
          streamId: "edge-1",
        })),
        {
          ts: at("2026-11-19", 3),
          path: "/new",
          verdict: "declared" as const,
          botId: "signed-agent",
          signatureAgent: "https://agent.example",
          signature: "unverified" as const,
        },
      ]);
      await closeDays(world);
      const res = await call({ domainId: shop(), period: "30d", format: "parquet" });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        "generatedAt",
        "period",
        "startDate",
        "endDate",
        "userId",
        "domain",
        "domainId",
        "role",
        "format",
        "files",
        "fileCount",
        "missingDays",
        "provisionalDays",
        "urlExpiresAt",
      ]);
      expect(
        res.json.files.map((f: { day: string; part: number; provisional: boolean }) => [
          f.day,
          f.part,
          f.provisional,
        ]),
      ).toEqual([
        ["2026-11-12", 0, false],
        ["2026-11-12", 1, false],
        ["2026-11-19", 0, true],
      ]);
      expect(res.json.fileCount).toBe(3);
      expect(res.json.provisionalDays).toEqual(["2026-11-19"]);
      expect(res.json.missingDays).toEqual(["2026-11-20"]);
      const expiresIn = Date.parse(res.json.urlExpiresAt) - world.clock.now().getTime();
      expect(expiresIn).toBeGreaterThan(55 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
      const rows = [];
      for (const file of res.json.files) {
        expect(file.url).toMatch(/^http:\/\/[^/]+\/functions\/v1\/files\/archive\//);
        const url = new URL(file.url);
        const { download, rows: fileRows } = await downloadParquet(world, file.url);
        expect(download.bytes.length).toBe(file.sizeBytes);
        rows.push(...fileRows);
        // A tampered link (its signature's first character changed) is refused like an unknown path.
        const bad = await world.call(
          "GET",
          `${url.pathname.replace("/functions/v1", "")}${url.search.replace(/sig=(.)/, (_, c) => (c === "A" ? "sig=B" : "sig=A"))}`,
          { key: null },
        );
        expect(bad.status).toBe(404);
      }
      expect(rows.map((r) => r.path)).toEqual(["/old/1", "/old/2", "/old/3", "/old/4", "/new"]);
      expect(rows[0]).toMatchObject({
        ts: BigInt(at("2026-11-12", 1).getTime()),
        ip_asn: 15169n,
        stream_id: "edge-1",
        ua_raw: "Mozilla/5.0 (compatible; Googlebot/2.1)",
        domain: "shop.example.com",
        signature_agent: null,
        signature: null,
      });
      expect(rows[4]).toMatchObject({
        signature_agent: "https://agent.example",
        signature: "unverified",
      });
      expect(Object.keys(rows[0] as object)).not.toContain("ip");
    });

    it("refuses filters and pageSize with parquet, bad values, windows over 31 days", async () => {
      const world = w();
      const domainId = world.domains.shop.domainId;
      await expectInvalidRequests(
        (body) => call(body),
        [
          [
            { domainId, format: "parquet", tier: "verified" },
            /tier cannot be combined with format parquet/,
          ],
          [{ domainId, format: "parquet", pageSize: 10 }, /pageSize cannot be combined/],
          [{ domainId, format: "parquet", pathPrefix: "/a" }, /pathPrefix cannot be combined/],
          [{ domainId, format: "xml" }, /format must be one of json, csv, parquet/],
          [{ domainId, tier: "gold" }, /tier has an invalid value: gold/],
          [{ domainId, servedFrom: [] }, /servedFrom must be one of/],
          [{ domainId, pageSize: 2001 }, /pageSize must be an integer from 1 to 2000/],
          [{ domainId, pageSize: 0 }, /pageSize must be an integer from 1 to 2000/],
          [{ domainId, period: "90d" }, /period must be one of 1d, 7d, 30d/],
          [{ domainId, startDate: "2026-10-01" }, /at most 31/],
          [{ domainId, pathPrefix: "" }, /pathPrefix must be a string/],
          [{}, /domainId is required/],
        ],
      );
      const bad = await call({ cursor: "v1.x.y.z" });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toBe("invalid_cursor");
      await expectDomainsNotFound(world, call);
      await expectPlanAndKeyErrors(world, "/export-crawl-logs");
      const viewer = await call({ domainId }, world.keys.viewer);
      expect(viewer.status).toBe(200);
      expect(viewer.json.role).toBe("viewer");
    });
  });

  describe("export-crawl-logs with a small archive read budget", () => {
    // Under the bytes of the 50-row part below (about 1.7 KB, its footer 0.9 KB).
    const w = useWorld(options, { archiveReadBudgetBytes: 512 });
    it("refuses a page that needs more archive bytes than one request may fetch", async () => {
      const world = w();
      await recordCrawls(
        world,
        world.domains.shop.domainId,
        Array.from({ length: 50 }, (_, i) => ({ ts: at("2026-11-18", i % 24), path: `/p/${i}` })),
      );
      await closeDays(world, 1000);
      const res = await world.call("POST", "/export-crawl-logs", {
        body: { domainId: world.domains.shop.domainId },
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe("invalid_request");
      expect(res.json.message).toMatch(/narrow the window, add filters, or use format parquet/);
      const parquet = await world.call("POST", "/export-crawl-logs", {
        body: { domainId: world.domains.shop.domainId, format: "parquet" },
      });
      expect(parquet.status).toBe(200);
    });
  });
}
