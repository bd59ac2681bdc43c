/**
 * `uaHash`: 64-bit FNV-1a over the UTF-8 bytes of the User-Agent, as 16 lowercase hex digits.
 * A pure function of the string, so it is the same in every version, process and machine.
 * (Log importers also derive event ids with it, one hash per line: it is written for speed,
 * local integers only.)
 */
const encoder = new TextEncoder();

const OFFSET_HI = 0xcbf29ce4;
const OFFSET_LO = 0x84222325;

/** Character codes of the hex digits. */
const DIGITS = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];
const digit = (n: number) => DIGITS[n & 15] as number;

/** 16 lowercase hex digits, as one string (a sixth of the cost of `toString(16)` and padding). */
// biome-ignore format: four digits a line
const hex = (hi: number, lo: number) =>
  String.fromCharCode(
    digit(hi >>> 28), digit(hi >>> 24), digit(hi >>> 20), digit(hi >>> 16),
    digit(hi >>> 12), digit(hi >>> 8), digit(hi >>> 4), digit(hi),
    digit(lo >>> 28), digit(lo >>> 24), digit(lo >>> 20), digit(lo >>> 16),
    digit(lo >>> 12), digit(lo >>> 8), digit(lo >>> 4), digit(lo),
  );

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
