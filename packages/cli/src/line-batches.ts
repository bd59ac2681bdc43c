import type { Readable } from "node:stream";

const LF = 0x0a;
const CR = 0x0d;

/**
 * The lines of a stream, a chunk's worth at a time: one array (and one await) per chunk read
 * instead of one per line (`readline`'s async iterator costs a promise per line). Lines end as
 * `readline` ends them: at `\n`, `\r\n` or a lone `\r`; the last line needs no end. Bytes are
 * decoded as UTF-8 (invalid sequences become U+FFFD, as `TextDecoder` does; a string chunk is
 * read as its UTF-8 bytes).
 *
 * Each line is decoded from its own bytes into its own string. A line sliced out of the decoded
 * chunk would be a view of the whole chunk (V8 keeps substrings as slices of their parent), so
 * one kept field of one line (a crawl's path waiting in the write buffer, a referral's Referer
 * waiting for its batch) would keep the chunk's megabyte alive: an import of a large log
 * then held most of the file in memory. A `\n` byte never occurs inside a UTF-8 sequence, so
 * decoding line by line decodes what decoding the whole stream would.
 */
export async function* lineBatches(input: Readable): AsyncGenerator<string[]> {
  /** The bytes of a line that began in an earlier chunk (copied: chunks are not kept). */
  let carry: Buffer | null = null;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    const lines: string[] = [];
    let start = 0;
    let end = bytes.indexOf(LF);
    if (carry !== null && end !== -1) {
      const line = Buffer.concat([carry, bytes.subarray(0, end)]);
      pushLine(lines, line, 0, line.length, line.indexOf(CR));
      carry = null;
      start = end + 1;
      end = bytes.indexOf(LF, start);
    }
    // The next `\r` of the chunk, searched again only once passed (most logs have none).
    let cr = bytes.indexOf(CR, start);
    for (; end !== -1; end = bytes.indexOf(LF, start)) {
      if (cr !== -1 && cr < start) cr = bytes.indexOf(CR, start);
      pushLine(lines, bytes, start, end, cr);
      start = end + 1;
    }
    if (start < bytes.length) {
      const rest = bytes.subarray(start);
      carry = carry === null ? Buffer.from(rest) : Buffer.concat([carry, rest]);
    }
    if (lines.length > 0) yield lines;
  }
  if (carry !== null) {
    const lines: string[] = [];
    pushLine(lines, carry, 0, carry.length, carry.indexOf(CR));
    yield lines;
  }
}

/**
 * Adds the line of `bytes[start, end)` (it ended at `\n` or the input's end), split at `\r`s;
 * `cr` is the first `\r` at or after `start`, or -1.
 */
function pushLine(lines: string[], bytes: Buffer, start: number, end: number, cr: number): void {
  if (cr === -1 || cr >= end) {
    lines.push(bytes.toString("utf8", start, end));
    return;
  }
  const parts = bytes.toString("utf8", start, end).split("\r");
  // A trailing `\r` ended the line (`\r\n`, or `\r` at the end): no empty line after it.
  if (parts.at(-1) === "") parts.pop();
  for (const part of parts) lines.push(part);
}
