/**
 * Order-preserving remap of UTF-16 code units: surrogates (code points above U+FFFF) sort after
 * U+E000–U+FFFF, as their UTF-8 bytes do.
 */
const unit = (c: number) => (c >= 0xe000 ? c - 0x800 : c >= 0xd800 ? c + 0x2000 : c);

/**
 * Compares strings in UTF-8 byte order (= code point order), the order of SQLite's BINARY and
 * PostgreSQL's "C" collations: every "byte order" of a port contract means this. JavaScript's
 * `<` compares UTF-16 code units and differs when a character above U+FFFF meets one in
 * U+E000–U+FFFF ("/😀" < "/～" in UTF-16, the other way in UTF-8).
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unit(x) - unit(y);
  }
  return a.length - b.length;
}
