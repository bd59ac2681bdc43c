import type { ChargeLedger, ChargeRow, Logger } from "../ports/index.js";

/** Writes the edge's charges without holding up the answers, and knows which are in flight. */
export interface ChargeWriter {
  /** Starts writing `row`, once known (a failure is logged: `edge.charge_failed`). */
  write(row: ChargeRow | Promise<ChargeRow>): void;
  /** Resolves once every charge started so far is written (or failed). */
  flush(): Promise<void>;
}

export function createChargeWriter(ledger: ChargeLedger, logger: Logger): ChargeWriter {
  const inFlight = new Set<Promise<unknown>>();
  return {
    write(row) {
      const written: Promise<unknown> = Promise.resolve(row)
        .then((known) => ledger.recordCharge(known))
        .catch((error: unknown) => {
          logger.error("edge.charge_failed", {
            error: error instanceof Error ? error.message : String(error),
          });
        })
        .finally(() => inFlight.delete(written));
      inFlight.add(written);
    },
    async flush() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
