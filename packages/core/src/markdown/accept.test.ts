import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAccept, prefersMarkdown, prefersMarkdownCached, weightOfType } from "./accept.js";

/** A slow reference: the RFC 9110 §12.5.1 reading spelled out with regular expressions. */
function referencePrefersMarkdown(header: string): boolean {
  const members = header
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m !== "");
  const weights: { range: string; q: number }[] = [];
  for (const member of members) {
    const match = /^([^\s;/]+)\/([^\s;]+)\s*(;.*)?$/.exec(member);
    if (!match) continue;
    const type = (match[1] as string).toLowerCase();
    const sub = (match[2] as string).toLowerCase();
    const token = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
    if (!token.test(type) || !token.test(sub) || (type === "*" && sub !== "*")) continue;
    // Every `q` parameter must be a qvalue; the last one counts.
    const qParams = (match[3] ?? "")
      .split(";")
      .map((p) => p.trim())
      .filter((p) => /^q\s*=/i.test(p))
      .map((p) => p.replace(/^q\s*=\s*/i, ""));
    const ok = qParams.every((v) => /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(v));
    const q = qParams.length > 0 ? Number(qParams[qParams.length - 1]) : 1;
    if (ok) weights.push({ range: `${type}/${sub}`, q });
  }
  const best = (range: string) =>
    weights.filter((w) => w.range === range).reduce((m, w) => Math.max(m, w.q), -1);
  const markdown = best("text/markdown");
  const html = [best("text/html"), best("text/*"), best("*/*")].find((w) => w >= 0) ?? 0;
  return markdown > 0 && markdown >= html;
}

const ranges = fc.constantFrom(
  "text/markdown",
  "TEXT/Markdown",
  "text/html",
  "text/*",
  "*/*",
  "application/xhtml+xml",
  "application/json",
  "*/markdown",
  "text",
  "",
);
const qs = fc.constantFrom(
  "",
  ";q=0",
  ";q=0.5",
  ";Q=1",
  ";q=1.0",
  ";q=0.999",
  ";q=2",
  ";q=abc",
  ";level=1",
);
const header = fc
  .array(fc.tuple(ranges, qs, fc.constantFrom("", " ", "  ")), { maxLength: 6 })
  .map((members) => members.map(([r, q, s]) => `${s}${r}${q}`).join(","));

describe("Accept negotiation between HTML and Markdown", () => {
  it("chooses Markdown only when text/markdown itself outweighs or equals text/html", () => {
    expect(prefersMarkdown(undefined)).toBe(false);
    expect(prefersMarkdown("text/markdown")).toBe(true);
    expect(prefersMarkdown("text/markdown, text/html")).toBe(true);
    expect(prefersMarkdown("text/html, text/markdown;q=0.9")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=0.9, text/*;q=0.5")).toBe(true);
    expect(prefersMarkdown("text/markdown;q=0.9, */*")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=0")).toBe(false);
    expect(prefersMarkdown("text/*")).toBe(false);
    expect(prefersMarkdown("*/*")).toBe(false);
    expect(prefersMarkdown("text/markdown;q=2")).toBe(false);
  });

  it("weighs a type by its most specific range", () => {
    const accepted = parseAccept("text/*;q=0.3, text/html;q=0.7, */*;q=0.1");
    expect(weightOfType(accepted, "text/html")).toBe(0.7);
    expect(weightOfType(accepted, "text/plain")).toBe(0.3);
    expect(weightOfType(accepted, "image/png")).toBe(0.1);
    expect(weightOfType(parseAccept("image/png"), "text/html")).toBe(0);
  });

  it("agrees with the reference on generated headers, remembered or not", () => {
    fc.assert(
      fc.property(header, (value) => {
        const expected = referencePrefersMarkdown(value);
        expect(prefersMarkdown(value)).toBe(expected);
        expect(prefersMarkdownCached(value)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on arbitrary headers", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(typeof prefersMarkdown(value)).toBe("boolean");
        for (const member of parseAccept(value)) {
          expect(member.q).toBeGreaterThanOrEqual(0);
          expect(member.q).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
