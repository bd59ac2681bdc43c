const UNRESERVED = /[A-Za-z0-9\-._~]/;
const encoder = new TextEncoder();

/**
 * The form in which robots.txt paths and patterns are compared (RFC 9309 §2.2.2): characters
 * outside printable ASCII are percent-encoded as UTF-8; a percent-encoded unreserved character
 * (`A-Z a-z 0-9 - . _ ~`) is decoded; other escapes get uppercase hex digits. A `%` that starts
 * no escape stays as it is. So `/%7efoo`, `/~foo` match each other, `/%2F` and `/` do not.
 */
export function normalizeRobotsPath(path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    const char = path[i] as string;
    if (char === "%" && /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(Number.parseInt(path.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${path.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (code > 0x20 && code < 0x7f) {
      out += char;
    } else {
      const point = path.codePointAt(i) as number;
      const text = String.fromCodePoint(point);
      if (point > 0xffff) i++;
      for (const byte of encoder.encode(text))
        out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
  }
  return out;
}
