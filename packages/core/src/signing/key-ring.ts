/**
 * HMAC-SHA256 keys for cursors and presigned links, with rotation: the first key signs, every
 * key verifies. Each MAC is bound to a purpose, so a MAC made for one use never verifies for
 * another. WebCrypto only, so it runs in any fetch runtime.
 */

export interface SigningKey {
  /** Short key ID carried in tokens, `[A-Za-z0-9_-]{1,16}`. */
  kid: string;
  /** At least 32 bytes of secret (a string is used as its UTF-8 bytes). */
  secret: string | Uint8Array;
}

export interface KeyRing {
  /** ID of the signing key. */
  readonly currentKid: string;
  sign(purpose: string, data: string): Promise<{ kid: string; mac: Uint8Array }>;
  /** Whether `mac` is the MAC of `data` for `purpose` under key `kid`. Never throws. */
  verify(purpose: string, data: string, kid: string, mac: Uint8Array): Promise<boolean>;
}

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const KID = /^[A-Za-z0-9_-]{1,16}$/;
const encoder = new TextEncoder();

export function createKeyRing(keys: readonly SigningKey[]): KeyRing {
  if (keys.length === 0) throw new Error("a key ring needs at least one key");
  const imported = new Map<string, Promise<HmacKey>>();
  for (const key of keys) {
    if (!KID.test(key.kid)) throw new Error(`invalid key id: ${key.kid}`);
    if (imported.has(key.kid)) throw new Error(`duplicate key id: ${key.kid}`);
    // A copy: the ring keeps its own bytes (and WebCrypto takes an ArrayBuffer-backed view).
    const secret = typeof key.secret === "string" ? encoder.encode(key.secret) : key.secret.slice();
    if (secret.length < 32) throw new Error(`signing key ${key.kid} must have at least 32 bytes`);
    imported.set(
      key.kid,
      crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    );
  }
  const currentKid = (keys[0] as SigningKey).kid;
  const mac = async (kid: string, purpose: string, data: string) => {
    const key = await (imported.get(kid) as Promise<HmacKey>);
    // The purpose and a separator go first: "cursor\0…" can never equal "file\0…".
    const signed = await crypto.subtle.sign("HMAC", key, encoder.encode(`${purpose}\u0000${data}`));
    return new Uint8Array(signed);
  };
  return {
    currentKid,
    async sign(purpose, data) {
      return { kid: currentKid, mac: await mac(currentKid, purpose, data) };
    },
    async verify(purpose, data, kid, given) {
      if (!imported.has(kid)) return false;
      const expected = await mac(kid, purpose, data);
      return constantTimeBytesEqual(expected, given);
    },
  };
}

/** Compares byte arrays in time that depends only on their lengths. */
export function constantTimeBytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
