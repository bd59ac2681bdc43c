import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake facilitator answers. */
export type FacilitatorMode = "ok" | "invalid" | "settle_failed" | "settle_hang" | "hang";

/** One call the fake facilitator received. */
export interface FacilitatorCall {
  path: string;
  body: Record<string, unknown>;
}

/** A fake x402 facilitator on loopback (`POST /verify`, `POST /settle`). */
export interface FakeFacilitator {
  /** `http://127.0.0.1:<port>`: the base URL. */
  url: string;
  mode: FacilitatorMode;
  calls: FacilitatorCall[];
  /** The calls of `POST /settle` so far (`[]`: nothing was settled). */
  settles(): FacilitatorCall[];
  /** The transaction id the next successful settle answers. */
  transaction(n: number): string;
  close(): Promise<void>;
}

const PAYER = "0x857b06519E91e3A54538791bDbb0E22373e36b66";

/**
 * Starts a fake facilitator: `ok` verifies and settles every payment (transaction
 * `0x…<n>` for the n-th settle), `invalid` answers `isValid: false`, `settle_failed` verifies
 * and then fails to settle, `settle_hang` verifies and never answers a settle, `hang` never
 * answers. Every call is recorded (`calls`, the settlements `settles`).
 */
export async function startFakeFacilitator(): Promise<FakeFacilitator> {
  const transaction = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
  let settled = 0;
  const fake: FakeFacilitator = {
    url: "",
    mode: "ok",
    calls: [],
    settles: () => fake.calls.filter((call) => call.path === "/settle"),
    transaction,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {}
      fake.calls.push({ path, body });
      // Never answers (all calls, or the settlements).
      if (fake.mode === "hang" || (fake.mode === "settle_hang" && path === "/settle")) return;
      const requirements = body.paymentRequirements as { network?: string } | undefined;
      const network = requirements?.network ?? "";
      let answer: Record<string, unknown>;
      if (req.method !== "POST") answer = { error: "method" };
      else if (path === "/verify") {
        answer =
          fake.mode === "invalid"
            ? { isValid: false, invalidReason: "insufficient_funds", payer: PAYER }
            : { isValid: true, payer: PAYER };
      } else if (path === "/settle") {
        answer =
          fake.mode === "settle_failed"
            ? { success: false, errorReason: "transaction_failed", transaction: "", network }
            : { success: true, transaction: transaction(++settled), network, payer: PAYER };
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fake;
}

export const FAKE_PAYER = PAYER;
