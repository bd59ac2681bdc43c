/**
 * Content codings of answers (RFC 9110 §8.4, §12.5.3): which coding a client accepts, which
 * answers are worth compressing, and compressing an `ApiResponse` once it is chosen. Web APIs
 * only (CompressionStream): a bridge on Node adds `br` through its own compressors.
 */
import { gzip } from "../snapshots/content.js";
import type { ApiResponse } from "./types.js";
import { parseWeightedList, TOKEN } from "./weighted-list.js";

/** The codings crawlgate sends, besides `identity`. */
export type ContentCoding = "br" | "gzip";
export type ChosenCoding = ContentCoding | "identity";

/** One member of an `Accept-Encoding` list: a coding (lower case) and its weight. */
export interface AcceptedCoding {
  coding: string;
  q: number;
}

/** Compresses a whole body into one coding. */
export type Compress = (bytes: Uint8Array) => Promise<Uint8Array>;
export type Compressors = Partial<Record<ContentCoding, Compress>>;

/** What every runtime has: gzip through `CompressionStream`. */
export const webCompressors: Compressors = Object.freeze({ gzip });

/** Bodies smaller than this are sent as they are (when the client accepts `identity`). */
export const MIN_COMPRESS_BYTES = 1024;

/** Codings in the order the server prefers them when the client weighs them alike. */
const SERVER_ORDER: readonly ContentCoding[] = ["br", "gzip"];

/**
 * The members of an `Accept-Encoding` value, in order (`parseWeightedList`). Names are
 * lower-cased (`x-gzip` is `gzip`, RFC 9110 §8.4.1.3); a member whose name is not a token or
 * whose `q` is not a qvalue is skipped, as are empty list elements; parameters other than `q`
 * are ignored.
 */
export function parseAcceptEncoding(value: string): AcceptedCoding[] {
  return parseWeightedList(value, (name) =>
    TOKEN.test(name) ? (name === "x-gzip" ? "gzip" : name) : null,
  ).map(({ name, q }) => ({ coding: name, q }));
}

/**
 * The weight a client gives `coding`: its own member (the highest, when listed twice), else
 * `*`'s, else 0; `identity` unlisted and not covered by `*` is acceptable, weighed as the lowest
 * listed member (so `gzip;q=0.5` still prefers gzip, and an empty list means identity only).
 */
export function weightOf(accepted: readonly AcceptedCoding[], coding: string): number {
  let own = -1;
  let star = -1;
  let lowest = 1;
  for (const member of accepted) {
    if (member.coding === coding) own = Math.max(own, member.q);
    else if (member.coding === "*") star = Math.max(star, member.q);
    if (member.q > 0) lowest = Math.min(lowest, member.q);
  }
  if (own >= 0) return own;
  if (star >= 0) return star;
  return coding === "identity" ? lowest : 0;
}

/**
 * The coding to answer in: the highest-weighted of `available` and `identity`, ties going to
 * the server's order (`br`, `gzip`, then `identity`). Without the header, `identity`. When
 * nothing is acceptable (`identity;q=0` and no available coding), `identity` all the same: a
 * preference never turns an answer into an error (RFC 9110 §12.5.3 lets the server do either).
 * `small`: the body is not worth compressing, so `identity` unless the client refuses it.
 */
export function chooseCoding(
  header: string | undefined,
  available: readonly ContentCoding[],
  small = false,
): ChosenCoding {
  if (header === undefined) return "identity";
  const accepted = parseAcceptEncoding(header);
  const identity = weightOf(accepted, "identity");
  if (small && identity > 0) return "identity";
  let best: ChosenCoding = "identity";
  let bestWeight = 0;
  for (const coding of SERVER_ORDER) {
    if (!available.includes(coding)) continue;
    const weight = weightOf(accepted, coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return bestWeight > 0 && bestWeight >= identity ? best : "identity";
}

const remembered = new Map<string, ChosenCoding>();
const REMEMBERED_MAX = 256;

/**
 * `chooseCoding` for the edge's cache hits, remembered per header value (clients send a handful
 * of distinct values), so a hit parses nothing.
 */
export function chooseCodingCached(
  header: string | undefined,
  available: readonly ContentCoding[],
): ChosenCoding {
  if (header === undefined) return "identity";
  const key = `${available.join(",")}|${header}`;
  let chosen = remembered.get(key);
  if (chosen === undefined) {
    chosen = chooseCoding(header, available);
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.set(key, chosen);
  }
  return chosen;
}

/** Text types worth compressing; everything else (images, gzip, Parquet, octets) is sent as is. */
const COMPRESSIBLE =
  /^\s*(?:text\/[\w.+-]+|application\/(?:json|javascript|xml|x-ndjson|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

/** Whether an answer may be compressed: a compressible type, not encoded yet, no `no-transform`. */
export function isCompressible(response: ApiResponse): boolean {
  const { headers, status, body } = response;
  if (body === null || status < 200 || status === 204 || status === 304) return false;
  if (headers["content-encoding"] !== undefined) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers["cache-control"] ?? "")) return false;
  return COMPRESSIBLE.test(headers["content-type"] ?? "");
}

/** `Vary` with `Accept-Encoding` added (once). */
export function varyOnEncoding(vary: string | undefined): string {
  if (!vary) return "Accept-Encoding";
  const names = vary.split(",").map((name) => name.trim().toLowerCase());
  return names.includes("accept-encoding") || names.includes("*")
    ? vary
    : `${vary}, Accept-Encoding`;
}

/** Compressed bodies of byte bodies (assets handed again and again), by body and coding. */
const compressedOf = new WeakMap<Uint8Array, Map<ContentCoding, Promise<Uint8Array>>>();

const encoder = new TextEncoder();

/**
 * The answer in the coding the client prefers (`Accept-Encoding`, among `compressors`), with
 * `Content-Encoding` and `Vary: Accept-Encoding`. An answer that is not compressible is returned
 * as it is; a compressible one always gets the `Vary` (whether it was compressed depends on the
 * header). A byte body is compressed once per coding and reused (the dashboard's assets).
 */
export async function encodeResponse(
  response: ApiResponse,
  acceptEncoding: string | undefined,
  compressors: Compressors = webCompressors,
): Promise<ApiResponse> {
  if (!isCompressible(response)) return response;
  const headers: Record<string, string> = {
    ...response.headers,
    vary: varyOnEncoding(response.headers.vary),
  };
  const body = response.body as string | Uint8Array;
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const available = SERVER_ORDER.filter((coding) => compressors[coding] !== undefined);
  const coding = chooseCoding(acceptEncoding, available, bytes.byteLength < MIN_COMPRESS_BYTES);
  if (coding === "identity") return { ...response, headers };
  const compress = compressors[coding] as Compress;
  let compressed: Promise<Uint8Array>;
  if (typeof body === "string") compressed = compress(bytes);
  else {
    const byCoding = compressedOf.get(body) ?? new Map<ContentCoding, Promise<Uint8Array>>();
    compressedOf.set(body, byCoding);
    compressed = byCoding.get(coding) ?? compress(bytes);
    byCoding.set(coding, compressed);
    // A failed compression is not kept: the next answer tries again.
    compressed.catch(() => byCoding.delete(coding));
  }
  const { "content-length": _, ...rest } = headers;
  return {
    status: response.status,
    headers: { ...rest, "content-encoding": coding },
    body: await compressed,
  };
}
