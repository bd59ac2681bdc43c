import type { IncomingMessage, ServerResponse } from "node:http";
import { type ApiResponse, CrawlgateError } from "@crawlgate/core";
import { MAX_BODY_BYTES } from "@crawlgate/core/adapter-kit";

/**
 * Request bodies on node:http without ever resetting the connection (docs/decisions.md,
 * "Hardening"): a body declared larger than the limit is refused before it is read; a body that
 * turns out larger is kept up to `MAX_BODY_BYTES + 1` bytes (core answers 413) and the rest is
 * read and dropped. The answer goes out at once, complete (`Content-Length`), and the connection
 * closes only once the client has finished sending, so a normal client reads the 413 instead of
 * a reset. A client that keeps sending is cut off after `DRAIN_LIMIT_BYTES` or `DRAIN_LIMIT_MS`.
 */

export const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;
export const DRAIN_LIMIT_MS = 10_000;

/** The body's first `MAX_BODY_BYTES + 1` bytes (or `null` for none); the rest is drained. */
export function readNodeBody(req: IncomingMessage): Promise<Uint8Array | null> {
  if (Number(req.headers["content-length"]) > MAX_BODY_BYTES) {
    return Promise.reject(
      new CrawlgateError("payload_too_large", {
        message: `request body exceeds ${MAX_BODY_BYTES} bytes`,
      }),
    );
  }
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(size === 0 ? null : new Uint8Array(Buffer.concat(parts, size)));
    };
    req.on("data", (chunk: Buffer) => {
      if (done) return; // past the limit: read and dropped
      parts.push(chunk);
      size += chunk.length;
      if (size > MAX_BODY_BYTES) finish();
    });
    req.on("end", finish);
    req.on("error", (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

/**
 * Writes a core response. While the request body is still arriving, the response is written in
 * full with `Connection: close` and ended once the body is drained (or the drain limit is hit).
 */
export function sendNodeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: ApiResponse,
): void {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  const body = response.body ?? "";
  // Said outright: Node leaves it out on HTTP/1.0 and ends the answer with the close instead.
  // (Never on 204 and 304, which have no body to measure.)
  if (response.status !== 204 && response.status !== 304)
    res.setHeader(
      "content-length",
      typeof body === "string" ? Buffer.byteLength(body) : body.length,
    );
  if (req.complete) {
    res.end(body);
    return;
  }
  res.setHeader("connection", "close");
  res.write(body);
  drained(req).then(() => res.end());
}

function drained(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const timer = setTimeout(done, DRAIN_LIMIT_MS);
    function done() {
      clearTimeout(timer);
      req.off("data", count);
      resolve();
    }
    function count(chunk: Buffer) {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) done();
    }
    req.on("data", count);
    req.once("end", done);
    req.once("close", done);
    req.once("error", done);
    req.resume();
  });
}
