/**
 * Blob keys: 1 to 8 `/`-separated segments, each `[a-z0-9_-][a-z0-9._-]{0,127}`, at most 512
 * characters. Lowercase only (so case-insensitive file systems cannot merge two keys), no empty,
 * `.` or `..` segments (so a key maps inside any directory it is joined to).
 */
const SEGMENT = /^[a-z0-9_-][a-z0-9._-]{0,127}$/;

export function isValidBlobKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) return false;
  const segments = key.split("/");
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s));
}

/** Throws a `RangeError` for a key `isValidBlobKey` refuses. Adapters call it first. */
export function assertBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new RangeError(`invalid blob key: ${JSON.stringify(key)}`);
}

/** Throws a `RangeError` unless `0 <= start <= end` are safe integers (a `getBlobRange` range). */
export function assertByteRange(start: number, end: number): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
    throw new RangeError(`invalid byte range: ${start}..${end}`);
}
