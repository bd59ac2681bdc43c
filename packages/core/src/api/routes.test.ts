import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRouter, ROUTES } from "./routes.js";

describe("route table", () => {
  const match = createRouter();

  it("finds every route with its parameters", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    for (const route of ROUTES) {
      const path = `/functions/v1${route.path.replace(/\{\w+\}/g, id)}`;
      const found = match(route.method, path);
      expect(found.kind, `${route.method} ${path}`).toBe("found");
      if (found.kind === "found") expect(found.route).toBe(route);
    }
  });

  it("lists the allowed methods of a known path", () => {
    expect(match("DELETE", "/functions/v1/purge-cache")).toEqual({
      kind: "method_not_allowed",
      allow: ["POST"],
    });
  });

  it("never throws and never matches outside the prefix", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT", "HEAD"),
        fc.string(),
        (method, path) => {
          const result = match(method, path);
          if (result.kind !== "not_found") expect(path.startsWith("/functions/v1/")).toBe(true);
        },
      ),
    );
  });
});
