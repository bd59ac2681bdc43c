/**
 * `uaHash`: 64-bit FNV-1a over the UTF-8 bytes of the User-Agent, as 16 lowercase hex digits.
 * A pure function of the string, so it is the same in every version, process and machine.
 * (Log importers also derive event ids with it, one hash per line: it is written for speed,
 * local integers only.)
 */
const encoder = new TextEncoder();

const OFFSET_HI = 0xcbf29ce4;
const OFFSET_LO = 0x84222325;

const hex = (hi: number, lo: number) =>
  (hi >>> 0).toString(16).padStart(8, "0") + (lo >>> 0).toString(16).padStart(8, "0");

/**
 * hash = (hash ^ byte) * 0x100000001b3 (mod 2^64) over the two 32-bit halves: the prime is
 * 2^40 + 0x1b3, so hi' = hi * 0x1b3 + lo * 2^8 + carry(lo * 0x1b3), lo' = lo * 0x1b3 mod 2^32,
 * with lo * 0x1b3 taken in 16-bit halves (every product stays a small integer).
 */
function hashBytes(bytes: Uint8Array): string {
  let hi = OFFSET_HI;
  let lo = OFFSET_LO;
  for (let i = 0; i < bytes.length; i++) {
    lo = (lo ^ (bytes[i] as number)) >>> 0;
    const t = (lo & 0xffff) * 0x1b3;
    const u = (lo >>> 16) * 0x1b3 + (t >>> 16);
    hi = (Math.imul(hi, 0x1b3) + (lo << 8) + (u >>> 16)) >>> 0;
    lo = ((u << 16) | (t & 0xffff)) >>> 0;
  }
  return hex(hi, lo);
}

export function uaHash(userAgent: string): string {
  let hi = OFFSET_HI;
  let lo = OFFSET_LO;
  // ASCII (the usual User-Agent) is its own UTF-8: hash the code units, no encoding.
  for (let i = 0; i < userAgent.length; i++) {
    const code = userAgent.charCodeAt(i);
    if (code > 0x7f) return hashBytes(encoder.encode(userAgent));
    lo = (lo ^ code) >>> 0;
    const t = (lo & 0xffff) * 0x1b3;
    const u = (lo >>> 16) * 0x1b3 + (t >>> 16);
    hi = (Math.imul(hi, 0x1b3) + (lo << 8) + (u >>> 16)) >>> 0;
    lo = ((u << 16) | (t & 0xffff)) >>> 0;
  }
  return hex(hi, lo);
}
