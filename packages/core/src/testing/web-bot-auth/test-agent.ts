import type { FetchLike } from "../../ports/index.js";
import { DIRECTORY_MEDIA_TYPE } from "../../verify/web-bot-auth/directory-fetch.js";
import { DIRECTORY_PATH } from "../../verify/web-bot-auth/directory-url.js";
import {
  base64UrlEncode,
  ed25519Thumbprint,
  type WebCryptoKey,
} from "../../verify/web-bot-auth/jwk.js";
import { signatureBase } from "../../verify/web-bot-auth/signature-base.js";
import { parseSignatureLabels } from "../../verify/web-bot-auth/signature-input.js";
import type { SignedRequest } from "../../verify/web-bot-auth/signed-request.js";

/** How a test agent signs one request. Times are in seconds. */
export interface SignOptions {
  created: number;
  expires: number;
  label?: string;
  /** `"string"`: `Signature-Agent: "<origin>"`; `"dictionary"` (default): `<member>="<origin>"`. */
  agentForm?: "string" | "dictionary";
  /** The dictionary member naming the agent; default `agent1`. */
  member?: string;
  /** Covered components, serialized (`"@authority"`); default authority and the agent member. */
  components?: string[];
  nonce?: string | null;
  /** Extra signature parameters, serialized (`;foo="bar"`), placed before `;tag`. */
  extraParams?: string;
  tag?: string | null;
  /** The keyid put in the parameters; default this agent's (another makes a wrong-key case). */
  keyid?: string;
}

/** A Web Bot Auth agent for tests: an Ed25519 key, its directory, and a signer. */
export interface TestAgent {
  origin: string;
  keyid: string;
  /** The public JWK as listed in the directory. */
  jwk: { kty: "OKP"; crv: "Ed25519"; x: string };
  privateKey: WebCryptoKey;
  /** The request with `Signature-Agent`, `Signature-Input` and `Signature` added. */
  sign(request: SignedRequest, options: SignOptions): Promise<SignedRequest>;
}

/** A new agent at `origin` with a fresh Ed25519 key pair. */
export async function createTestAgent(origin: string): Promise<TestAgent> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as {
    publicKey: WebCryptoKey;
    privateKey: WebCryptoKey;
  };
  const x = base64UrlEncode(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  const keyid = await ed25519Thumbprint(x);
  return {
    origin,
    keyid,
    jwk: { kty: "OKP", crv: "Ed25519", x },
    privateKey: pair.privateKey,
    async sign(request, options) {
      const label = options.label ?? "sig1";
      const member = options.member ?? "agent1";
      const dictionary = (options.agentForm ?? "dictionary") === "dictionary";
      const agentHeader = dictionary ? `${member}="${origin}"` : `"${origin}"`;
      const agentId = dictionary ? `"signature-agent";key="${member}"` : `"signature-agent"`;
      const components = options.components ?? ['"@authority"', agentId];
      const nonce =
        options.nonce === undefined
          ? base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)))
          : options.nonce;
      const tag = options.tag === undefined ? "web-bot-auth" : options.tag;
      const params =
        `(${components.join(" ")});created=${options.created};expires=${options.expires}` +
        `;keyid="${options.keyid ?? keyid}"${nonce === null ? "" : `;nonce="${nonce}"`}${options.extraParams ?? ""}` +
        (tag === null ? "" : `;tag="${tag}"`);
      const headers = {
        ...request.headers,
        "signature-agent": request.headers["signature-agent"] ?? agentHeader,
        "signature-input": `${label}=${params}`,
        signature: `${label}=:AA==:`,
      };
      const withHeaders = { ...request, headers };
      const [parsed] = parseSignatureLabels(headers["signature-input"], headers.signature) ?? [];
      const base = parsed?.components
        ? signatureBase(withHeaders, parsed.components, parsed.signatureParams)
        : null;
      if (!base?.ok) throw new Error(`test agent cannot sign: ${base ? base.reason : "bad input"}`);
      const signature = await crypto.subtle.sign(
        { name: "Ed25519" },
        pair.privateKey,
        new TextEncoder().encode(base.base),
      );
      headers.signature = `${label}=:${btoa(String.fromCharCode(...new Uint8Array(signature)))}:`;
      return withHeaders;
    },
  };
}

/** The directory JSON of some agents' keys. */
export function directoryJson(agents: readonly Pick<TestAgent, "jwk">[]): string {
  return JSON.stringify({ keys: agents.map((a) => a.jwk) });
}

/**
 * A `FetchLike` serving each agent's directory at its origin's well-known path (200, the
 * directory media type, `Cache-Control: max-age=3600`), 404 elsewhere; `calls` counts requests
 * per URL. `reply` overrides the answer for one URL (an outage, a redirect, a bad body).
 */
export function directoryHost(agents: readonly TestAgent[]) {
  const calls = new Map<string, number>();
  const overrides = new Map<string, () => Response | Promise<Response>>();
  const fetch: FetchLike = async (url) => {
    calls.set(url, (calls.get(url) ?? 0) + 1);
    const override = overrides.get(url);
    if (override) return override();
    const listed = agents.filter((a) => `${a.origin}${DIRECTORY_PATH}` === url);
    if (listed.length === 0) return new Response("not found", { status: 404 });
    return new Response(directoryJson(listed), {
      status: 200,
      headers: { "content-type": DIRECTORY_MEDIA_TYPE, "cache-control": "max-age=3600" },
    });
  };
  return {
    fetch,
    calls,
    /** Answers `url` with `reply()` from now on (`null` restores the directory). */
    reply(url: string, reply: (() => Response | Promise<Response>) | null) {
      if (reply === null) overrides.delete(url);
      else overrides.set(url, reply);
    },
  };
}
