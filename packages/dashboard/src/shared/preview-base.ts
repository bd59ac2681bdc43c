/**
 * A stored snapshot shown in a preview frame (`srcdoc`) resolves its relative URLs against the
 * frame's fallback base, the dashboard's own address: its styles, images and links would point
 * at the dashboard. `withBaseUrl` gives the document the page's own base.
 */

/** HTML whitespace, comments and the doctype the parser meets before the `<html>` tag. */
const PROLOGUE = /[\t\n\f\r ]+|<!--[\s\S]*?-->|<!doctype\b[^>]*>/iy;
/** The `<html>` start tag (it may be left out), then what may come before `<head>`. */
const HTML_TAG = /<html(?=[\s/>])[^>]*>/iy;
const BETWEEN = /[\t\n\f\r ]+|<!--[\s\S]*?-->/y;
const HEAD_TAG = /<head(?=[\s/>])[^>]*>/iy;
/** The first `<base href>`, its value quoted either way or bare. */
const OWN_BASE = /<base(?=[\s/])[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

const ENTITIES: Record<string, string> = {
  amp: "&",
  quot: '"',
  apos: "'",
  lt: "<",
  gt: ">",
};

/** An attribute value's text: the named entities above and numeric references decoded. */
function attributeText(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, dec, hex, name) => {
    const code = dec ? Number(dec) : hex ? Number.parseInt(hex, 16) : null;
    if (code !== null) return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return ENTITIES[String(name).toLowerCase()] ?? whole;
  });
}

/** Where a head element may be inserted: after the prologue, `<html>` and `<head>` tags. */
function headStart(html: string): number {
  let at = 0;
  /** Skips `pattern` (sticky) where the scan stands; whether it was there. */
  const skip = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    const match = pattern.exec(html);
    if (match) at += match[0].length;
    return match !== null && match[0].length > 0;
  };
  let more = true;
  while (more) more = skip(PROLOGUE);
  if (skip(HTML_TAG)) {
    more = true;
    while (more) more = skip(BETWEEN);
  }
  skip(HEAD_TAG);
  return at;
}

/**
 * The document with `<base href>` first in its head: the page's URL, or the document's own
 * first `<base href>` resolved against it (the first base element with an `href` is the one a
 * browser uses, so the document's own keeps its meaning). Nothing else of the markup changes;
 * the tag goes after the doctype, so the document's rendering mode stays.
 */
export function withBaseUrl(html: string, pageUrl: string): string {
  const own = OWN_BASE.exec(html);
  const href = own ? attributeText(own[1] ?? own[2] ?? own[3] ?? "") : null;
  let base = pageUrl;
  if (href !== null && href.trim() !== "") {
    try {
      base = new URL(href.trim(), pageUrl).href;
    } catch {
      base = pageUrl;
    }
  }
  const at = headStart(html);
  const tag = `<base href="${base.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">`;
  return html.slice(0, at) + tag + html.slice(at);
}

/** The public URL of a page of a domain (crawlgate serves sites over https). */
export function pageUrlOf(domain: string, path: string): string {
  return new URL(path.startsWith("/") ? path : `/${path}`, `https://${domain}`).href;
}
