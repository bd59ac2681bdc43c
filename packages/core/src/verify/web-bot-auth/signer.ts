import { base64UrlEncode, ed25519Thumbprint, type WebCryptoKey } from "./jwk.js";
import { signatureBase } from "./signature-base.js";
import { parseSignatureLabels } from "./signature-input.js";
import type { SignedRequest } from "./signed-request.js";

/** An agent's Ed25519 signing key: its public JWK (as a directory lists it) and RFC 7638 keyid. */
export interface WebBotAuthKey {
  keyid: string;
  jwk: { kty: "OKP"; crv: "Ed25519"; x: string };
  privateKey: WebCryptoKey;
}

/** A fresh Ed25519 key pair for an agent (WebCrypto; the private key is not extractable). */
export async function generateWebBotAuthKey(): Promise<WebBotAuthKey> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, [
    "sign",
    "verify",
  ])) as { publicKey: WebCryptoKey; privateKey: WebCryptoKey };
  const x = base64UrlEncode(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  return {
    keyid: await ed25519Thumbprint(x),
    jwk: { kty: "OKP", crv: "Ed25519", x },
    privateKey: pair.privateKey,
  };
}

/** How `signWebBotAuth` signs. Times are Unix seconds. */
export interface WebBotAuthSignOptions {
  /** The agent's origin (`https://agent.example`), sent as `Signature-Agent` member `agent`. */
  agent: string;
  created: number;
  expires: number;
  /** Omitted: the signature carries no nonce (judged statelessly). */
  nonce?: string;
}

/**
 * The `Signature-Agent`, `Signature-Input` and `Signature` headers of a Web Bot Auth signature
 * of `request` (label `sig1`, covering `@authority` and the `agent` member of `Signature-Agent`,
 * `tag="web-bot-auth"`), with the signature base the verifier rebuilds (`signatureBase`). For
 * the demo's agent and the benches; an agent operator uses its own signer.
 */
export async function signWebBotAuth(
  request: Omit<SignedRequest, "headers">,
  key: WebBotAuthKey,
  options: WebBotAuthSignOptions,
): Promise<Record<"signature-agent" | "signature-input" | "signature", string>> {
  const params =
    `("@authority" "signature-agent";key="agent");created=${options.created}` +
    `;expires=${options.expires};keyid="${key.keyid}"` +
    `${options.nonce === undefined ? "" : `;nonce="${options.nonce}"`};tag="web-bot-auth"`;
  const headers = {
    "signature-agent": `agent="${options.agent}"`,
    "signature-input": `sig1=${params}`,
    signature: "sig1=:AA==:",
  };
  const [label] = parseSignatureLabels(headers["signature-input"], headers.signature) ?? [];
  const base = label?.components
    ? signatureBase({ ...request, headers }, label.components, label.signatureParams)
    : null;
  if (!base?.ok) throw new Error(`cannot sign: ${base ? base.reason : "bad signature input"}`);
  const bytes = new Uint8Array(
    await crypto.subtle.sign(
      { name: "Ed25519" },
      key.privateKey,
      new TextEncoder().encode(base.base),
    ),
  );
  headers.signature = `sig1=:${btoa(String.fromCharCode(...bytes))}:`;
  return headers;
}
