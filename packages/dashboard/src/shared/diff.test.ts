import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines, htmlLines } from "./diff.js";

const lines = fc.array(fc.constantFrom("a", "b", "c", "<p>", "</p>", ""), { maxLength: 30 });
const sideOf = (diff: ReturnType<typeof diffLines>, drop: "add" | "del") =>
  diff.filter((line) => line.kind !== drop).map((line) => line.text);

describe("diffLines", () => {
  it("keeps both versions: same+del lines are the old one, same+add lines the new one", () => {
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const diff = diffLines(before, after);
        expect(sideOf(diff, "add")).toEqual(before);
        expect(sideOf(diff, "del")).toEqual(after);
      }),
    );
  });

  it("marks nothing changed between equal versions", () => {
    fc.assert(
      fc.property(lines, (both) => {
        expect(diffLines(both, [...both]).every((line) => line.kind === "same")).toBe(true);
      }),
    );
  });

  it("is minimal on small inputs: kept lines = longest common subsequence", () => {
    const lcs = (a: string[], b: string[]): number =>
      a.length === 0 || b.length === 0
        ? 0
        : a[0] === b[0]
          ? 1 + lcs(a.slice(1), b.slice(1))
          : Math.max(lcs(a.slice(1), b), lcs(a, b.slice(1)));
    const small = fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 7 });
    fc.assert(
      fc.property(small, small, (a, b) => {
        expect(diffLines(a, b).filter((l) => l.kind === "same").length).toBe(lcs(a, b));
      }),
    );
  });

  it("shows one changed line as one removal and one addition", () => {
    expect(diffLines(["<h1>", "Old", "</h1>"], ["<h1>", "New", "</h1>"])).toEqual([
      { kind: "same", text: "<h1>" },
      { kind: "del", text: "Old" },
      { kind: "add", text: "New" },
      { kind: "same", text: "</h1>" },
    ]);
  });
});

describe("htmlLines", () => {
  it("puts one tag boundary per line and drops blank lines", () => {
    expect(htmlLines("<html><body>\n\n  <p>x</p></body></html>")).toEqual([
      "<html>",
      "<body>",
      "<p>x</p>",
      "</body>",
      "</html>",
    ]);
  });
});
