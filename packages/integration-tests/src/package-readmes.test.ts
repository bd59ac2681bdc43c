import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import * as testing from "@crawlgate/core/testing";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const coreReadme = readFileSync(`${root}packages/core/README.md`, "utf8");

/** The names of `names` that the text does not mention as code (`name`, `name(` or `name.`). */
function unmentioned(text: string, names: string[]): string[] {
  return names.filter((name) => !new RegExp(`\`${name}[\`(.]`).test(text));
}

describe("packages/core/README.md", () => {
  it("names every export of @crawlgate/core/testing", () => {
    const names = Object.keys(testing).sort();
    expect(names).toContain("crawlStoreSuite");
    expect(unmentioned(coreReadme, names)).toEqual([]);
  });

  it("names every member of the crawlgate instance", async () => {
    const crawlgate = createCrawlgate(createMemoryStores());
    try {
      const members = Object.keys(crawlgate).sort();
      expect(members).toContain("api");
      expect(unmentioned(coreReadme, members)).toEqual([]);
    } finally {
      await crawlgate.close();
    }
  });
});
