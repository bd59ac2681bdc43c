// Charges port: the ledger of paid crawls, one row per charged request.

/** The wire protocols a charge is made over. */
export type ChargeProtocol = "crawler-price" | "x402";

/** One charged request. Amounts are integer micro-units (1 unit = 1,000,000). */
export interface ChargeRow {
  /** The paid request's identity: the same request sent again is the same event. */
  eventId: string;
  domainId: string;
  /** The payer: the bot and the agent origin its Web Bot Auth signature verified against. */
  botId: string;
  signatureAgent: string;
  path: string;
  /** A safe integer, above zero. */
  amountMicros: number;
  /** ISO 4217 code. */
  currency: string;
  protocol: ChargeProtocol;
  /** What the payer was given as proof (the `crawler-charged` value, an x402 transaction). */
  receipt: string;
  ts: Date;
}

/** The grouping of a charge summary. */
export type ChargeGroupBy = "payer" | "day" | "path";

/** Charged requests and their sum for one group and currency. */
export interface ChargeTotal {
  botId: string;
  signatureAgent: string;
  /** The UTC day (`groupBy` `day`), else `""`. */
  day: string;
  /** The path (`groupBy` `path`), else `""`. */
  path: string;
  currency: string;
  charged: number;
  /** The exact sum of `amountMicros`, as decimal digits (it may exceed 2^53). */
  amountMicros: string;
}

/** Paid crawls per domain: written once per event, summed exactly. */
export interface ChargeLedger {
  /**
   * Stores `row` unless a row with its `eventId` is stored: `true` when it was stored, `false`
   * (changing nothing) otherwise. Atomic: of any number of concurrent calls with one `eventId`,
   * on any number of instances sharing the store, exactly one receives `true`.
   */
  recordCharge(row: ChargeRow): Promise<boolean>;
  /**
   * The domain's rows whose UTC day of `ts` is in `startDay..endDay`, by `ts` then `eventId`
   * (byte order), at most `limit`; every field as stored.
   */
  listCharges(
    domainId: string,
    startDay: string,
    endDay: string,
    limit: number,
  ): Promise<ChargeRow[]>;
  /**
   * The domain's charges in `startDay..endDay` grouped by payer (`botId`, `signatureAgent`) and
   * currency, plus the day (`day`) or path (`path`) of `groupBy`: how many and their exact sum.
   * Sorted by `day`, `path`, `botId`, `signatureAgent`, `currency` (byte order). Groups
   * without charges are absent.
   */
  chargeTotals(
    domainId: string,
    startDay: string,
    endDay: string,
    groupBy: ChargeGroupBy,
  ): Promise<ChargeTotal[]>;
}
