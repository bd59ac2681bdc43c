import type { FetchLike } from "../../ports/index.js";
import type { DirectoryKey } from "../../ports/web-bot-auth.js";
import { readBodyCapped } from "../../render/fetch-renderer.js";
import { ed25519Thumbprint, importEd25519, RFC9421_TEST_KEY_X } from "./jwk.js";

export const DIRECTORY_MEDIA_TYPE = "application/http-message-signatures-directory+json";
const JSON_TYPES = new Set([DIRECTORY_MEDIA_TYPE, "application/json", "application/jwk-set+json"]);

export interface DirectoryFetchLimits {
  /** Longest wait for the whole answer, body included. */
  timeoutMs: number;
  /** Largest body accepted (after content decoding). */
  maxBytes: number;
  /** Most keys a directory may list (every JWK counts, Ed25519 or not). */
  maxKeys: number;
  /** Accept the RFC 9421 test key (test vectors only). */
  allowTestKeys: boolean;
}

export type DirectoryFetchResult =
  | { ok: true; keys: DirectoryKey[]; maxAgeSeconds: number | null; noCache: boolean }
  | { ok: false; failure: string };

/**
 * GET of one key directory: `redirect: "manual"` and only a 200 is accepted (a 3xx is a
 * failure, never followed), a JSON media type, a body within `maxBytes`, a JWKS object whose
 * `keys` holds at most `maxKeys` entries, all within `timeoutMs`. Ed25519 OKP keys are kept
 * (others ignored), each indexed by its RFC 7638 thumbprint; `nbf`/`exp` bound its validity.
 * Never throws: a refusal by the fetch (a private address, a timeout) is a failure.
 */
export async function fetchDirectory(
  fetch: FetchLike,
  url: string,
  limits: DirectoryFetchLimits,
): Promise<DirectoryFetchResult> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<DirectoryFetchResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, failure: "timeout" });
    }, limits.timeoutMs);
  });
  try {
    return await Promise.race([fetchOnce(fetch, url, limits, controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchOnce(
  fetch: FetchLike,
  url: string,
  limits: DirectoryFetchLimits,
  signal: AbortSignal,
): Promise<DirectoryFetchResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "GET",
      redirect: "manual",
      headers: { accept: `${DIRECTORY_MEDIA_TYPE}, application/json;q=0.5` },
      signal,
    });
  } catch (error) {
    return {
      ok: false,
      failure: `fetch failed: ${error instanceof Error ? error.message : "error"}`,
    };
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, failure: `status ${response.status}` };
  }
  const mediaType = (response.headers.get("content-type") ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (!JSON_TYPES.has(mediaType ?? "")) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, failure: `not a JSON directory (${mediaType || "no content type"})` };
  }
  let body: unknown;
  try {
    body = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(
        await readBodyCapped(response, limits.maxBytes),
      ),
    );
  } catch (error) {
    return {
      ok: false,
      failure: error instanceof SyntaxError ? "body is not JSON" : "body too large or unreadable",
    };
  }
  const keys = await directoryKeys(body, limits);
  if (typeof keys === "string") return { ok: false, failure: keys };
  return { ok: true, keys, ...cacheControl(response.headers.get("cache-control")) };
}

async function directoryKeys(
  body: unknown,
  limits: DirectoryFetchLimits,
): Promise<DirectoryKey[] | string> {
  const list = (body as { keys?: unknown } | null)?.keys;
  if (typeof body !== "object" || body === null || !Array.isArray(list))
    return "not a key directory";
  if (list.length > limits.maxKeys) return `more than ${limits.maxKeys} keys`;
  const keys: DirectoryKey[] = [];
  for (const jwk of list as Record<string, unknown>[]) {
    if (jwk?.kty !== "OKP" || jwk.crv !== "Ed25519" || typeof jwk.x !== "string") continue;
    if (jwk.x === RFC9421_TEST_KEY_X && !limits.allowTestKeys) continue;
    if ((await importEd25519(jwk.x)) === null) continue;
    keys.push({
      keyid: await ed25519Thumbprint(jwk.x),
      x: jwk.x,
      notBefore: typeof jwk.nbf === "number" ? jwk.nbf * 1000 : null,
      expiresAt: typeof jwk.exp === "number" ? jwk.exp * 1000 : null,
    });
  }
  return keys;
}

/** `max-age` in seconds (`null` when absent), and whether `no-cache`/`no-store` was sent. */
function cacheControl(header: string | null): { maxAgeSeconds: number | null; noCache: boolean } {
  let maxAgeSeconds: number | null = null;
  let noCache = false;
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === "no-cache" || name === "no-store") noCache = true;
    if (name === "max-age" && value !== undefined && /^\d+$/.test(value.trim()))
      maxAgeSeconds = Number(value.trim());
  }
  return { maxAgeSeconds, noCache };
}
