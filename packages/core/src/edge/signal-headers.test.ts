import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ContentPreferences, compileContentSignals } from "../policy/content-signals.js";
import { contentUsageValue } from "../policy/content-usage.js";
import {
  compileSignalHeaders,
  licenseLink,
  signalHeaderValues,
  varyWith,
} from "./signal-headers.js";

const value = fc.constantFrom<"yes" | "no" | null>("yes", "no", null);
const signals = fc.record({ search: value, aiInput: value, aiTrain: value });
const PATTERNS = ["/", "/blog/*", "/blog/:slug", "/docs/:p*", "/about", "/:page", "/a/*/b"];
const PATHS = ["/", "/blog", "/blog/x", "/blog/x/y", "/docs/a/b", "/about", "/About/", "/a/q/b"];
const prefs: fc.Arbitrary<ContentPreferences> = fc.record({
  contentSignals: signals,
  contentSignalPaths: fc.array(
    fc
      .record({ path: fc.constantFrom(...PATTERNS), s: signals })
      .map(({ path, s }) => ({ path, ...s })),
    { maxLength: 5 },
  ),
  licenseUrl: fc.constantFrom(null, "https://shop.example/license.xml"),
});

describe("the signal headers of a path, compiled once per policy", () => {
  it("equal the naive reference: contentUsageValue of the signals in force, and the licence", () => {
    fc.assert(
      fc.property(prefs, fc.array(fc.constantFrom(...PATHS), { maxLength: 12 }), (p, paths) => {
        const compiled = compileSignalHeaders(p);
        const reference = compileContentSignals(p);
        for (const path of paths) {
          const contentUsage = contentUsageValue(reference(path));
          const license = p.licenseUrl === null ? null : licenseLink(p.licenseUrl);
          const expected =
            contentUsage === null && license === null ? null : { contentUsage, license };
          expect(compiled(path)).toEqual(expected);
        }
      }),
    );
  });

  it("answer one object for every path when there is no override, and null without preferences", () => {
    const site = compileSignalHeaders({
      contentSignals: { search: "yes", aiInput: null, aiTrain: "no" },
      contentSignalPaths: [],
      licenseUrl: null,
    });
    expect(site("/a")).toBe(site("/b/c"));
    expect(site("/a")).toEqual({ contentUsage: "train-ai=n, search=y", license: null });
    const none = compileSignalHeaders({
      contentSignals: { search: null, aiInput: "no", aiTrain: null },
      contentSignalPaths: [{ path: "/x", search: null, aiInput: "yes", aiTrain: null }],
      licenseUrl: null,
    });
    expect(none("/x")).toBeNull();
    expect(none("/y")).toBeNull();
  });

  it("merge with an answer's own fields: the licence appended once, Content-Usage keys merged", () => {
    const headers = {
      contentUsage: "train-ai=n",
      license: licenseLink("https://shop.example/l.xml"),
    };
    const none = { contentUsage: null, link: null, vary: null };
    expect(signalHeaderValues(headers, none)).toEqual({
      "content-usage": "train-ai=n",
      link: '<https://shop.example/l.xml>; rel="license"',
    });
    expect(
      signalHeaderValues(headers, {
        contentUsage: "search=y",
        link: "</a.css>; rel=preload",
        vary: null,
      }),
    ).toEqual({
      "content-usage": "search=y, train-ai=n",
      link: '</a.css>; rel=preload, <https://shop.example/l.xml>; rel="license"',
    });
    const already = `</a.css>; rel=preload, ${headers.license}`;
    expect(
      signalHeaderValues(headers, { contentUsage: null, link: already, vary: null }).link,
    ).toBe(already);
    expect(signalHeaderValues({ contentUsage: null, license: headers.license }, none)).toEqual({
      link: headers.license,
    });
  });

  it("adds Accept to the answer's Vary when the edge would answer Markdown, once", () => {
    const vary = { contentUsage: null, license: null, varyAccept: true as const };
    const own = (value: string | null) => ({ contentUsage: null, link: null, vary: value });
    expect(signalHeaderValues(vary, own(null))).toEqual({ vary: "Accept" });
    expect(signalHeaderValues(vary, own("Accept-Encoding"))).toEqual({
      vary: "Accept-Encoding, Accept",
    });
    expect(signalHeaderValues(vary, own("accept, Cookie"))).toEqual({ vary: "accept, Cookie" });
    expect(signalHeaderValues(vary, own("*"))).toEqual({ vary: "*" });
    expect(varyWith(" ", "Accept")).toBe("Accept");
    expect(varyWith("Accept-Language", "Accept")).toBe("Accept-Language, Accept");
  });
});
