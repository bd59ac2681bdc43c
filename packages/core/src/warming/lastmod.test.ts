import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLastmod } from "./lastmod.js";

describe("parseLastmod", () => {
  it("reads every W3C Datetime form", () => {
    expect(parseLastmod("2026")).toBe(Date.UTC(2026, 0, 1));
    expect(parseLastmod("2026-11")).toBe(Date.UTC(2026, 10, 1));
    expect(parseLastmod("2026-11-20")).toBe(Date.UTC(2026, 10, 20));
    expect(parseLastmod("2026-11-20T10:30Z")).toBe(Date.UTC(2026, 10, 20, 10, 30));
    expect(parseLastmod("2026-11-20T10:30:15+01:00")).toBe(Date.UTC(2026, 10, 20, 9, 30, 15));
    expect(parseLastmod("2026-11-20T10:30:15.25-02:30")).toBe(
      Date.UTC(2026, 10, 20, 13, 0, 15, 250),
    );
    expect(parseLastmod(" 2026-11-20T10:30:15 ")).toBe(Date.UTC(2026, 10, 20, 10, 30, 15));
  });

  it("refuses what is not a date", () => {
    for (const bad of [
      "",
      "yesterday",
      "2026-13-01",
      "2026-02-30",
      "2026-11-20T25:00Z",
      "20261120",
      "0099-01-01",
      "2026-11-20T10:00+24:00",
    ])
      expect(parseLastmod(bad)).toBeNull();
  });

  it("property: an ISO instant reads back, and nothing throws", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1000-01-01"), max: new Date("9999-12-31"), noInvalidDate: true }),
        (d) => {
          expect(parseLastmod(d.toISOString())).toBe(d.getTime());
        },
      ),
    );
    fc.assert(fc.property(fc.string(), (s) => void parseLastmod(s)));
  });
});
