import { describe, expect, it } from "vitest";
import { createPolicyGate } from "../edge/policy-gate.js";
import type { EdgeSettings } from "../ports/index.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import type { BotDefinition } from "../taxonomy/schema.js";
import { policyRequestPath } from "./path-pattern.js";
import { crawlerPolicy } from "./schema.js";

const taxonomy = getTaxonomy() as Taxonomy;
const bot = (id: string) => taxonomy.botById(id) as BotDefinition;

describe("policyRequestPath", () => {
  it("decodes escaped unreserved characters, drops dot segments and repeated slashes", () => {
    expect(policyRequestPath("/private/a")).toBe("/private/a");
    expect(policyRequestPath("/%70rivate/a")).toBe("/private/a");
    expect(policyRequestPath("/%2e/private/a")).toBe("/private/a");
    expect(policyRequestPath("/x/../private/a")).toBe("/private/a");
    expect(policyRequestPath("/x/%2E%2E/private/a")).toBe("/private/a");
    expect(policyRequestPath("//private//a")).toBe("/private/a");
    expect(policyRequestPath("/x\\..\\private/a")).toBe("/private/a");
    expect(policyRequestPath("/private/./")).toBe("/private/");
    expect(policyRequestPath("/../..")).toBe("/");
    // Escapes of reserved characters keep their meaning.
    expect(policyRequestPath("/a%2Fb")).toBe("/a%2Fb");
  });
});

describe("the policy gate", () => {
  it("a blocked crawler cannot reach a blocked path through another spelling of it", () => {
    const gate = createPolicyGate(bot("unknown"));
    const settings = {
      policy: crawlerPolicy.parse({
        rules: [
          {
            match: { type: "botId", value: "gptbot" },
            path: "/private/*",
            action: { type: "block" },
          },
        ],
      }),
    } as unknown as EdgeSettings;
    const spellings = [
      "/private/a",
      "/PRIVATE/a",
      "/%70rivate/a",
      "/%50RIVATE/a",
      "//private/a",
      "/./private/a",
      "/x/../private/a",
      "/x/%2e%2e/private/a",
      "\\private\\a",
    ];
    for (const path of spellings)
      expect(gate.deny(settings, bot("gptbot"), "verified", path), path).not.toBeNull();
    expect(gate.deny(settings, bot("gptbot"), "verified", "/public/a")).toBeNull();
  });
});
