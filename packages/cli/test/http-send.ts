import { request as httpRequest } from "node:http";

/** One HTTP request to a running `serve` (or any server) over node:http, for the CLI's tests. */

export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export interface SendOptions {
  /** Default `GET`. */
  method?: string;
  /** The request target, sent as it is. */
  path: string;
  /** The Host header (fetch cannot set it); default the base URL's. */
  host?: string;
  /** A bearer key: `Authorization: Bearer <key>`. */
  key?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  /** Repeated header fields joined with `, `. */
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the call to the end of the answer. */
  ms: number;
}

/**
 * Sends one request to `base` on a connection of its own (no agent: a stopping server's closed
 * keep-alive connection is never reused) and reads the whole answer. Rejects when no answer
 * came (refused, reset).
 */
export function send(base: string, options: SendOptions): Promise<Answer> {
  const url = new URL(base);
  const started = performance.now();
  const headers: Record<string, string> = {
    ...(options.host ? { host: options.host } : {}),
    ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "GET",
        path: options.path,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const answered: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined)
              answered[name] = Array.isArray(value) ? value.join(", ") : value;
          resolve({
            status: res.statusCode ?? 0,
            headers: answered,
            body: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A POST of JSON to one of the API's endpoints (`/functions/v1/<endpoint>`) with a key. */
export function callApi(
  base: string,
  options: { key: string; endpoint: string; body: unknown; host?: string },
): Promise<Answer> {
  return send(base, {
    method: "POST",
    path: `/functions/v1/${options.endpoint}`,
    key: options.key,
    ...(options.host ? { host: options.host } : {}),
    headers: { "content-type": "application/json" },
    body: JSON.stringify(options.body),
  });
}
