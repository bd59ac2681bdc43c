import { describe, expect, it } from "vitest";
import { closeDays, downloadParquet, parseCsv } from "./crawl-logs-cases.js";
import { at, recordCrawls } from "./crawl-rows.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions } from "./world.js";

const FROZEN_DAY = "2026-11-10";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * Crawls imported for a day whose archive is frozen: the analytics count them, and the next day
 * close appends them to the day as a further frozen part, so export-crawl-logs (json, csv,
 * parquet) shows each exactly as often as the analytics count it. The world's today is
 * 2026-11-20.
 */
export function lateCrawlsCases(options: ApiSuiteOptions): void {
  describe("late crawls of a frozen day", () => {
    const w = useWorld(options);

    it("appear in every export format after the next close, as often as the analytics count them", async () => {
      const world = w();
      const shop = world.domains.shop.domainId;
      const call = (path: string, body: unknown) => world.call("POST", path, { body });
      const window = { domainId: shop, startDate: FROZEN_DAY, endDate: FROZEN_DAY };
      await recordCrawls(
        world,
        shop,
        [1, 2, 3, 4].map((h) => ({ ts: at(FROZEN_DAY, h), path: `/early/${h}` })),
      );
      await closeDays(world);
      const frozen = await call("/export-crawl-logs", { ...window, format: "parquet" });
      expect(frozen.json.files.map((f: { part: number }) => f.part)).toEqual([0, 1]);
      expect(frozen.json.provisionalDays).toEqual([]);
      // A reader is paging through the frozen day when the late crawls arrive.
      const firstPage = await call("/export-crawl-logs", { ...window, pageSize: 3 });
      expect(firstPage.json.rows.map((r: { path: string }) => r.path)).toEqual([
        "/early/1",
        "/early/2",
        "/early/3",
      ]);

      // An access log of that day imported late, one line of it twice (a replay is stored once).
      const { ingest } = world.crawlgate;
      const line = (eventId: string, hour: number, path: string) =>
        ingest.recordCrawl({
          eventId,
          domainId: shop,
          ts: at(FROZEN_DAY, hour),
          path,
          userAgent: GOOGLEBOT,
          ip: "198.51.100.4",
          servedFrom: "origin",
          status: 200,
          bytes: 10,
        });
      await line("late-1", 2, "/late/a");
      await line("late-2", 9, "/late/b");
      await line("late-1", 2, "/late/a");
      await ingest.close();
      const analytics = await call("/export-crawl-analytics", window);
      expect(analytics.status).toBe(200);
      const counted = analytics.json.domains[0].summary.totalCrawls;
      expect(counted).toBe(6);

      world.clock.set(new Date("2026-11-21T00:30:00.000Z"));
      const summary = await closeDays(world);
      expect(summary).toMatchObject({ appended: 1, rows: 2 });

      // The cursor issued before still works and runs on into the appended part.
      const paths: string[] = firstPage.json.rows.map((r: { path: string }) => r.path);
      let page = await call("/export-crawl-logs", { cursor: firstPage.json.nextCursor });
      for (;;) {
        expect(page.status).toBe(200);
        paths.push(...page.json.rows.map((r: { path: string }) => r.path));
        if (!page.json.nextCursor) break;
        page = await call("/export-crawl-logs", { cursor: page.json.nextCursor });
      }
      const expected = ["/early/1", "/early/2", "/early/3", "/early/4", "/late/a", "/late/b"];
      expect(paths).toEqual(expected);
      expect(paths).toHaveLength(counted);

      const json = await call("/export-crawl-logs", window);
      expect(json.json).toMatchObject({ rowCount: counted, provisionalDays: [], missingDays: [] });
      expect(json.json.rows.at(-2)).toMatchObject({
        ts: at(FROZEN_DAY, 2).toISOString(),
        path: "/late/a",
        userAgent: GOOGLEBOT,
        servedFrom: "origin",
        tier: "declared",
      });

      const csv = await call("/export-crawl-logs", { ...window, format: "csv" });
      expect(csv.status).toBe(200);
      const [, ...csvRows] = parseCsv(csv.text);
      expect(csvRows.map((r) => r[2])).toEqual(expected);

      const parquet = await call("/export-crawl-logs", { ...window, format: "parquet" });
      const files = parquet.json.files as { part: number; url: string; provisional: boolean }[];
      expect(files.map((f) => [f.part, f.provisional])).toEqual([
        [0, false],
        [1, false],
        [2, false],
      ]);
      // The frozen files are the same files as before.
      expect(files.slice(0, 2).map((f) => new URL(f.url).pathname)).toEqual(
        frozen.json.files.map((f: { url: string }) => new URL(f.url).pathname),
      );
      const rows = [];
      for (const file of files) rows.push(...(await downloadParquet(world, file.url)).rows);
      expect(rows.map((r) => r.path)).toEqual(expected);

      // A later close changes nothing; the analytics still count what the archive holds.
      world.clock.set(new Date("2026-11-22T00:30:00.000Z"));
      await closeDays(world);
      const again = await call("/export-crawl-logs", { ...window, format: "parquet" });
      expect(again.json.files).toHaveLength(3);
      const recount = await call("/export-crawl-analytics", window);
      expect(recount.json.domains[0].summary.totalCrawls).toBe(counted);
    });
  });
}
