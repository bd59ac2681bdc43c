import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeNonAscii, parseSource, prepareRequestPath } from "./pattern.js";

describe("pattern parsing", () => {
  it("never throws, whatever the source or request path", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        parseSource(`/${text}`);
        const req = prepareRequestPath(`/${text}`);
        expect(req.lower.length).toBe(req.original.length);
      }),
    );
  });

  it("percent-encodes non-ASCII the way browsers send it", () => {
    expect(encodeNonAscii("/café")).toBe("/caf%C3%A9");
    expect(encodeNonAscii("/\ud800")).toBe("/%EF%BF%BD");
    expect(prepareRequestPath("/CAFÉ/").lower).toBe("/caf%c3%89");
  });
});
