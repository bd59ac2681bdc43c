import { decodeBase64url, encodeBase64url } from "../signing/base64url.js";
import type { KeyRing } from "../signing/key-ring.js";
import { SIGN_IN_LINK_MAX_TTL_MS } from "./lifetimes.js";

/**
 * Sign-in tokens: `<userId>.<expires ms>.<nonce>.<kid>.<mac>`, the MAC (HMAC-SHA256 under the
 * key ring, purpose `dashboard-sign-in`) covering the first three parts. The nonce (16 random
 * bytes, base64url) is the token's ID: the session store records it when the token is used.
 */

const PURPOSE = "dashboard-sign-in";
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXPIRES = /^[1-9][0-9]{0,14}$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const KID = /^[A-Za-z0-9_-]{1,16}$/;

export interface SignInToken {
  userId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  nonce: string;
  kid: string;
  mac: Uint8Array;
}

/** A new token for `userId`, valid until `expiresAt`. */
export async function issueSignInToken(
  ring: KeyRing,
  userId: string,
  expiresAt: Date,
): Promise<string> {
  if (!USER_ID.test(userId)) throw new Error(`not a user ID: ${userId}`);
  const nonce = encodeBase64url(crypto.getRandomValues(new Uint8Array(16)));
  const signed = `${userId}.${expiresAt.getTime()}.${nonce}`;
  const { kid, mac } = await ring.sign(PURPOSE, signed);
  return `${signed}.${kid}.${encodeBase64url(mac)}`;
}

/** The parts of a well-formed token, or `null` (never throws). Says nothing of its signature. */
export function parseSignInToken(text: string): SignInToken | null {
  const parts = text.split(".");
  if (parts.length !== 5) return null;
  const [userId, expires, nonce, kid, macText] = parts as [string, string, string, string, string];
  if (!USER_ID.test(userId) || !EXPIRES.test(expires) || !NONCE.test(nonce) || !KID.test(kid))
    return null;
  const mac = decodeBase64url(macText);
  if (mac?.length !== 32) return null;
  return { userId, expiresAt: Number(expires), nonce, kid, mac };
}

export type SignInCheck =
  | { ok: true; token: SignInToken }
  | { ok: false; reason: "invalid" | "expired" };

/**
 * Whether `text` is a token this ring signed and that is valid at `now`. A malformed token, a
 * wrong signature or an expiry further ahead than any link is given are `invalid`; a signed
 * token past its expiry is `expired`. Whether it was used already is the caller's question.
 */
export async function checkSignInToken(
  ring: KeyRing,
  text: string,
  now: Date,
): Promise<SignInCheck> {
  const token = parseSignInToken(text);
  if (!token) return { ok: false, reason: "invalid" };
  const signed = `${token.userId}.${token.expiresAt}.${token.nonce}`;
  if (!(await ring.verify(PURPOSE, signed, token.kid, token.mac)))
    return { ok: false, reason: "invalid" };
  const t = now.getTime();
  if (token.expiresAt > t + SIGN_IN_LINK_MAX_TTL_MS) return { ok: false, reason: "invalid" };
  if (token.expiresAt <= t) return { ok: false, reason: "expired" };
  return { ok: true, token };
}
