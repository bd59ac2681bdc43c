/**
 * Strict base64url (RFC 4648 §5) without padding. Decoding refuses anything a canonical encoder
 * would not produce: characters outside the alphabet, padding, a length of 4n+1, and non-zero
 * trailing bits. So one token has exactly one spelling.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64url(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out +=
      ALPHABET.charAt(n >> 18) +
      ALPHABET.charAt((n >> 12) & 63) +
      ALPHABET.charAt((n >> 6) & 63) +
      ALPHABET.charAt(n & 63);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] as number) << 16;
    out += ALPHABET.charAt(n >> 18) + ALPHABET.charAt((n >> 12) & 63);
  } else if (rest === 2) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8);
    out +=
      ALPHABET.charAt(n >> 18) + ALPHABET.charAt((n >> 12) & 63) + ALPHABET.charAt((n >> 6) & 63);
  }
  return out;
}

/** The bytes of a canonical base64url string, or `null` for anything else. */
export function decodeBase64url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const values = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (LOOKUP[code] as number) : -1;
    if (value < 0) return null;
    values[i] = value;
  }
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < text.length; i += 4) {
    const n =
      ((values[i] as number) << 18) |
      ((values[i + 1] as number) << 12) |
      ((values[i + 2] as number) << 6) |
      (values[i + 3] as number);
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = text.length - i;
  if (rest === 2) {
    const n = ((values[i] as number) << 18) | ((values[i + 1] as number) << 12);
    if (n & 0xffff) return null;
    out[o++] = n >> 16;
  } else if (rest === 3) {
    const n =
      ((values[i] as number) << 18) |
      ((values[i + 1] as number) << 12) |
      ((values[i + 2] as number) << 6);
    if (n & 0xff) return null;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
  }
  return out;
}
