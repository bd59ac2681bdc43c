import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileClassifier } from "../classify/classifier.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { isStaticAsset, recordingOf, requestKind } from "./request-kind.js";

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

  it("finds a probe exactly as splitting the path into segments does", () => {
    const probeBySplit = (path: string) =>
      path
        .toLowerCase()
        .split("/")
        .some(
          (s) =>
            (s.startsWith(".") && s !== ".well-known") ||
            ["wp-login.php", "wp-admin", "cgi-bin", "owa", "phpinfo.php"].includes(s),
        );
    const segment = fc.constantFrom(
      "",
      ".",
      ".env",
      ".well-known",
      "WP-ADMIN",
      "owa",
      "owab",
      "a",
      "x.php",
      "cgi-bin",
      "phpinfo.php",
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(requestKind(path) === "probe", path).toBe(probeBySplit(path));
      }),
    );
  });

  it("never throws", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), (path, type) => {
        expect(["page", "asset", "probe"]).toContain(requestKind(path, type));
      }),
    );
  });
});

describe("isStaticAsset", () => {
  it("knows files by their last segment's extension, case-insensitively", () => {
    for (const path of ["/app.js", "/img/Logo.PNG", "/f.woff2", "/doc.pdf", "/sitemap.xml"]) {
      expect(isStaticAsset(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/about",
      "/page.html",
      "/index.php",
      "/v1.2/docs",
      "/.well-known/x",
      "/a.js/b",
    ]) {
      expect(isStaticAsset(path), path).toBe(false);
    }
  });
});

describe("recordingOf", () => {
  const classifier = compileClassifier(getTaxonomy() as Taxonomy);
  const gptbot = classifier.classify(
    "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  );
  const curl = classifier.classify("curl/8.5.0");
  const person = classifier.classify("Mozilla/5.0 (Windows NT 10.0) Chrome/124.0 Safari/537.36");

  it("records crawlers' pages, people's pages as referral candidates, and no probe", () => {
    const edge = { assets: true };
    const importer = { assets: false };
    const cases: [string, typeof gptbot, "page" | "asset" | "probe", string, string][] = [
      ["bot page", gptbot, "page", "crawl", "crawl"],
      ["automation page", curl, "page", "crawl", "crawl"],
      ["bot asset", gptbot, "asset", "crawl", "skip"],
      ["automation probe", curl, "probe", "skip", "skip"],
      ["bot probe", gptbot, "probe", "skip", "skip"],
      ["person page", person, "page", "referral", "referral"],
      ["person asset", person, "asset", "skip", "skip"],
      ["person probe", person, "probe", "skip", "skip"],
    ];
    for (const [name, who, kind, atEdge, imported] of cases) {
      expect(recordingOf(who, kind, edge), name).toBe(atEdge);
      expect(recordingOf(who, kind, importer), name).toBe(imported);
    }
  });

  it("never records a person as a crawl, whatever the kind or options", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("page", "asset", "probe" as const),
        fc.boolean(),
        (kind, assets) => {
          expect(recordingOf(person, kind, { assets })).not.toBe("crawl");
        },
      ),
    );
  });
});
