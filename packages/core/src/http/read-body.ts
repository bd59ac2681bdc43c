import { MAX_BODY_BYTES } from "./types.js";

/**
 * Collects a body stream into one byte array, stopping after `MAX_BODY_BYTES + 1` bytes so that
 * an oversized body is detected without buffering all of it. Shared by the HTTP bridges.
 */
export async function readLimitedBody(
  chunks: AsyncIterable<Uint8Array | string>,
): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
    parts.push(bytes);
    size += bytes.length;
    if (size > MAX_BODY_BYTES) break;
  }
  if (size === 0) return null;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
