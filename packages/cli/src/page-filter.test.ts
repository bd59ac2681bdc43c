import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestKind } from "./page-filter.js";

describe("requestKind", () => {
  it("tells pages, assets and probes apart", () => {
    for (const page of ["/", "/pricing", "/blog/post.html", "/index.php", "/.well-known/x"])
      expect(requestKind(page), page).toBe("page");
    for (const asset of ["/app.js", "/a/B.PNG", "/robots.txt", "/f.woff2"])
      expect(requestKind(asset), asset).toBe("asset");
    expect(requestKind("/hero", "image/webp")).toBe("asset");
    expect(requestKind("/hero", "text/html; charset=utf-8")).toBe("page");
    for (const probe of ["/.env", "/.git/config", "/wp-login.php", "/WP-ADMIN/", "/cgi-bin/x"])
      expect(requestKind(probe), probe).toBe("probe");
  });

  it("never throws", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), (path, type) => {
        expect(["page", "asset", "probe"]).toContain(requestKind(path, type));
      }),
    );
  });
});
