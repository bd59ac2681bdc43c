import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditSeo, SEO_WEIGHTS, seoBucket, summarizeSeo } from "./seo-audit.js";

const GOOD = `<!doctype html>
<html lang="en"><head>
<title>Blue widgets for every workshop</title>
<meta name="description" content="Hand-made blue widgets, shipped worldwide within two days, with a lifetime warranty.">
<link rel="canonical" href="https://shop.example.com/widgets">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Widget"}</script>
</head><body><h1>Blue widgets</h1><img src="a.png" alt="A widget"><img src="b.png" alt=""></body></html>`;

describe("SEO audit", () => {
  it("gives a complete page 100 and no issues", () => {
    expect(auditSeo(GOOD, 200)).toEqual({ score: 100, issues: [] });
  });

  it("takes every weight from a page failing every check: 0", () => {
    const worst = auditSeo('<meta name="ROBOTS" content="NoFollow, NOINDEX"><img src=x>', 500);
    expect(worst).toEqual({
      score: 0,
      issues: [
        "missing_title",
        "missing_meta_description",
        "missing_h1",
        "missing_canonical",
        "noindex",
        "missing_lang",
        "images_missing_alt",
        "missing_structured_data",
        "render_status",
      ],
    });
  });

  it("checks lengths, counts, canonical conflicts and structured data", () => {
    const page = GOOD.replace("Blue widgets for every workshop", "Short")
      .replace(/content="Hand-made[^"]*"/, 'content="Too short"')
      .replace("<h1>Blue widgets</h1>", "<h1>a</h1><H1>b</H1>")
      .replace(
        '<link rel="canonical" href="https://shop.example.com/widgets">',
        '<link rel="canonical" href="/a"><link rel="Canonical alternate" href="/b">',
      )
      .replace('{"@context"', '{oops"@context"');
    expect(auditSeo(page, 201)).toEqual({
      score: 100 - 5 - 5 - 10 - 10 - 5,
      issues: [
        "title_length",
        "meta_description_length",
        "multiple_h1",
        "multiple_canonical",
        "invalid_structured_data",
      ],
    });
    expect(auditSeo(GOOD.replace('lang="en"', 'lang=" "'), null).issues).toEqual(["missing_lang"]);
    const none = GOOD.replace("</head>", '<meta name="googlebot" content="none"></head>');
    expect(auditSeo(none, 200).issues).toEqual(["noindex"]);
    expect(auditSeo(GOOD, 404).issues).toEqual(["render_status"]);
  });

  it("reads titles with entities and white space, as a browser shows them", () => {
    const page = GOOD.replace(
      "<title>Blue widgets for every workshop</title>",
      "<title>\n  Tom &amp; Jerry\n  cartoons </title>",
    );
    expect(auditSeo(page, 200).issues).toEqual([]);
    expect(auditSeo(GOOD.replace("Blue widgets for every workshop", "   "), 200).issues).toEqual([
      "missing_title",
    ]);
  });

  it("cannot audit a document without elements: unknown", () => {
    for (const html of ["", "   ", "plain text, no markup", "<!-- only a comment -->"]) {
      expect(auditSeo(html, 200)).toEqual({ score: null, issues: [] });
    }
  });

  it("buckets scores and summarises a domain", () => {
    expect([100, 80, 79, 50, 49, 0, null].map(seoBucket)).toEqual([
      "good",
      "good",
      "needsWork",
      "needsWork",
      "poor",
      "poor",
      "unknown",
    ]);
    expect(
      summarizeSeo([
        { score: 100, issues: [] },
        { score: 60, issues: ["missing_h1", "noindex", "missing_lang"] },
        { score: 0, issues: ["missing_title"] },
        { score: null, issues: [] },
      ]),
    ).toEqual({ good: 1, needsWork: 1, poor: 1, unknown: 1, totalPages: 4, totalIssues: 4 });
  });

  it("never throws and stays within 0–100 on arbitrary input", () => {
    const tag = fc.constantFrom(
      "<title>",
      "</title>",
      "<h1>",
      "<script type=application/ld+json>",
      "</script>",
      "<meta name=robots content=noindex>",
      '<link rel=canonical href="',
      "<img",
      "<!--",
      "<html lang=x>",
      "&amp;",
      "<",
      ">",
      '"',
    );
    const html = fc.array(fc.oneof(tag, fc.string({ unit: "binary" })), { maxLength: 40 });
    fc.assert(
      fc.property(html, fc.option(fc.integer({ min: 100, max: 599 })), (parts, status) => {
        const audit = auditSeo(parts.join(""), status);
        if (audit.score === null) expect(audit.issues).toEqual([]);
        else {
          expect(audit.score).toBeGreaterThanOrEqual(0);
          expect(audit.score).toBeLessThanOrEqual(100);
          expect(100 - audit.score).toBe(
            audit.issues.reduce((sum, issue) => sum + SEO_WEIGHTS[issue], 0),
          );
        }
      }),
      { numRuns: 500 },
    );
  });
});
