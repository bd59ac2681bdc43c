import { connect } from "node:net";

/** One HTTP/1.x exchange over a raw socket, so that tests can send what no client would. */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  response: RawResponse | null;
  /**
   * The server closed the connection after its answer. An answer that says `Connection: close`
   * is given `CLOSE_WAIT_MS` to be followed by the close; any other is taken as kept alive.
   */
  closed: boolean;
}

const CLOSE_WAIT_MS = 2_000;

/**
 * Sends `request` (bytes as written, the request line included) and reads one response: until
 * the server closes, or until the answer is complete (by its framing) and does not announce a
 * close. `response` is `null` when the server closes without a status line.
 */
export function rawExchange(
  port: number,
  request: Uint8Array | string,
  timeoutMs = 15_000,
): Promise<RawExchange> {
  const head = Buffer.from(request.slice(0, 5)).toString("latin1") === "HEAD ";
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response: parseResponse(Buffer.concat(chunks), head), closed });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const raw = Buffer.concat(chunks);
      if (!isComplete(raw, head)) return;
      const response = parseResponse(raw, head);
      if (!/\bclose\b/i.test(response?.headers.connection ?? "")) settle(false);
      else setTimeout(() => settle(false), CLOSE_WAIT_MS).unref();
    });
    socket.on("error", () => {}); // a reset after the answer still leaves the answer to read
    socket.on("close", () => settle(true));
    socket.write(request);
  });
}

/** Sends `request` and reads one response (see `rawExchange`). */
export async function rawRequest(
  port: number,
  request: Uint8Array | string,
  timeoutMs = 15_000,
): Promise<RawResponse | null> {
  return (await rawExchange(port, request, timeoutMs)).response;
}

/** Whether `raw` holds a whole response by its own framing (a close-delimited one never does). */
function isComplete(raw: Buffer, head: boolean): boolean {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd < 0) return false;
  const response = parseResponse(raw.subarray(0, headEnd + 4), true);
  if (!response) return false;
  const body = raw.length - headEnd - 4;
  if (head || [204, 304].includes(response.status) || response.status < 200) return true;
  if (response.headers["transfer-encoding"]?.toLowerCase() === "chunked")
    return /(^|\r\n)0\r\n(.*\r\n)*\r\n$/.test(raw.subarray(headEnd + 4).toString("latin1"));
  const length = response.headers["content-length"];
  return length !== undefined && body >= Number(length);
}

/**
 * Parses the first response in `raw` (Content-Length or chunked body, or up to the end), or
 * `null`. `head`: the answer to a HEAD request, which has no body whatever its headers say.
 */
export function parseResponse(raw: Buffer, head = false): RawResponse | null {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const lines = raw.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "");
  if (!status) return null;
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(headEnd + 4);
  if (head) body = Buffer.alloc(0);
  else if (headers["transfer-encoding"]?.toLowerCase() === "chunked") body = unchunk(body);
  else if (headers["content-length"] !== undefined)
    body = body.subarray(0, Number(headers["content-length"]));
  return { status: Number(status[1]), headers, body: body.toString("utf8") };
}

function unchunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!(size > 0)) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}
