import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRoute, routePath, type View } from "./routes.js";

describe("routes", () => {
  it("parses what routePath writes (view, domain, query)", () => {
    const views: View[] = ["crawlers", "pages", "page", "snapshots", "referrals", "rules", "cache"];
    fc.assert(
      fc.property(
        fc.constantFrom(...views),
        fc.string({ minLength: 1 }),
        fc.dictionary(fc.string({ minLength: 1 }), fc.string({ minLength: 1 })),
        (view, domainId, query) => {
          const text = routePath(view, domainId, query);
          const at = text.indexOf("?");
          const route = parseRoute(at < 0 ? text : text.slice(0, at), at < 0 ? "" : text.slice(at));
          expect(route.view).toBe(view);
          expect(route.domainId).toBe(domainId);
          expect(Object.fromEntries(route.query)).toEqual(query);
        },
      ),
    );
  });

  it("sends unknown paths to not-found and the root to the overview", () => {
    expect(parseRoute("/", "").view).toBe("overview");
    expect(parseRoute("/domains/x/nope", "").view).toBe("not-found");
    expect(parseRoute("/domains/x", "").view).toBe("not-found");
  });
});
