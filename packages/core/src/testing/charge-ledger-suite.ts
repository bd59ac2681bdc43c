import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChargeGroupBy, ChargeLedger, ChargeRow } from "../ports/index.js";
import { utcDay } from "../window/dates.js";
import { type Harness, useHarness } from "./harness.js";

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

/** A charge row with defaults; `ts` in ms after 2026-11-20T10:00Z. */
export function chargeRow(over: Partial<ChargeRow> & { eventId: string }): ChargeRow {
  return {
    domainId: "dom_a",
    botId: "chatgpt-agent",
    signatureAgent: "https://chatgpt.com",
    path: "/about",
    amountMicros: 10_000,
    currency: "USD",
    protocol: "crawler-price",
    receipt: "USD 0.01",
    ts: new Date(T0),
    ...over,
  };
}

/** The reference summary of some rows (what every adapter's `chargeTotals` must equal). */
function referenceTotals(rows: ChargeRow[], groupBy: ChargeGroupBy) {
  const groups = new Map<string, { charged: number; sum: bigint }>();
  for (const r of rows) {
    const key = [
      groupBy === "day" ? utcDay(r.ts) : "",
      groupBy === "path" ? r.path : "",
      r.botId,
      r.signatureAgent,
      r.currency,
    ].join("\u0000");
    const g = groups.get(key) ?? { charged: 0, sum: 0n };
    g.charged += 1;
    g.sum += BigInt(r.amountMicros);
    groups.set(key, g);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, g]) => {
      const [day, path, botId, signatureAgent, currency] = key.split("\u0000");
      return {
        day,
        path,
        botId,
        signatureAgent,
        currency,
        charged: g.charged,
        amountMicros: g.sum.toString(),
      };
    });
}

/** The ChargeLedger contract (see ports/charges.ts), for every adapter. */
export function chargeLedgerSuite(
  name: string,
  setup: () => Promise<Harness<{ charges: ChargeLedger }>>,
): void {
  describe(`ChargeLedger conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("stores a row once per event id and reads it back equal", async () => {
      const { charges } = h();
      const row = chargeRow({ eventId: "pc_1", path: "/a?b=1", receipt: "USD 0.01" });
      expect(await charges.recordCharge(row)).toBe(true);
      expect(await charges.recordCharge({ ...row, amountMicros: 99, path: "/other" })).toBe(false);
      expect(await charges.listCharges("dom_a", "2026-11-20", "2026-11-20", 10)).toEqual([row]);
      expect(await charges.listCharges("dom_b", "2026-11-20", "2026-11-20", 10)).toEqual([]);
      expect(await charges.listCharges("dom_a", "2026-11-21", "2026-11-30", 10)).toEqual([]);
    });

    it("of many concurrent writes of one event exactly one is stored", async () => {
      const { charges } = h();
      const row = chargeRow({ eventId: "pc_race" });
      const answers = await Promise.all(
        Array.from({ length: 16 }, () => charges.recordCharge(row)),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(await charges.listCharges("dom_a", "2026-11-20", "2026-11-20", 10)).toHaveLength(1);
    });

    it("lists by time then event id, within the window's days (both bounds), up to the limit", async () => {
      const { charges } = h();
      const rows = [
        chargeRow({ eventId: "pc_b", ts: new Date(T0) }),
        chargeRow({ eventId: "pc_a", ts: new Date(T0) }),
        chargeRow({ eventId: "pc_c", ts: new Date(T0 - DAY_MS) }),
        chargeRow({ eventId: "pc_d", ts: new Date(T0 + DAY_MS) }),
        chargeRow({ eventId: "pc_e", ts: new Date(T0 + 2 * DAY_MS) }),
      ];
      for (const row of rows) await charges.recordCharge(row);
      const listed = await charges.listCharges("dom_a", "2026-11-19", "2026-11-21", 10);
      expect(listed.map((r) => r.eventId)).toEqual(["pc_c", "pc_a", "pc_b", "pc_d"]);
      const limited = await charges.listCharges("dom_a", "2026-11-19", "2026-11-21", 2);
      expect(limited.map((r) => r.eventId)).toEqual(["pc_c", "pc_a"]);
    });

    it("sums exactly beyond 2^53 micro-units", async () => {
      const { charges } = h();
      const big = 999_999_999_999_999; // the largest price: 999,999,999.999999
      for (let i = 0; i < 12; i++) {
        await charges.recordCharge(chargeRow({ eventId: `pc_big_${i}`, amountMicros: big }));
      }
      const [total] = await charges.chargeTotals("dom_a", "2026-11-20", "2026-11-20", "payer");
      expect(total).toEqual({
        botId: "chatgpt-agent",
        signatureAgent: "https://chatgpt.com",
        day: "",
        path: "",
        currency: "USD",
        charged: 12,
        amountMicros: (BigInt(big) * 12n).toString(),
      });
    });

    it("totals equal the reference for any rows and grouping", async () => {
      const { charges } = h();
      const arbitraryRow = fc.record({
        bot: fc.constantFrom("chatgpt-agent", "signed-agent"),
        agent: fc.constantFrom("https://chatgpt.com", "https://a.example", "https://b.example"),
        path: fc.constantFrom("/", "/a", "/b/c", "/é"),
        amountMicros: fc.integer({ min: 1, max: 5_000_000 }),
        currency: fc.constantFrom("USD", "EUR"),
        dayOffset: fc.integer({ min: -2, max: 3 }),
        ms: fc.integer({ min: 0, max: DAY_MS - 1 }),
        domain: fc.constantFrom("dom_a", "dom_b"),
      });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(arbitraryRow, { maxLength: 25 }),
          fc.constantFrom<ChargeGroupBy>("payer", "day", "path"),
          async (specs, groupBy) => {
            run += 1;
            const rows = specs.map((s, i) =>
              chargeRow({
                eventId: `pc_p${run}_${i}`,
                domainId: `${s.domain}_${run}`,
                botId: s.bot,
                signatureAgent: s.agent,
                path: s.path,
                amountMicros: s.amountMicros,
                currency: s.currency,
                ts: new Date(Date.UTC(2026, 10, 20 + s.dayOffset) + s.ms),
              }),
            );
            for (const row of rows) await charges.recordCharge(row);
            const inWindow = rows.filter((r) => {
              const day = utcDay(r.ts);
              return r.domainId === `dom_a_${run}` && day >= "2026-11-19" && day <= "2026-11-22";
            });
            const totals = await charges.chargeTotals(
              `dom_a_${run}`,
              "2026-11-19",
              "2026-11-22",
              groupBy,
            );
            expect(totals).toEqual(referenceTotals(inWindow, groupBy));
          },
        ),
        { numRuns: 15 },
      );
    });
  });
}
