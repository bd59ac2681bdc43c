/**
 * `uaHash`: 64-bit FNV-1a over the UTF-8 bytes of the User-Agent, as 16 lowercase hex digits.
 * A pure function of the string, so it is the same in every version, process and machine.
 */
const encoder = new TextEncoder();

export function uaHash(userAgent: string): string {
  // 64-bit arithmetic in two 32-bit halves: hash = (hash ^ byte) * 0x100000001b3.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  const step = (byte: number) => {
    lo = (lo ^ byte) >>> 0;
    // (hi:lo) * (0x100:0x000001b3)
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    const newLo = loMul >>> 0;
    hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
    lo = newLo;
  };
  let ascii = true;
  // ASCII (the usual User-Agent) is its own UTF-8: hash the code units, no encoding.
  for (let i = 0; i < userAgent.length; i++) {
    const code = userAgent.charCodeAt(i);
    if (code > 0x7f) {
      ascii = false;
      break;
    }
    step(code);
  }
  if (!ascii) {
    hi = 0xcbf29ce4;
    lo = 0x84222325;
    for (const byte of encoder.encode(userAgent)) step(byte);
  }
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}
