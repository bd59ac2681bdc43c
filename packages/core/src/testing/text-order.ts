/**
 * Path-like strings in UTF-8 byte order (code point order): what every "byte order" of a port
 * contract means. JavaScript's `<` puts the last two (above U+FFFF, two UTF-16 surrogates from
 * U+D800) before U+E000 and U+FF5E, so a store sorting with `<` fails the cases that use them.
 */
export const UTF8_ORDERED = ["/A", "/a", "/é", "/\ue000", "/\uff5e", "/𝒜", "/😀"] as const;

/** The same strings in an order that sorts no way by accident. */
export const SHUFFLED = [3, 6, 0, 4, 2, 5, 1].map((i) => UTF8_ORDERED[i] as string);
