/** A WebCrypto key (named without the DOM lib's `CryptoKey`, absent from Node's types). */
export type WebCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** The RFC 9421 §B.1.4 test key's `x`: published with its private half, so never trusted. */
export const RFC9421_TEST_KEY_X = "JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs";

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decodes unpadded base64url; `null` when the text is not base64url. */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(standard + "=".repeat((4 - (standard.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * RFC 7638 thumbprint of an Ed25519 OKP key (RFC 8037 §A.3): SHA-256 over the JSON of its
 * required members in lexicographic order, `{"crv":"Ed25519","kty":"OKP","x":"…"}`, base64url.
 */
export async function ed25519Thumbprint(x: string): Promise<string> {
  const json = `{"crv":"Ed25519","kty":"OKP","x":${JSON.stringify(x)}}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(json));
  return base64UrlEncode(new Uint8Array(digest));
}

/** A verify-only WebCrypto key from a raw 32-byte Ed25519 public key (base64url). */
export async function importEd25519(x: string): Promise<WebCryptoKey | null> {
  const raw = base64UrlDecode(x);
  if (raw === null || raw.length !== 32) return null;
  try {
    return await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return null;
  }
}
