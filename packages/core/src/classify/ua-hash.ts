/**
 * `uaHash`: 64-bit FNV-1a over the UTF-8 bytes of the User-Agent, as 16 lowercase hex digits.
 * A pure function of the string, so it is the same in every version, process and machine.
 */
const encoder = new TextEncoder();

/** The running hash, in two 32-bit halves (module state: no closure per call). */
let hi = 0;
let lo = 0;

/** hash = (hash ^ byte) * 0x100000001b3, in 64-bit arithmetic over the two halves. */
function mix(byte: number): void {
  lo = (lo ^ byte) >>> 0;
  // (hi:lo) * (0x100:0x000001b3)
  const loMul = lo * 0x1b3;
  const carry = Math.floor(loMul / 0x100000000);
  const newLo = loMul >>> 0;
  hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
  lo = newLo;
}

export function uaHash(userAgent: string): string {
  hi = 0xcbf29ce4;
  lo = 0x84222325;
  let ascii = true;
  // ASCII (the usual User-Agent) is its own UTF-8: hash the code units, no encoding.
  for (let i = 0; i < userAgent.length; i++) {
    const code = userAgent.charCodeAt(i);
    if (code > 0x7f) {
      ascii = false;
      break;
    }
    mix(code);
  }
  if (!ascii) {
    hi = 0xcbf29ce4;
    lo = 0x84222325;
    for (const byte of encoder.encode(userAgent)) mix(byte);
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}
