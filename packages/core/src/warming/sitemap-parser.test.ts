import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSitemapParser, type ParsedSitemap } from "./sitemap-parser.js";

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function parse(text: string, chunks: number[] = [], options = {}): ParsedSitemap {
  const parser = createSitemapParser(options);
  let at = 0;
  for (const size of chunks) {
    parser.write(text.slice(at, at + size));
    at += size;
  }
  parser.write(text.slice(at));
  return parser.end();
}

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function urlset(entries: { loc: string; lastmod?: string }[]): string {
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${NS}>\n${urls}\n</urlset>\n`;
}

describe("createSitemapParser", () => {
  it("reads a urlset's locs and lastmods, entities and CDATA, ignoring extensions", () => {
    const text = `<?xml version="1.0"?>
<urlset ${NS} xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://e.example/a?x=1&amp;y=2 </loc><lastmod>2026-11-01</lastmod>
    <image:image><image:loc>https://e.example/img.png</image:loc></image:image>
    <changefreq>daily</changefreq></url>
  <url><loc><![CDATA[https://e.example/b]]></loc></url>
  <url><lastmod>2026-11-02</lastmod></url>
</urlset>`;
    expect(parse(text)).toEqual({
      kind: "urlset",
      entries: [
        { loc: "https://e.example/a?x=1&y=2", lastmod: "2026-11-01" },
        { loc: "https://e.example/b", lastmod: null },
      ],
      dropped: 0,
      invalid: 1,
      error: null,
    });
  });

  it("reads an index's sitemaps", () => {
    const text = `<sitemapindex ${NS}><sitemap><loc>https://e.example/s1.xml</loc><lastmod>2026-11-03T10:00:00Z</lastmod></sitemap><sitemap><loc>https://e.example/s2.xml.gz</loc></sitemap></sitemapindex>`;
    const parsed = parse(text);
    expect(parsed.kind).toBe("sitemapindex");
    expect(parsed.entries).toEqual([
      { loc: "https://e.example/s1.xml", lastmod: "2026-11-03T10:00:00Z" },
      { loc: "https://e.example/s2.xml.gz", lastmod: null },
    ]);
  });

  it("reports a malformed file with its line and keeps none of its entries", () => {
    const text = `<?xml version="1.0"?>\n<urlset ${NS}>\n<url><loc>https://e.example/a</loc></url>\n<url><loc>https://e.example/b</loc>\n</urlset>\n`;
    const parsed = parse(text);
    expect(parsed.entries).toEqual([]);
    expect(parsed.error).toMatch(/^line 5: /);
  });

  it("refuses another root, an empty file and HTML", () => {
    expect(parse("<rss><channel/></rss>").error).toMatch(/root element is <rss>/);
    expect(parse("").error).toMatch(/^line 1: .*root element/);
    expect(parse("<!doctype html><html><body><p>hi</body></html>").error).not.toBeNull();
  });

  it("keeps the first entries up to the limit and counts the rest", () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({ loc: `https://e.example/p${i}` }));
    const parsed = parse(urlset(entries), [], { maxEntries: 10 });
    expect(parsed.entries.map((e) => e.loc)).toEqual(entries.slice(0, 10).map((e) => e.loc));
    expect(parsed.dropped).toBe(2);
    expect(parsed.error).toBeNull();
  });

  it("stops past the byte cap", () => {
    const parser = createSitemapParser({ maxBytes: 100 });
    parser.write(`<urlset ${NS}>`);
    parser.write("<url><loc>https://e.example/a-rather-long-path-of-a-page</loc></url>");
    expect(parser.failed).toBe(true);
    expect(parser.end().error).toBe("larger than 100 bytes");
  });

  it("never expands entities declared in a DTD", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><urlset><url><loc>&b;</loc></url></urlset>`;
    const parsed = parse(bomb);
    expect(parsed.entries).toEqual([]);
    expect(parsed.error).not.toBeNull();
  });

  it("drops a loc longer than 2,048 characters as invalid", () => {
    const parsed = parse(urlset([{ loc: `https://e.example/${"x".repeat(2100)}` }]));
    expect(parsed).toMatchObject({ entries: [], invalid: 1, error: null });
  });

  const locArb = fc
    .webUrl({ withQueryParameters: true })
    .filter((u) => u.length <= 2048 && u.trim() === u);
  const lastmodArb = fc.option(
    fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString()),
    { nil: undefined },
  );

  it("property: a generated urlset reads back, however it is cut into chunks", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ loc: locArb, lastmod: lastmodArb }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 60 }),
        (entries, chunks) => {
          const parsed = parse(urlset(entries), chunks);
          expect(parsed.error).toBeNull();
          expect(parsed.entries).toEqual(
            entries.map((e) => ({ loc: e.loc, lastmod: e.lastmod ?? null })),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("property: never throws on any text, and the entry limit holds", () => {
    const xmlish = fc.stringMatching(/^[<>/a-z ="'&;!?\-\n[\]CDATurlsemapindxoc]{0,300}$/);
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), xmlish),
        fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 5 }),
        (text, chunks, maxEntries) => {
          const parsed = parse(`<urlset>${text}`, chunks, { maxEntries });
          expect(parsed.entries.length).toBeLessThanOrEqual(maxEntries);
          expect(parse(text, chunks, { maxEntries }).entries.length).toBeLessThanOrEqual(
            maxEntries,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("property: a broken copy of a valid urlset is reported or read, never thrown", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ loc: locArb, lastmod: lastmodArb }), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.nat(),
        (entries, cutAt, dropAt) => {
          const text = urlset(entries);
          const cut = cutAt % text.length;
          const broken = text.slice(0, cut) + text.slice(cut + 1 + (dropAt % 5));
          const parsed = parse(broken);
          if (parsed.error !== null) expect(parsed.entries).toEqual([]);
          else expect(parsed.entries.length).toBeLessThanOrEqual(entries.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
