import { describe, expect, it } from "vitest";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { botsDeniedEverywhere } from "./denied-bots.js";
import { crawlerPolicy } from "./schema.js";

const taxonomy = getTaxonomy() as Taxonomy;
const ids = (body: unknown) =>
  botsDeniedEverywhere(crawlerPolicy.parse(body), taxonomy).map((d) => d.bot.botId);

describe("botsDeniedEverywhere", () => {
  it("lists nothing for the default policy", () => {
    expect(ids({})).toEqual([]);
  });

  it("lists a blocked bot with its action, and every bot of a blocked operator", () => {
    const denied = botsDeniedEverywhere(
      crawlerPolicy.parse({
        rules: [
          { match: { type: "botId", value: "gptbot" }, action: { type: "block", status: 402 } },
          {
            match: { type: "operator", value: "Anthropic" },
            action: { type: "charge", price: { amount: "0.01", currency: "USD" } },
          },
        ],
      }),
      taxonomy,
    );
    expect(denied.find((d) => d.bot.botId === "gptbot")?.action).toEqual({
      type: "block",
      status: 402,
      message: null,
    });
    const anthropic = taxonomy.bots.filter((b) => b.operator === "Anthropic").map((b) => b.botId);
    expect(anthropic.length).toBeGreaterThan(1);
    expect(denied.map((d) => d.bot.botId).sort()).toEqual(["gptbot", ...anthropic].sort());
  });

  it("first matching rule wins: an earlier allow keeps the bot out", () => {
    expect(
      ids({
        rules: [
          { match: { type: "botId", value: "gptbot" }, action: { type: "allow" } },
          { match: { type: "intent", value: "training" }, action: { type: "block" } },
        ],
      }),
    ).not.toContain("gptbot");
  });

  it("a path-limited allow keeps the bot out; a path-limited block does not list it", () => {
    const allowSome = ids({
      rules: [
        { match: { type: "botId", value: "gptbot" }, path: "/public/*", action: { type: "allow" } },
        { match: { type: "botId", value: "gptbot" }, action: { type: "block" } },
      ],
    });
    expect(allowSome).toEqual([]);
    const blockSome = ids({
      rules: [{ match: { type: "botId", value: "gptbot" }, path: "/x", action: { type: "block" } }],
    });
    expect(blockSome).toEqual([]);
  });

  it("takes each bot as genuine: verified when it can be verified, never `unknown`", () => {
    const byTier = (tier: string) =>
      ids({ rules: [{ match: { type: "tier", value: tier }, action: { type: "block" } }] });
    expect(byTier("verified")).toContain("gptbot");
    expect(byTier("verified")).not.toContain(
      taxonomy.bots.find((b) => b.verificationMethod === "none" && b.botId !== "unknown")?.botId,
    );
    expect(byTier("unknown")).toEqual([]);
    // A default block lists every bot but `unknown`, in taxonomy order.
    expect(ids({ defaultAction: { type: "block" } })).toEqual(
      taxonomy.bots.filter((b) => b.botId !== "unknown").map((b) => b.botId),
    );
  });
});
