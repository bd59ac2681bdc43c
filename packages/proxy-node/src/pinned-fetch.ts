import { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { FetchLike } from "@crawlgate/core";
import { endToEndHeaders, hostOfHeader } from "@crawlgate/core/adapter-kit";
import { type Agent, request as undiciRequest } from "undici";
import { type AddressPolicy, addressVetter, pinnedAgent } from "./pinned-address.js";

export interface PinnedFetchOptions extends AddressPolicy {
  /** Per hop: connect, response headers, and silence between body chunks; default 10 s. */
  timeoutMs?: number;
  /** Redirects followed with `redirect: "follow"`; default 5 (each hop vetted again). */
  maxRedirects?: number;
}

/** `FetchLike`'s init plus an optional request body (the renderer passes pages' POST bodies). */
export type PinnedFetchInit = Parameters<FetchLike>[1];

export type PinnedFetch = (url: string, init?: PinnedFetchInit) => Promise<Response>;

const MAX_AGENTS = 32;
const NULL_BODY = new Set([101, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);
/** Credentials do not follow a redirect to another origin (as in the Fetch standard). */
const CROSS_ORIGIN_DROP = ["authorization", "cookie", "proxy-authorization"];

/**
 * A `FetchLike` for Node that never reaches a non-public address: per hop it resolves the host
 * once, refuses unless every address is allowed, and connects only to the vetted address
 * (`createPinnedProxy`'s vetting and pinning). `redirect: "follow"` (the default, as in `fetch`)
 * follows up to `maxRedirects` redirects itself, vetting each hop again; `"manual"` (what the
 * renderers pass) returns the 3xx as is. A refusal rejects with an Error saying "non-public
 * address". Bodies are decoded (gzip, deflate, br) like the platform `fetch`, and
 * `Content-Encoding`/`Content-Length` are dropped from the answer since they no longer apply.
 * A `host` header is sent as the Host (and, over https, as the TLS name) in place of the URL's,
 * for as long as redirects stay on the URL's origin (a render of a virtual-host origin).
 */
export function createPinnedFetch(options: PinnedFetchOptions = {}): PinnedFetch {
  const vet = addressVetter(options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 5;

  async function hop(
    url: URL,
    method: string,
    headers: Record<string, string>,
    init: PinnedFetchInit,
    body: Uint8Array | string | undefined,
    hostHeader: string | undefined,
  ) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new Error(`refused: ${url.protocol} is not http(s)`);
    if (url.username !== "" || url.password !== "") throw new Error("refused: credentials in URL");
    init.signal?.throwIfAborted();
    const vetted = await vet(url);
    if (!vetted.ok) throw new Error(`${url.host}: ${vetted.reason}`);
    const servername = url.protocol === "https:" ? hostOfHeader(hostHeader ?? "") : null;
    return undiciRequest(url, {
      method: method as "GET",
      headers: { ...headers, host: hostHeader ?? url.host, "accept-encoding": "gzip, deflate, br" },
      body: body ?? null,
      dispatcher: agentFor(url, vetted, servername),
      maxRedirections: 0,
      ...(init.signal ? { signal: init.signal } : {}),
    });
  }

  /**
   * Connections are kept alive per (origin, vetted address): a later request reuses one only
   * when its own vetting picked the same address, so pinning holds. The least recently used
   * agents beyond `MAX_AGENTS` are closed (gracefully: requests in flight finish).
   */
  const agents = new Map<string, Agent>();
  function agentFor(
    url: URL,
    vetted: { address: string; family: 4 | 6 },
    servername: string | null,
  ): Agent {
    const key = `${url.origin} ${vetted.address} ${servername ?? ""}`;
    let agent = agents.get(key);
    if (agent !== undefined) agents.delete(key);
    else {
      agent = pinnedAgent(vetted, {
        timeoutMs,
        bodyTimeoutMs: timeoutMs,
        keepAlive: true,
        ...(servername ? { servername } : {}),
      });
    }
    agents.set(key, agent);
    for (const [oldest, old] of agents) {
      if (agents.size <= MAX_AGENTS) break;
      agents.delete(oldest);
      void old.close().catch(() => {});
    }
    return agent;
  }

  return async (input, init = {}) => {
    let url = new URL(input);
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body ?? undefined;
    const headers = endToEndHeaders(init.headers ?? {}) as Record<string, string>;
    let hostHeader = Object.entries(init.headers ?? {}).find(
      ([name]) => name.toLowerCase() === "host",
    )?.[1];
    for (let redirects = 0; ; redirects++) {
      const response = await hop(url, method, headers, init, body, hostHeader);
      const location = response.headers.location;
      if (
        init.redirect !== "manual" &&
        REDIRECT.has(response.statusCode) &&
        typeof location === "string"
      ) {
        response.body.resume();
        if (redirects >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
        const next = new URL(location, url);
        if (next.origin !== url.origin) {
          for (const name of CROSS_ORIGIN_DROP) delete headers[name];
          hostHeader = undefined;
        }
        const status = response.statusCode;
        if (
          status === 303
            ? method !== "HEAD"
            : (status === 301 || status === 302) && method === "POST"
        ) {
          method = "GET";
          body = undefined;
          delete headers["content-type"];
          delete headers["content-length"];
        }
        url = next;
        continue;
      }
      return toResponse(url, response);
    }
  };
}

function toResponse(url: URL, response: Awaited<ReturnType<typeof undiciRequest>>): Response {
  const status = response.statusCode;
  if (status < 200 || status > 599) {
    response.body.destroy();
    throw new Error(`upstream answered status ${status}`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(
    endToEndHeaders(response.headers as Record<string, string | string[] | undefined>),
  )) {
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  let stream: Readable = response.body;
  if (NULL_BODY.has(status)) {
    response.body.resume();
    return withUrl(new Response(null, { status, headers }), url);
  }
  const encoding = headers.get("content-encoding")?.trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : null;
  if (decoder !== null) {
    stream = response.body.pipe(decoder);
    response.body.once("error", (error) => decoder.destroy(error));
    decoder.once("close", () => response.body.destroy());
    headers.delete("content-encoding");
    headers.delete("content-length");
  }
  const web = Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
  return withUrl(new Response(web, { status, headers }), url);
}

function withUrl(response: Response, url: URL): Response {
  Object.defineProperty(response, "url", { value: url.href });
  return response;
}
