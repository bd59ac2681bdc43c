import { join } from "node:path";
import { createKyselyChargeLedger } from "@crawlgate/adapter-kysely";
import { createSqliteDatabase } from "@crawlgate/adapter-kysely/sqlite";
import { chargeRow } from "@crawlgate/core/testing";

const CHATGPT = { botId: "chatgpt-agent", signatureAgent: "https://chatgpt.com" };
const GOOGLE = { botId: "google-agent", signatureAgent: "https://agent.bot.goog" };
const SIGNED = { botId: "signed-agent", signatureAgent: "https://crawler.example.net" };

/**
 * What the seeded charges must show per payer, in the export's order (bot, agent, currency):
 * Bot, Signature agent, Charged requests, Amount, Currency.
 */
export const SEEDED_PAYERS = [
  [CHATGPT.botId, CHATGPT.signatureAgent, "4", "0.030001", "USD"],
  [GOOGLE.botId, GOOGLE.signatureAgent, "1", "123456789.987654", "USD"],
  [SIGNED.botId, SIGNED.signatureAgent, "2", "0.50", "EUR"],
];
/** The headline: one exact sum per currency (currency order), and the requests charged. */
export const SEEDED_TOTALS = "EUR 0.50 · USD 123456790.017655 for 7 paid requests";

/**
 * Writes charges of `domainId` into the demo's SQLite database (a second connection, as the
 * CLI's admin commands open it): an hour and thirty hours ago, both inside a 7-day window.
 */
export async function seedCharges(dataDir: string, domainId: string): Promise<void> {
  const handle = createSqliteDatabase(join(dataDir, "crawlgate.sqlite"), { writerThread: false });
  try {
    const ledger = createKyselyChargeLedger(handle);
    const hour = new Date(Date.now() - 3600_000);
    const earlier = new Date(Date.now() - 30 * 3600_000);
    const rows = [
      { ...CHATGPT, ts: hour },
      { ...CHATGPT, ts: hour, path: "/a" },
      { ...CHATGPT, ts: earlier },
      { ...CHATGPT, ts: earlier, amountMicros: 1, receipt: "USD 0.000001" },
      { ...GOOGLE, ts: hour, amountMicros: 123_456_789_987_654, receipt: "USD 123456789.987654" },
      { ...SIGNED, ts: hour, amountMicros: 250_000, currency: "EUR", receipt: "EUR 0.25" },
      { ...SIGNED, ts: earlier, amountMicros: 250_000, currency: "EUR", receipt: "EUR 0.25" },
    ];
    for (const [i, row] of rows.entries()) {
      const stored = await ledger.recordCharge(
        chargeRow({ eventId: `pc_seed_${i}`, domainId, ...row }),
      );
      if (!stored) throw new Error(`charge ${i} was stored already`);
    }
  } finally {
    await handle.close();
  }
}
