import { crc32 } from "./crc32.js";

/**
 * API keys: `cg_live_` + 32 random base62 characters + a 6-character base62 CRC-32 checksum of
 * everything before it. The checksum lets us (and secret scanners) refuse a mistyped or made-up
 * key without touching storage. Only the SHA-256 of the whole key is ever stored.
 */

export const API_KEY_PREFIX = "cg_live_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_CHARS = 32;
const CHECKSUM_CHARS = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_CHARS + CHECKSUM_CHARS;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}$`);
const encoder = new TextEncoder();

function checksumOf(body: string): string {
  let value = crc32(encoder.encode(body));
  let out = "";
  for (let i = 0; i < CHECKSUM_CHARS; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** A fresh random key. 32 base62 characters carry about 190 bits of entropy. */
export function generateApiKey(): string {
  // Rejection sampling keeps every base62 character equally likely.
  let body = "";
  while (body.length < RANDOM_CHARS) {
    for (const byte of crypto.getRandomValues(new Uint8Array(RANDOM_CHARS * 2))) {
      if (byte < 248 && body.length < RANDOM_CHARS) body += BASE62[byte % 62];
    }
  }
  const head = API_KEY_PREFIX + body;
  return head + checksumOf(head);
}

/** Whether `key` has the prefix, length, alphabet and a matching checksum of a crawlgate key. */
export function isWellFormedApiKey(key: string): boolean {
  if (key.length !== API_KEY_LENGTH || !KEY_PATTERN.test(key)) return false;
  const head = key.slice(0, -CHECKSUM_CHARS);
  return constantTimeEqual(checksumOf(head), key.slice(-CHECKSUM_CHARS));
}

/** Lowercase hex SHA-256 of the key: the only form in which a key is stored. */
export async function hashApiKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(key)));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The part of a key that is safe to show in listings. */
export function displayPrefixOf(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 4);
}

/**
 * Compares two strings in time that depends only on their lengths, never on where they differ.
 * Strings of different lengths are unequal.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
