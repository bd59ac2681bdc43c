import type {
  CrawlRecord,
  ServedFrom,
  SignatureVerdict,
  Verdict,
} from "@crawlgate/core/adapter-kit";

/** Text fields of a record that repeat across a batch: sent once per batch in a string table. */
const TEXT = [
  "domainId",
  "path",
  "userAgent",
  "uaHash",
  "botId",
  "verdict",
  "servedFrom",
  "botOperator",
  "matchedRange",
  "contentHash",
  "snapshotId",
  "streamId",
  "signatureAgent",
  "signature",
] as const;
type TextField = (typeof TEXT)[number];

/**
 * A batch of crawl records as a few arrays for `postMessage` to the writer thread: each repeated
 * text field is an index into `strings` (-1 for `null`), numbers and `ts` (epoch ms) are
 * `Float64Array`s whose buffers can be transferred. Cloning this is a fraction of the cost of
 * cloning the records (no copy of each User-Agent, no object per record).
 */
export interface EncodedCrawlBatch {
  eventIds: string[];
  strings: string[];
  text: Record<TextField, Int32Array>;
  ts: Float64Array;
  status: Float64Array;
  bytes: Float64Array;
  ipAsn: Float64Array;
}

export function encodeCrawlBatch(batch: readonly CrawlRecord[]): EncodedCrawlBatch {
  const n = batch.length;
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (value: string | null): number => {
    if (value === null) return -1;
    let i = index.get(value);
    if (i === undefined) {
      i = strings.length;
      strings.push(value);
      index.set(value, i);
    }
    return i;
  };
  const text = Object.fromEntries(TEXT.map((f) => [f, new Int32Array(n)])) as Record<
    TextField,
    Int32Array
  >;
  const encoded: EncodedCrawlBatch = {
    eventIds: new Array<string>(n),
    strings,
    text,
    ts: new Float64Array(n),
    status: new Float64Array(n),
    bytes: new Float64Array(n),
    ipAsn: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const r = batch[i] as CrawlRecord;
    encoded.eventIds[i] = r.eventId;
    for (const f of TEXT) text[f][i] = intern(r[f]);
    encoded.ts[i] = r.ts.getTime();
    encoded.status[i] = r.status;
    encoded.bytes[i] = r.bytes;
    encoded.ipAsn[i] = r.ipAsn;
  }
  return encoded;
}

/** The buffers of an encoded batch, to transfer rather than copy. */
export const transferablesOf = (e: EncodedCrawlBatch): ArrayBuffer[] =>
  [...Object.values(e.text), e.ts, e.status, e.bytes, e.ipAsn].map((a) => a.buffer as ArrayBuffer);

export function decodeCrawlBatch(e: EncodedCrawlBatch): CrawlRecord[] {
  const { strings, text } = e;
  const str = (f: TextField, i: number): string | null => {
    const k = text[f][i] as number;
    return k < 0 ? null : (strings[k] as string);
  };
  return e.eventIds.map((eventId, i) => ({
    eventId,
    domainId: str("domainId", i) as string,
    ts: new Date(e.ts[i] as number),
    path: str("path", i) as string,
    userAgent: str("userAgent", i) as string,
    uaHash: str("uaHash", i) as string,
    botId: str("botId", i) as string,
    verdict: str("verdict", i) as Verdict,
    servedFrom: str("servedFrom", i) as ServedFrom,
    status: e.status[i] as number,
    bytes: e.bytes[i] as number,
    botOperator: str("botOperator", i),
    matchedRange: str("matchedRange", i),
    contentHash: str("contentHash", i),
    snapshotId: str("snapshotId", i),
    streamId: str("streamId", i) as string,
    ipAsn: e.ipAsn[i] as number,
    signatureAgent: str("signatureAgent", i),
    signature: str("signature", i) as SignatureVerdict | null,
  }));
}
