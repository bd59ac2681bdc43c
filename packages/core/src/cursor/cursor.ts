import { decodeBase64url, encodeBase64url } from "../signing/base64url.js";
import type { KeyRing } from "../signing/key-ring.js";

/**
 * Opaque, signed, versioned cursors: `v1.<kid>.<base64url(JSON)>.<base64url(HMAC)>`. The JSON
 * pins the endpoint (`ep`), the caller (`uid`), issue and expiry times (`iat`, `exp`, epoch
 * seconds) and the endpoint's own payload (`p`: window, filters, page size, position). The
 * MAC covers version, kid and JSON. Any tampering, expiry or mismatch decodes as not ok: the
 * API answers `400 invalid_cursor` and the client restarts from page 1.
 */

export const CURSOR_VERSION = "v1";
/** Cursors live a day: long enough to page through an export, short enough to be worthless later. */
export const DEFAULT_CURSOR_TTL_SECONDS = 24 * 60 * 60;
/** Longest token accepted. */
export const MAX_CURSOR_LENGTH = 4096;
/** Tolerance for an `iat` slightly ahead of this server's clock (fleet clock skew). */
const CLOCK_SKEW_SECONDS = 300;
const PURPOSE = "cursor";
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

export type CursorPayload = Record<string, unknown>;

export type DecodedCursor = { ok: true; payload: CursorPayload } | { ok: false; message: string };

interface Envelope {
  ep: string;
  uid: string;
  iat: number;
  exp: number;
  p: CursorPayload;
}

export async function encodeCursor(
  ring: KeyRing,
  input: {
    endpoint: string;
    userId: string;
    payload: CursorPayload;
    issuedAt: Date;
    ttlSeconds?: number;
  },
): Promise<string> {
  const iat = Math.floor(input.issuedAt.getTime() / 1000);
  const envelope: Envelope = {
    ep: input.endpoint,
    uid: input.userId,
    iat,
    exp: iat + (input.ttlSeconds ?? DEFAULT_CURSOR_TTL_SECONDS),
    p: input.payload,
  };
  const body = encodeBase64url(encoder.encode(JSON.stringify(envelope)));
  const { kid, mac } = await ring.sign(PURPOSE, `${CURSOR_VERSION}.${ring.currentKid}.${body}`);
  const token = `${CURSOR_VERSION}.${kid}.${body}.${encodeBase64url(mac)}`;
  if (token.length > MAX_CURSOR_LENGTH) throw new Error("cursor payload too large");
  return token;
}

const fail = (message: string): DecodedCursor => ({ ok: false, message });

/** Checks and opens a cursor. Never throws, whatever `token` is. */
export async function decodeCursor(
  ring: KeyRing,
  token: unknown,
  expected: { endpoint: string; userId: string; now: Date },
): Promise<DecodedCursor> {
  if (typeof token !== "string" || token.length === 0)
    return fail("cursor must be a non-empty string");
  if (token.length > MAX_CURSOR_LENGTH) return fail("cursor is malformed");
  const parts = token.split(".");
  if (parts.length !== 4) return fail("cursor is malformed");
  const [version, kid, body, macText] = parts as [string, string, string, string];
  if (version !== CURSOR_VERSION) return fail("cursor version is not supported");
  const mac = decodeBase64url(macText);
  const bytes = decodeBase64url(body);
  if (!mac || !bytes) return fail("cursor is malformed");
  if (!(await ring.verify(PURPOSE, `${version}.${kid}.${body}`, kid, mac)))
    return fail("cursor is invalid");
  let envelope: Envelope;
  try {
    envelope = JSON.parse(decoder.decode(bytes)) as Envelope;
  } catch {
    return fail("cursor is malformed");
  }
  if (!isEnvelope(envelope)) return fail("cursor is malformed");
  const now = Math.floor(expected.now.getTime() / 1000);
  if (envelope.exp <= now) return fail("cursor has expired; start again from the first page");
  if (envelope.iat > now + CLOCK_SKEW_SECONDS) return fail("cursor is invalid");
  if (envelope.ep !== expected.endpoint) return fail("cursor belongs to another endpoint");
  if (envelope.uid !== expected.userId) return fail("cursor belongs to another caller");
  return { ok: true, payload: envelope.p };
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.ep === "string" &&
    typeof v.uid === "string" &&
    Number.isSafeInteger(v.iat) &&
    Number.isSafeInteger(v.exp) &&
    typeof v.p === "object" &&
    v.p !== null &&
    !Array.isArray(v.p)
  );
}
