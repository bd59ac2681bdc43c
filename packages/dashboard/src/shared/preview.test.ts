import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PREVIEW_CSP, previewDocument } from "./preview.js";

const META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;

describe("previewDocument", () => {
  it("puts the policy first, after a leading doctype and comments only", () => {
    expect(previewDocument("<!doctype html><html><head><title>x</title>")).toBe(
      `<!doctype html>${META}<html><head><title>x</title>`,
    );
    expect(previewDocument("\uFEFF <!-- a --> <!DOCTYPE html>\n<p>x")).toBe(
      `\uFEFF <!-- a --> <!DOCTYPE html>${META}\n<p>x`,
    );
    expect(previewDocument("<p>no doctype")).toBe(`${META}<p>no doctype`);
    expect(previewDocument("<!-- never closed <img src=/x>")).toBe(
      `${META}<!-- never closed <img src=/x>`,
    );
  });

  it("the policy forbids every fetch: no source but data: for images and fonts", () => {
    const directives = PREVIEW_CSP.split("; ");
    expect(directives).toContain("default-src 'none'");
    // Every fetch directive: nothing from anywhere. `base-uri` fetches nothing: it lets the
    // page's https <base> resolve its links.
    for (const d of directives.filter((d) => !d.startsWith("base-uri "))) {
      expect(d).not.toMatch(/'self'|https?:|\*/);
    }
    expect(directives).toContain("base-uri https:");
  });

  it("property: the snapshot's own markup is kept whole, behind the policy", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("<", ">", "!", "-", " ", "doctype", "a", "\n") }),
        (html) => {
          const doc = previewDocument(html);
          const at = doc.indexOf(META);
          expect(at).toBeGreaterThanOrEqual(0);
          expect(doc.slice(0, at) + doc.slice(at + META.length)).toBe(html);
          // Nothing of the snapshot before the policy but a doctype, comments and spaces.
          expect(doc.slice(0, at)).toMatch(/^(?:\s|<!--[\s\S]*?-->)*(?:<!doctype[^>]*>)?$/i);
        },
      ),
    );
  });
});
