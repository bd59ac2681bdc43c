import { type CursorPayload, decodeCursor } from "../../cursor/cursor.js";
import { CrawlgateError } from "../../errors.js";
import type { KeyRing } from "../../signing/key-ring.js";

/**
 * Opens the `cursor` of a request for an endpoint, or throws `400 invalid_cursor` with the
 * reason as `message` (malformed, tampered, expired, another endpoint's or another caller's).
 */
export async function openCursor(
  ring: KeyRing,
  token: unknown,
  context: { endpoint: string; userId: string; now: Date },
): Promise<CursorPayload> {
  const decoded = await decodeCursor(ring, token, context);
  if (!decoded.ok) throw new CrawlgateError("invalid_cursor", { message: decoded.message });
  return decoded.payload;
}

/**
 * Opens the `cursor` of a request and reads the query it pins with `read`; a payload `read`
 * refuses (a shape this version does not know) is `400 invalid_cursor` too.
 */
export async function openCursorQuery<Q>(
  ring: KeyRing,
  token: unknown,
  context: { endpoint: string; userId: string; now: Date },
  read: (payload: CursorPayload) => Q | null,
): Promise<Q> {
  const query = read(await openCursor(ring, token, context));
  if (!query) throw new CrawlgateError("invalid_cursor", { message: "cursor is malformed" });
  return query;
}
