import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageUrlOf, withBaseUrl } from "./preview-base.js";

const PAGE = "https://shop.example.com/products/shoes";
const BASE = `<base href="${PAGE}">`;

describe("withBaseUrl", () => {
  it("puts the page's URL first in the head, after the doctype, html and head tags", () => {
    expect(withBaseUrl("<!DOCTYPE html><html lang=en><head><title>t</title>", PAGE)).toBe(
      `<!DOCTYPE html><html lang=en><head>${BASE}<title>t</title>`,
    );
    expect(withBaseUrl("<!doctype html>\n<!-- c -->\n<html>\n <HEAD id=h>\n<link>", PAGE)).toBe(
      `<!doctype html>\n<!-- c -->\n<html>\n <HEAD id=h>${BASE}\n<link>`,
    );
    // No head tag (the parser makes one): straight after <html>, or after the doctype.
    expect(withBaseUrl("<!DOCTYPE html><html><body><img src=a.png>", PAGE)).toBe(
      `<!DOCTYPE html><html>${BASE}<body><img src=a.png>`,
    );
    expect(withBaseUrl("<!DOCTYPE html><p><a href=x>x</a>", PAGE)).toBe(
      `<!DOCTYPE html>${BASE}<p><a href=x>x</a>`,
    );
    expect(withBaseUrl("", PAGE)).toBe(BASE);
  });

  it("never takes a tag that only looks like html or head, nor one inside a comment", () => {
    expect(withBaseUrl("<html><header>x</header>", PAGE)).toBe(`<html>${BASE}<header>x</header>`);
    expect(withBaseUrl("<!-- <html><head> --><htmlx><head>", PAGE)).toBe(
      `<!-- <html><head> -->${BASE}<htmlx><head>`,
    );
    // Text before <html> starts the body: the base goes before it.
    expect(withBaseUrl("hello<html><head>", PAGE)).toBe(`${BASE}hello<html><head>`);
  });

  it("keeps the document's own base, resolved against the page", () => {
    const relative = '<html><head><base href="/assets/"><link href=s.css>';
    expect(withBaseUrl(relative, PAGE)).toBe(
      `<html><head><base href="https://shop.example.com/assets/"><base href="/assets/"><link href=s.css>`,
    );
    const cdn = "<head><BASE target=_top HREF='https://cdn.example.net/a/?x=1&amp;y=2'>";
    expect(withBaseUrl(cdn, PAGE)).toBe(
      `<head><base href="https://cdn.example.net/a/?x=1&amp;y=2">${cdn.slice(6)}`,
    );
    // A base without href, or an empty one, leaves the page's URL.
    expect(withBaseUrl('<head><base target="_blank">', PAGE)).toBe(
      `<head>${BASE}<base target="_blank">`,
    );
    expect(withBaseUrl('<head><base href="">', PAGE)).toBe(`<head>${BASE}<base href="">`);
  });

  it("escapes the URL it writes", () => {
    const url = 'https://shop.example.com/a?b=1&c="2"';
    expect(withBaseUrl("<head>", url)).toBe(
      '<head><base href="https://shop.example.com/a?b=1&amp;c=&quot;2&quot;">',
    );
  });

  it("only inserts one tag before any content, whatever the markup", () => {
    const piece = fc.constantFrom(
      "<!DOCTYPE html>",
      "<html>",
      "<html lang=en>",
      "<head>",
      "<HEAD>",
      "<header>",
      "<!-- <head> -->",
      "<title>t</title>",
      "<p>",
      " ",
      "\n",
      "text",
      "<base target=x>",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const html = pieces.join("");
        const out = withBaseUrl(html, PAGE);
        const at = out.indexOf(BASE);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(out.slice(0, at) + out.slice(at + BASE.length)).toBe(html);
        // Before the tag: only the prologue, the html tag and the head tag.
        expect(out.slice(0, at)).toMatch(
          /^(?:[\t\n\f\r ]|<!--[\s\S]*?-->|<!DOCTYPE html>)*(?:<html(?: lang=en)?>[\t\n\f\r ]*(?:<!--[\s\S]*?-->[\t\n\f\r ]*)*)?(?:<head>|<HEAD>)?$/,
        );
      }),
    );
  });
});

describe("pageUrlOf", () => {
  it("is the page's https URL on its domain", () => {
    expect(pageUrlOf("shop.example.com", "/products/shoes")).toBe(PAGE);
    expect(pageUrlOf("shop.example.com", "/")).toBe("https://shop.example.com/");
    expect(pageUrlOf("shop.example.com", "/a b/é")).toBe("https://shop.example.com/a%20b/%C3%A9");
  });
});
