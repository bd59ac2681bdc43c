import { describe, expect, it } from "vitest";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import type { BotDefinition } from "../taxonomy/schema.js";
import type { EdgeVerification } from "../verify/peek.js";
import { policySubject } from "./subject.js";

const taxonomy = getTaxonomy() as Taxonomy;
const bot = (id: string) => taxonomy.botById(id) as BotDefinition;
const unknownBot = bot("unknown");
const UNKNOWN = {
  botId: "unknown",
  operator: unknownBot.operator,
  intent: "other",
  tier: "unknown",
};
const GOOGLEBOT = { botId: "googlebot", operator: "Google", intent: "search-classic" };

describe("policySubject", () => {
  it("a failed check is the unknown bot with protection on, the claimed bot (declared) off", () => {
    expect(policySubject(bot("googlebot"), "unverified", true, unknownBot)).toEqual(UNKNOWN);
    expect(policySubject(bot("googlebot"), "unverified", false, unknownBot)).toEqual({
      ...GOOGLEBOT,
      tier: "declared",
    });
  });

  it("a pending check is declared, never an impostor; a verified one verified", () => {
    for (const protection of [true, false]) {
      expect(policySubject(bot("googlebot"), "pending", protection, unknownBot)).toEqual({
        ...GOOGLEBOT,
        tier: "declared",
      });
      expect(policySubject(bot("googlebot"), "verified", protection, unknownBot)).toEqual({
        ...GOOGLEBOT,
        tier: "verified",
      });
    }
  });

  it("bots that cannot be verified stay declared; the unknown bot is always unknown", () => {
    const unverifiable = taxonomy.bots.find(
      (b) => b.verificationMethod === "none" && b.botId !== "unknown",
    ) as BotDefinition;
    const states: EdgeVerification[] = ["verified", "unverified", "pending", "unverifiable"];
    expect(policySubject(unverifiable, "unverifiable", true, unknownBot).tier).toBe("declared");
    for (const state of states)
      expect(policySubject(unknownBot, state, false, unknownBot)).toEqual(UNKNOWN);
  });

  it("carries a signature agent only when the signature verified", () => {
    const agent = bot("chatgpt-agent");
    const base = { botId: "chatgpt-agent", operator: "OpenAI", intent: "answer-fetch" };
    expect(policySubject(agent, "verified", true, unknownBot, "https://chatgpt.com")).toEqual({
      ...base,
      tier: "verified",
      signatureAgent: "https://chatgpt.com",
    });
    // A claimed but unverified agent never carries it (so no signatureAgent rule can match).
    expect(policySubject(agent, "unverified", false, unknownBot, "https://chatgpt.com")).toEqual({
      ...base,
      tier: "declared",
    });
    expect(policySubject(agent, "unverified", true, unknownBot, "https://chatgpt.com")).toEqual(
      UNKNOWN,
    );
  });
});
