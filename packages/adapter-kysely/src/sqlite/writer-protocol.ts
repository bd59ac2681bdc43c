import type { LegacyDelta } from "@crawlgate/core/adapter-kit";
import type { EncodedCrawlBatch } from "./batch-codec.js";

/** A call to the SQLite writer thread; replies come back in the order of the requests. */
export type WriterRequest =
  | { id: number; op: "append"; batch: EncodedCrawlBatch; pathCap: number }
  | {
      id: number;
      op: "upgrade";
      eventId: string;
      botOperator: string | null;
      matchedRange: string | null;
    }
  | { id: number; op: "addLegacy"; rows: LegacyDelta[] }
  | { op: "close" };

/** The outcome of one request: its value once committed, or the error that rolled it back. */
export type WriterReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; message: string; code: string | null };
