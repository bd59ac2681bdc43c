/**
 * Content addressing and compression with web APIs only (crypto.subtle, CompressionStream), so
 * core runs in any fetch runtime.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The web APIs take `BufferSource` (bytes over an `ArrayBuffer`); callers hand `Uint8Array`s
 * that never sit on a `SharedArrayBuffer`, so the view is passed as it is, without a copy.
 */
const source = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** Lowercase hex SHA-256 of the bytes. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", source(bytes)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function through(
  bytes: Uint8Array,
  transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const stream = new Blob([source(bytes)]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export const gzip = (bytes: Uint8Array) => through(bytes, new CompressionStream("gzip"));
/** Rejects when the bytes are not a complete gzip stream. */
export const gunzip = (bytes: Uint8Array) => through(bytes, new DecompressionStream("gzip"));

/** The text of gzip bytes holding UTF-8 (invalid sequences become U+FFFD). */
export async function gunzipText(bytes: Uint8Array): Promise<string> {
  return decoder.decode(await gunzip(bytes));
}
