import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ContentPreferences,
  type ContentSignals,
  compileContentSignals,
  contentSignalPathsField,
  contentSignalsField,
  licenseUrlField,
  SIGNAL_KEYS,
} from "./content-signals.js";
import { compilePathPattern, policyPath, policyRequestPath } from "./path-pattern.js";

const prefs = (p: Partial<ContentPreferences>): ContentPreferences => ({
  contentSignals: { search: "yes", aiInput: null, aiTrain: "no" },
  contentSignalPaths: [],
  licenseUrl: null,
  ...p,
});

describe("content signals: the fields of a policy body", () => {
  it("fills unset keys with null and rejects other values with a message naming the field", () => {
    expect(contentSignalsField.parse({ aiTrain: "no" })).toEqual({
      search: null,
      aiInput: null,
      aiTrain: "no",
    });
    expect(contentSignalsField.parse(undefined)).toEqual({
      search: null,
      aiInput: null,
      aiTrain: null,
    });
    const bad = contentSignalsField.safeParse({ aiTrain: "maybe" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      'contentSignals.aiTrain must be "yes", "no" or null',
    );
    expect(contentSignalsField.safeParse({ train: "no" }).success).toBe(false);
  });

  it("validates overrides: a path in the routing grammar, at least one key", () => {
    expect(contentSignalPathsField.parse([{ path: " /blog/* ", aiTrain: "yes" }])).toEqual([
      { path: "/blog/*", search: null, aiInput: null, aiTrain: "yes" },
    ]);
    const empty = contentSignalPathsField.safeParse([{ path: "/blog/*" }]);
    expect(empty.error?.issues[0]?.message).toMatch(/at least one of/);
    const query = contentSignalPathsField.safeParse([{ path: "/a?b=1", search: "no" }]);
    expect(query.error?.issues[0]?.message).toMatch(/must not contain a query/);
    const relative = contentSignalPathsField.safeParse([{ path: "blog", search: "no" }]);
    expect(relative.error?.issues[0]?.message).toMatch(/must start with "\/"/);
    expect(
      contentSignalPathsField.safeParse(Array(101).fill({ path: "/", search: "no" })).success,
    ).toBe(false);
  });

  it("accepts only absolute https licence URLs", () => {
    expect(licenseUrlField.parse("https://example.com/license.xml")).toBe(
      "https://example.com/license.xml",
    );
    expect(licenseUrlField.parse(null)).toBeNull();
    for (const bad of ["http://example.com/l.xml", "/license.xml", "https://u:p@x.com/", "x", 5])
      expect(licenseUrlField.safeParse(bad).success, String(bad)).toBe(false);
  });
});

describe("content signals: the signals in force for a path", () => {
  it("answers the domain's signals when no override matches", () => {
    const at = compileContentSignals(prefs({}));
    expect(at("/anything")).toEqual({ search: "yes", aiInput: null, aiTrain: "no" });
  });

  it("lets the first matching override that sets a key decide it", () => {
    const at = compileContentSignals(
      prefs({
        contentSignalPaths: [
          { path: "/blog/*", search: null, aiInput: null, aiTrain: "yes" },
          { path: "/blog/drafts/*", search: "no", aiInput: null, aiTrain: "no" },
        ],
      }),
    );
    expect(at("/blog/post")).toEqual({ search: "yes", aiInput: null, aiTrain: "yes" });
    // aiTrain taken by the first override; search by the second.
    expect(at("/blog/drafts/x")).toEqual({ search: "no", aiInput: null, aiTrain: "yes" });
    expect(at("/BLOG/post/")).toEqual({ search: "yes", aiInput: null, aiTrain: "yes" });
    // Read as the crawler policy reads paths: escapes of unreserved characters decoded.
    expect(at("/%62log/post")).toEqual({ search: "yes", aiInput: null, aiTrain: "yes" });
    expect(at("/shop")).toEqual({ search: "yes", aiInput: null, aiTrain: "no" });
  });

  const value = fc.constantFrom<"yes" | "no" | null>("yes", "no", null);
  const signals = fc.record({ search: value, aiInput: value, aiTrain: value });
  const pattern = fc.constantFrom("/", "/a", "/a/*", "/a/:id", "/b/*", "/a/b", "/*", "/a/b/*");
  const path = fc.constantFrom("/", "/a", "/a/", "/a/b", "/a/b/c", "/b/x", "/c", "/A/B");

  it("agrees with a naive reading of the overrides (property)", () => {
    fc.assert(
      fc.property(
        signals,
        fc.array(fc.tuple(pattern, signals), { maxLength: 6 }),
        path,
        (base, list, p) => {
          const contentSignalPaths = list.map(([pt, s]) => ({ path: pt, ...s }));
          const got = compileContentSignals(prefs({ contentSignals: base, contentSignalPaths }))(p);
          const want: ContentSignals = { ...base };
          for (const key of SIGNAL_KEYS) {
            const first = contentSignalPaths.find(
              (o) =>
                o[key] !== null && compilePathPattern(o.path)?.(policyPath(policyRequestPath(p))),
            );
            if (first) want[key] = first[key];
          }
          expect(got).toEqual(want);
        },
      ),
    );
  });
});
