import { decodeBase64url, encodeBase64url } from "../signing/base64url.js";
import type { KeyRing } from "../signing/key-ring.js";
import { SIGN_IN_LINK_MAX_TTL_MS } from "./lifetimes.js";

/**
 * Sign-in tokens: `<userId>.<expires ms>.<nonce>.<origin>.<kid>.<mac>`, the MAC (HMAC-SHA256
 * under the key ring, purpose `dashboard-sign-in`) covering the first four parts. The nonce (16
 * random bytes, base64url) is the token's ID: the session store records it when the token is
 * used. The origin (base64url of `https://host[:port]`) is where the link was issued for: the
 * dashboard refuses it anywhere else.
 */

const PURPOSE = "dashboard-sign-in";
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXPIRES = /^[1-9][0-9]{0,14}$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const KID = /^[A-Za-z0-9_-]{1,16}$/;
const ORIGIN_PART = /^[A-Za-z0-9_-]{1,400}$/;

export interface SignInToken {
  userId: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  nonce: string;
  /** The origin the link was issued for (`http(s)://host[:port]`, as `URL.origin` spells it). */
  origin: string;
  kid: string;
  mac: Uint8Array;
}

/**
 * `text` as `URL.origin` spells it when it is an http(s) origin and nothing more (no path,
 * query, fragment or credentials), else `null`.
 */
export function httpOrigin(text: string): string | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return null;
  return url.origin;
}

/** A new token for `userId` opened at `origin`, valid until `expiresAt`. */
export async function issueSignInToken(
  ring: KeyRing,
  userId: string,
  expiresAt: Date,
  origin: string,
): Promise<string> {
  if (!USER_ID.test(userId)) throw new Error(`not a user ID: ${userId}`);
  const normalized = httpOrigin(origin);
  if (normalized === null) throw new Error(`not an http(s) origin: ${origin}`);
  const nonce = encodeBase64url(crypto.getRandomValues(new Uint8Array(16)));
  const originPart = encodeBase64url(new TextEncoder().encode(normalized));
  const signed = `${userId}.${expiresAt.getTime()}.${nonce}.${originPart}`;
  const { kid, mac } = await ring.sign(PURPOSE, signed);
  return `${signed}.${kid}.${encodeBase64url(mac)}`;
}

/** The parts of a well-formed token, or `null` (never throws). Says nothing of its signature. */
export function parseSignInToken(text: string): SignInToken | null {
  const parts = text.split(".");
  if (parts.length !== 6) return null;
  const [userId, expires, nonce, originPart, kid, macText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!USER_ID.test(userId) || !EXPIRES.test(expires) || !NONCE.test(nonce) || !KID.test(kid))
    return null;
  if (!ORIGIN_PART.test(originPart)) return null;
  const originBytes = decodeBase64url(originPart);
  if (!originBytes) return null;
  let origin: string;
  try {
    origin = new TextDecoder("utf-8", { fatal: true }).decode(originBytes);
  } catch {
    return null;
  }
  if (httpOrigin(origin) !== origin) return null;
  const mac = decodeBase64url(macText);
  if (mac?.length !== 32) return null;
  return { userId, expiresAt: Number(expires), nonce, origin, kid, mac };
}

export type SignInCheck =
  | { ok: true; token: SignInToken }
  | { ok: false; reason: "invalid" | "expired" };

/**
 * Whether `text` is a token this ring signed and that is valid at `now`. A malformed token, a
 * wrong signature or an expiry further ahead than any link is given are `invalid`; a signed
 * token past its expiry is `expired`. Whether it was used already, and whether it is opened at
 * its origin, are the caller's questions.
 */
export async function checkSignInToken(
  ring: KeyRing,
  text: string,
  now: Date,
): Promise<SignInCheck> {
  const token = parseSignInToken(text);
  if (!token) return { ok: false, reason: "invalid" };
  const signed = text.slice(0, text.lastIndexOf(".", text.lastIndexOf(".") - 1));
  if (!(await ring.verify(PURPOSE, signed, token.kid, token.mac)))
    return { ok: false, reason: "invalid" };
  const t = now.getTime();
  if (token.expiresAt > t + SIGN_IN_LINK_MAX_TTL_MS) return { ok: false, reason: "invalid" };
  if (token.expiresAt <= t) return { ok: false, reason: "expired" };
  return { ok: true, token };
}
