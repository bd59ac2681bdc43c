import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));

/** Packages the built binary loads before any command runs: its static imports, followed. */
function packagesLoadedAtStart(): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(dist + file, "utf8");
    // Static imports only: `import … from "x"` and `import "x"` (not `import("x")`).
    for (const [, from] of code.matchAll(/^(?:import|export)\b[^;(]*?["']([^"']+)["'];?$/gm)) {
      if (from?.startsWith("./")) visit(from.slice(2));
      else if (from) packages.add(from);
    }
  };
  visit("bin.js");
  return packages;
}

describe("commands load their code when they run", () => {
  it("the binary starts without the stores, renderers or HTTP server (usage, --help)", () => {
    const loaded = [...packagesLoadedAtStart()];
    expect(loaded).toContain("@crawlgate/core");
    for (const heavy of [
      "@crawlgate/adapter-kysely",
      "@crawlgate/adapter-redis",
      "@crawlgate/adapter-s3",
      "@aws-sdk/client-s3",
      "@crawlgate/renderer-chromium",
      "@crawlgate/proxy-node",
      "express",
    ])
      expect(loaded.filter((p) => p.startsWith(heavy))).toEqual([]);
  });
});
