import ipaddr from "ipaddr.js";
import { z } from "zod";

/**
 * Operators' published crawler IP ranges, in the common file shape
 * `{"creationTime": …, "prefixes": [{"ipv4Prefix": "…"} | {"ipv6Prefix": "…"}]}`, and a lookup
 * that answers which CIDR of a set contains an address (IPv4-mapped IPv6 is unwrapped).
 */

const rangeFileSchema = z.object({
  creationTime: z.string().optional(),
  prefixes: z.array(
    z.union([
      z.object({ ipv4Prefix: z.string() }),
      z.object({ ipv6Prefix: z.string() }),
      // One public fixture lists plain strings; accept them too.
      z.string(),
    ]),
  ),
});

export type RangeFileResult =
  | { ok: true; cidrs: string[]; creationTime: string | null }
  | { ok: false; message: string };

/** Parses a range file; any prefix that is not a valid CIDR fails the whole file. */
export function parseRangeFile(json: unknown): RangeFileResult {
  const parsed = rangeFileSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, message: "not a published IP-range file (expected prefixes[])" };
  const cidrs: string[] = [];
  for (const entry of parsed.data.prefixes) {
    const text =
      typeof entry === "string"
        ? entry
        : "ipv4Prefix" in entry
          ? entry.ipv4Prefix
          : entry.ipv6Prefix;
    try {
      const [address, bits] = ipaddr.parseCIDR(text.trim());
      cidrs.push(`${address.toString()}/${bits}`);
    } catch {
      return { ok: false, message: `invalid prefix: ${text}` };
    }
  }
  return { ok: true, cidrs, creationTime: parsed.data.creationTime ?? null };
}

/** A set of CIDRs grouped by prefix length: a lookup masks the address once per length. */
export interface RangeSet {
  readonly size: number;
  /** The most specific CIDR containing `ip`, or `null` (also for unparseable input). */
  find(ip: string): string | null;
}

function bytesKey(bytes: number[], bits: number): string {
  let key = "";
  for (let i = 0; i < bytes.length; i++) {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    const mask = keep === 0 ? 0 : (0xff << (8 - keep)) & 0xff;
    key += ((bytes[i] as number) & mask).toString(16).padStart(2, "0");
  }
  return key;
}

export function buildRangeSet(cidrs: readonly string[]): RangeSet {
  const v4 = new Map<number, Map<string, string>>();
  const v6 = new Map<number, Map<string, string>>();
  for (const cidr of cidrs) {
    const [address, bits] = ipaddr.parseCIDR(cidr);
    const table = address.kind() === "ipv4" ? v4 : v6;
    const byKey = table.get(bits) ?? new Map<string, string>();
    table.set(bits, byKey);
    byKey.set(bytesKey(address.toByteArray(), bits), `${address.toString()}/${bits}`);
  }
  const lengths4 = [...v4.keys()].sort((a, b) => b - a);
  const lengths6 = [...v6.keys()].sort((a, b) => b - a);
  const lookup = (ip: string): string | null => {
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.process(ip.trim());
    } catch {
      return null;
    }
    const bytes = address.toByteArray();
    const [table, lengths] = address.kind() === "ipv4" ? [v4, lengths4] : [v6, lengths6];
    for (const bits of lengths) {
      const hit = table.get(bits)?.get(bytesKey(bytes, bits));
      if (hit) return hit;
    }
    return null;
  };
  // A crawler comes back from the same few addresses: each is parsed and masked once per set
  // (the set never changes; a new file builds a new set). Bounded: a full memo starts over.
  const memo = new Map<string, string | null>();
  return {
    size: cidrs.length,
    find(ip) {
      const known = memo.get(ip);
      if (known !== undefined) return known;
      const found = lookup(ip);
      if (memo.size >= RANGE_MEMO_SIZE) memo.clear();
      memo.set(ip, found);
      return found;
    },
  };
}

/** Addresses a range set remembers the answer for. */
const RANGE_MEMO_SIZE = 4_096;
