import { describe, expect, it } from "vitest";
import { chargeRow } from "../charge-ledger-suite.js";
import {
  expectDomainsNotFound,
  expectInvalidRequests,
  expectPlanAndKeyErrors,
} from "./export-errors.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld } from "./world.js";

const CHATGPT = { botId: "chatgpt-agent", signatureAgent: "https://chatgpt.com" };
const KERNEL = { botId: "signed-agent", signatureAgent: "https://search.bot.kernel.sh" };

/** Charges of the shop (and one of the blog, one outside the window). Today is 2026-11-20. */
async function seed(world: ApiWorld): Promise<void> {
  const shop = world.domains.shop.domainId;
  const at = (iso: string) => new Date(iso);
  const rows = [
    chargeRow({
      eventId: "pc_1",
      domainId: shop,
      ...CHATGPT,
      path: "/a",
      ts: at("2026-11-19T08:00:00.000Z"),
    }),
    chargeRow({
      eventId: "pc_2",
      domainId: shop,
      ...CHATGPT,
      path: "/a",
      ts: at("2026-11-20T08:00:00.000Z"),
    }),
    chargeRow({
      eventId: "pc_3",
      domainId: shop,
      ...CHATGPT,
      path: "/b",
      amountMicros: 1,
      ts: at("2026-11-20T09:00:00.000Z"),
    }),
    chargeRow({
      eventId: "pc_4",
      domainId: shop,
      ...KERNEL,
      path: "/a",
      amountMicros: 250_000,
      currency: "EUR",
      ts: at("2026-11-20T09:30:00.000Z"),
    }),
    chargeRow({ eventId: "pc_5", domainId: shop, ...CHATGPT, ts: at("2026-10-01T08:00:00.000Z") }),
    chargeRow({ eventId: "pc_6", domainId: world.domains.blog.domainId, ...CHATGPT }),
  ];
  for (const row of rows) expect(await world.deps.charges.recordCharge(row)).toBe(true);
  // The same event again (a retry on another instance) changes nothing.
  expect(await world.deps.charges.recordCharge(rows[0] as (typeof rows)[0])).toBe(false);
}

/** export-crawler-charges through the HTTP handlers. */
export function crawlerChargesCases(options: ApiSuiteOptions): void {
  describe("export-crawler-charges", () => {
    const w = useWorld(options);
    const path = "/export-crawler-charges";

    it("sums each payer's charges per currency, exactly, for owners and managers", async () => {
      const world = w();
      await seed(world);
      const domainId = world.domains.shop.domainId;
      for (const key of [world.keys.owner, world.keys.manager]) {
        const res = await world.call("POST", path, { key, body: { domainId, period: "7d" } });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({
          startDate: "2026-11-14",
          endDate: "2026-11-20",
          period: "7d",
        });
        expect(res.json.groupBy).toBe("payer");
        expect(res.json.rows).toEqual([
          { payer: CHATGPT, charged: 3, amount: "0.020001", currency: "USD" },
          { payer: KERNEL, charged: 1, amount: "0.25", currency: "EUR" },
        ]);
        expect(res.json.totals).toEqual([
          { currency: "EUR", charged: 1, amount: "0.25" },
          { currency: "USD", charged: 3, amount: "0.020001" },
        ]);
      }
      const viewer = await world.call("POST", path, {
        key: world.keys.viewer,
        body: { domainId },
      });
      expect(viewer.status).toBe(403);
      expect(viewer.json).toEqual({ error: "forbidden" });
    });

    it("groups by day or path, and answers CSV", async () => {
      const world = w();
      await seed(world);
      const domainId = world.domains.shop.domainId;
      const byDay = await world.call("POST", path, { body: { domainId, groupBy: "day" } });
      expect(byDay.json.rows).toEqual([
        { payer: CHATGPT, day: "2026-11-19", charged: 1, amount: "0.01", currency: "USD" },
        { payer: CHATGPT, day: "2026-11-20", charged: 2, amount: "0.010001", currency: "USD" },
        { payer: KERNEL, day: "2026-11-20", charged: 1, amount: "0.25", currency: "EUR" },
      ]);
      const byPath = await world.call("POST", path, { body: { domainId, groupBy: "path" } });
      expect(byPath.json.rows).toEqual([
        { payer: CHATGPT, path: "/a", charged: 2, amount: "0.02", currency: "USD" },
        { payer: KERNEL, path: "/a", charged: 1, amount: "0.25", currency: "EUR" },
        { payer: CHATGPT, path: "/b", charged: 1, amount: "0.000001", currency: "USD" },
      ]);
      const csv = await world.call("POST", path, {
        body: { domainId, groupBy: "path", format: "csv" },
      });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.headers.get("content-disposition")).toBe(
        'attachment; filename="crawler-charges-shop.example.com-2026-10-22-2026-11-20.csv"',
      );
      expect(csv.text).toBe(
        [
          "day,path,botId,signatureAgent,currency,charged,amount",
          ",/a,chatgpt-agent,https://chatgpt.com,USD,2,0.02",
          ",/a,signed-agent,https://search.bot.kernel.sh,EUR,1,0.25",
          ",/b,chatgpt-agent,https://chatgpt.com,USD,1,0.000001",
          "",
        ].join("\r\n"),
      );
      const empty = await world.call("POST", path, {
        body: { domainId, startDate: "2026-11-01", endDate: "2026-11-10" },
      });
      expect(empty.json).toMatchObject({ rows: [], totals: [] });
    });

    it("refuses bad bodies, other domains, Starter plans and missing keys", async () => {
      const world = w();
      const domainId = world.domains.shop.domainId;
      const call = (body: unknown) => world.call("POST", path, { body });
      await expectInvalidRequests(call, [
        [{}, /domainId is required/],
        [{ domainId, groupBy: "bot" }, /groupBy must be one of payer, day, path/],
        [{ domainId, format: "parquet" }, /format must be one of json, csv/],
        [{ domainId, period: "14d" }, /period must be one of/],
        [{ domainId, startDate: "2026-11-21" }, /future/],
        [{ domainId, currency: "USD" }, /unknown field: currency/],
      ]);
      await expectDomainsNotFound(world, call);
      await expectPlanAndKeyErrors(world, path);
    });
  });
}
