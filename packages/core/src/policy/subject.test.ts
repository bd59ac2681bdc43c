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
/** An impostor: the unknown bot, carrying the bot it claimed (for block and charge rules). */
const impostorOf = (claimed: { botId: string; operator: string; intent: string }) => ({
  ...UNKNOWN,
  claimed,
});

describe("policySubject", () => {
  it("a failed check is the unknown bot with protection on, the claimed bot (declared) off", () => {
    expect(policySubject(bot("googlebot"), "unverified", true, unknownBot)).toEqual(
      impostorOf(GOOGLEBOT),
    );
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
    // The unknown bot claims nothing: it carries no claim either way.
    for (const state of states)
      for (const protection of [true, false])
        expect(policySubject(unknownBot, state, protection, unknownBot)).toStrictEqual(UNKNOWN);
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
      impostorOf(base),
    );
  });
});
