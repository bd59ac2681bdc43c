import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RoutingRule } from "../../types.js";
import { compileRuleIndex } from "../matcher/rule-index.js";
import { proxyTargetField, redirectTargetField, sourcePathField } from "../rules/rule-fields.js";

/**
 * For any rule the write-time validator accepts and any request path: a relative redirect's
 * Location resolves to the site's own origin, an absolute target (redirect or proxy) keeps the
 * template's host, and no built target carries a character that a browser drops or a header
 * refuses.
 */

const SITE = "https://site.example.com";

/** Characters that make URLs misbehave: slashes, backslashes, dots, escapes, controls. */
const nasty = fc.constantFrom(
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E%2e",
  "%2f",
  "%5c",
  "\t",
  "\n",
  "\r",
  "\u0000",
  " ",
  "@",
  ":",
  ";",
  "%",
  "é",
  "\u2028",
  "evil.com",
  "a",
  "B",
);
const requestPath = fc
  .array(nasty, { maxLength: 12 })
  .map((parts) => parts.join(""))
  .chain((tail) =>
    fc.constantFrom("/a/", "/a", "/b/c/", "/", "/x-").map((head) => `${head}${tail}`),
  );

const sourceSegment = fc.constantFrom("a", "b", "c", ":x", ":y", "*", "x-*", "*-z");
const lastSegment = fc.constantFrom(":rest*", ":rest+", "*", ":x", "a", "");
const source = fc
  .tuple(fc.array(sourceSegment, { maxLength: 3 }), lastSegment)
  .map(([segments, last]) => `/${[...segments, last].filter((s) => s !== "").join("/")}`);

const targetPiece = fc.constantFrom(":x", ":y", ":rest*", ":rest+", "*", "/", "p", "-", ".", "\\");
const relativeTarget = fc
  .array(targetPiece, { maxLength: 6 })
  .map((pieces) => `/${pieces.join("")}`);
const absoluteTarget = fc
  .tuple(
    fc.constantFrom(
      "https://up.example.org",
      "http://up.example.org:8080",
      "https://[2606:4700::1]",
    ),
    fc.constantFrom("/", "\\", "?q=", "/base/"),
    fc.array(targetPiece, { maxLength: 6 }),
  )
  .map(([origin, lead, pieces]) => `${origin}${lead}${pieces.join("")}`);

function rule(sourcePath: string, targetUrl: string, ruleType: "redirect" | "proxy"): RoutingRule {
  const at = new Date("2026-01-01T00:00:00Z");
  return {
    ruleId: "r",
    domainId: "d",
    sourcePath,
    targetUrl,
    ruleType,
    redirectCode: ruleType === "redirect" ? 302 : null,
    priority: 0,
    isActive: true,
    notes: null,
    createdAt: at,
    updatedAt: at,
  };
}

const compiled = (r: RoutingRule) => compileRuleIndex([r]);
/** A control character, space, DEL or non-ASCII: what a browser drops or a header refuses. */
const hasUnsafeChar = (s: string) => [...s].some((c) => c <= " " || c >= "\u007f");

describe("targets built from any request path (property)", () => {
  it("a relative redirect never leaves the site", () => {
    fc.assert(
      fc.property(source, relativeTarget, requestPath, fc.string(), (src, tgt, path, query) => {
        const s = sourcePathField(src);
        const t = redirectTargetField(tgt);
        fc.pre(s.ok && t.ok);
        if (!s.ok || !t.ok) return;
        const q = query.replace(/[#\s]/g, "");
        const match = compiled(rule(s.value, t.value, "redirect")).match({ path, query: q });
        if (!match) return;
        expect(match.target.startsWith("/")).toBe(true);
        expect(match.target.slice(0, 2)).not.toMatch(/^\/[/\\]/);
        expect(hasUnsafeChar(match.target.split("?")[0] as string)).toBe(false);
        expect(new URL(match.target, `${SITE}/some/page`).origin).toBe(SITE);
      }),
      { numRuns: 3000 },
    );
  });

  it("an absolute redirect or a proxy upstream keeps the template's host", () => {
    fc.assert(
      fc.property(
        source,
        absoluteTarget,
        requestPath,
        fc.constantFrom("redirect", "proxy") as fc.Arbitrary<"redirect" | "proxy">,
        (src, tgt, path, ruleType) => {
          const s = sourcePathField(src);
          const t =
            ruleType === "proxy"
              ? proxyTargetField(tgt, "site.example.com")
              : redirectTargetField(tgt);
          fc.pre(s.ok && t.ok);
          if (!s.ok || !t.ok) return;
          const match = compiled(rule(s.value, t.value, ruleType)).match({ path, query: "" });
          if (!match) return;
          const template = new URL(t.value);
          const built = new URL(match.target);
          expect(built.host).toBe(template.host);
          expect(built.protocol).toBe(template.protocol);
          expect(built.username + built.password).toBe("");
          expect(hasUnsafeChar(match.target)).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
