import { z } from "zod";
import { toCsv as csvTable } from "../../csv.js";
import { CrawlgateError } from "../../errors.js";
import { formatAmount } from "../../pay/price.js";
import type { ChargeGroupBy, ChargeTotal } from "../../ports/index.js";
import { compareUtf8 } from "../../text/compare-utf8.js";
import { STANDARD_WINDOW } from "../../window/window.js";
import type { Operation } from "../context.js";
import type { EndpointContract } from "../contract.js";
import { requiredDomainId } from "../exports/export-fields.js";
import { readableDomain, requestWindow, windowedExportHeader } from "../exports/export-scope.js";
import { windowedBody } from "../exports/window-fields.js";
import { count, day, role, uuid, windowedHeader } from "../responses/shapes.js";
import { csvDisposition } from "./export-crawl-logs/csv.js";

const GROUP_BY = ["payer", "day", "path"] as const;
const FORMATS = ["json", "csv"] as const;

const groupBy = z
  .enum(GROUP_BY, { error: `groupBy must be one of ${GROUP_BY.join(", ")}` })
  .nullable()
  .optional()
  .describe("payer (default): one row per payer and currency; day or path: also per day or path");
const format = z
  .enum(FORMATS, { error: `format must be one of ${FORMATS.join(", ")}` })
  .nullable()
  .optional()
  .describe("json (default) or csv");

/** The window, the domain (owner or manager), the grouping and the format. */
export const input = windowedBody(
  STANDARD_WINDOW,
  {},
  { domainId: requiredDomainId, groupBy, format },
);

const amount = z
  .string()
  .regex(/^\d+\.\d{2,6}$/)
  .describe('The exact sum in the currency, as a decimal string ("0.05"); never rounded');
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .describe("ISO 4217 code");

const row = z.strictObject({
  payer: z.strictObject({
    botId: z.string().describe("The paying bot (signed-agent when the taxonomy does not list it)"),
    signatureAgent: z
      .string()
      .describe("The agent origin its Web Bot Auth signature verified against"),
  }),
  day: day.optional().describe("groupBy day only: the UTC day"),
  path: z.string().optional().describe("groupBy path only: the path charged"),
  charged: count.describe("Charged requests"),
  amount,
  currency,
});

export const output = z.strictObject({
  ...windowedHeader(STANDARD_WINDOW.periods as [string, ...string[]]),
  domain: z.string(),
  domainId: uuid,
  role,
  groupBy: z.enum(GROUP_BY),
  rows: z
    .array(row)
    .describe("Sorted by day, path, bot ID, signature agent, then currency (byte order)"),
  totals: z
    .array(z.strictObject({ currency, charged: count, amount }))
    .describe("One per currency charged in the window, by currency"),
});

const CSV_TEXT =
  "format csv: RFC 4180 CSV (CRLF line ends), header row `day,path,botId,signatureAgent,currency,charged,amount` (`day` and `path` empty unless grouped by them); totals are not repeated. A text cell starting with =, +, -, @, tab or CR gets a leading '.";

export const contract: EndpointContract = {
  summary: "Export what crawlers paid",
  description:
    "Owner or manager. The charge ledger of one domain over the window: every request a crawler paid for (pay per crawl: a Web Bot Auth-verified crawler that accepted a charge rule's price and got a 2xx answer), grouped by payer (bot and signature agent) and currency, and also by UTC day or path with `groupBy`. Each charged request is counted once, however often it was retried or replayed across instances. Amounts are exact decimal strings summed from integer micro-units (at most 6 decimals); `totals` sums each currency.",
  status: 200,
  errors: ["invalid_request", "forbidden", "domain_not_found"],
  text: {
    contentType: "text/csv",
    description: CSV_TEXT,
    headers: [
      {
        name: "Content-Disposition",
        required: true,
        description: 'attachment; filename="crawler-charges-<domain>-<start>-<end>.csv"',
      },
    ],
  },
};

type Row = z.output<typeof row>;

/** One answer row of a ledger group. */
function rowOf(total: ChargeTotal, by: ChargeGroupBy): Row {
  return {
    payer: { botId: total.botId, signatureAgent: total.signatureAgent },
    ...(by === "day" ? { day: total.day } : {}),
    ...(by === "path" ? { path: total.path } : {}),
    charged: total.charged,
    amount: formatAmount(BigInt(total.amountMicros)),
    currency: total.currency,
  };
}

/** Per currency: requests and the exact sum (bigint micro-units, written as a decimal). */
function totalsOf(totals: readonly ChargeTotal[]) {
  const sums = new Map<string, { charged: number; micros: bigint }>();
  for (const t of totals) {
    const sum = sums.get(t.currency) ?? { charged: 0, micros: 0n };
    sum.charged += t.charged;
    sum.micros += BigInt(t.amountMicros);
    sums.set(t.currency, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => compareUtf8(a, b))
    .map(([code, sum]) => ({
      currency: code,
      charged: sum.charged,
      amount: formatAmount(sum.micros),
    }));
}

/** The CSV form: one line per group, through the one CSV writer. */
function toCsv(totals: readonly ChargeTotal[]): string {
  const fields = ["day", "path", "botId", "signatureAgent", "currency", "charged", "amount"];
  return csvTable(
    fields,
    totals.map((t) => [
      t.day,
      t.path,
      t.botId,
      t.signatureAgent,
      t.currency,
      t.charged,
      formatAmount(BigInt(t.amountMicros)),
    ]),
  );
}

/**
 * POST /export-crawler-charges. Order: body (400) → window (400) → domain access (404) → role
 * (403, viewers); then the ledger's sums, exact.
 */
export const run: Operation<z.output<typeof input>, z.output<typeof output> | string> = async ({
  deps,
  user,
  input,
  now,
}) => {
  const body = input();
  const window = requestWindow(body, now, STANDARD_WINDOW);
  const access = await readableDomain(deps, user, body.domainId);
  if (access.role === "viewer") throw new CrawlgateError("forbidden");
  const { domainId, hostname } = access.domain;
  const by: ChargeGroupBy = body.groupBy ?? "payer";
  const totals = await deps.charges.chargeTotals(domainId, window.startDate, window.endDate, by);
  if (body.format === "csv") {
    const disposition = csvDisposition(
      hostname,
      window.startDate,
      window.endDate,
      "crawler-charges",
    );
    return {
      status: 200,
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": disposition },
      body: toCsv(totals),
    };
  }
  return {
    status: 200,
    body: {
      ...windowedExportHeader(now, window, user),
      domain: hostname,
      domainId,
      role: access.role,
      groupBy: by,
      rows: totals.map((t) => rowOf(t, by)),
      totals: totalsOf(totals),
    },
  };
};
