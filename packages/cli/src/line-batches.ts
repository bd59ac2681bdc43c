import type { Readable } from "node:stream";

/**
 * The lines of a stream, a chunk's worth at a time: one array (and one await) per chunk read
 * instead of one per line (`readline`'s async iterator costs a promise per line). Lines end as
 * `readline` ends them: at `\n`, `\r\n` or a lone `\r`; the last line needs no end. Bytes are
 * decoded as UTF-8 across chunk boundaries (invalid sequences become U+FFFD).
 */
export async function* lineBatches(input: Readable): AsyncGenerator<string[]> {
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const text =
      carry + (typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    const lines: string[] = [];
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      pushLine(lines, text.slice(start, end));
      start = end + 1;
    }
    carry = text.slice(start);
    if (lines.length > 0) yield lines;
  }
  const rest = carry + decoder.decode();
  if (rest !== "") {
    const lines: string[] = [];
    pushLine(lines, rest);
    yield lines;
  }
}

/** Adds a line that ended at `\n` (or the input's end), splitting it at lone `\r`s. */
function pushLine(lines: string[], line: string): void {
  if (!line.includes("\r")) {
    lines.push(line);
    return;
  }
  const parts = line.split("\r");
  // A trailing `\r` ended the line (`\r\n`, or `\r` at the end): no empty line after it.
  if (parts.at(-1) === "") parts.pop();
  for (const part of parts) lines.push(part);
}
