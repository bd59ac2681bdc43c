import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getTaxonomy, type Taxonomy } from "@crawlgate/core";
import { describe, expect, it } from "vitest";
import { ROOT } from "./source-files.js";

const DOC = join(ROOT, "docs/decisions/ingest-and-verification.md");

describe("docs: which range file verifies which bot", () => {
  it("lists every range file and the bots it verifies, as the taxonomy says", () => {
    const taxonomy = getTaxonomy("1.0") as Taxonomy;
    const expected = new Map<string, string[]>();
    for (const bot of taxonomy.bots) {
      const url = bot.verification.ipRangesUrl;
      if (bot.verificationMethod !== "published_ip_ranges" || !url) continue;
      expected.set(url, [...(expected.get(url) ?? []), bot.botId].sort());
    }
    const documented = new Map<string, string[]>();
    for (const line of readFileSync(DOC, "utf8").split("\n")) {
      const row = /^- (https:\/\/\S+): (.+)$/.exec(line);
      if (row) documented.set(row[1] as string, (row[2] as string).replaceAll("`", "").split(", "));
    }
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(expected));
  });
});
