import { z } from "zod";
import type { Taxonomy } from "../../taxonomy/registry.js";
import { SIGNED_AGENT_BOT_ID } from "../../taxonomy/schema.js";
import type { SignedAgentDayCount } from "../../types.js";
import { count, named } from "../responses/shapes.js";

/** Agents listed per domain in crawl analytics; the rest are counted in `signedAgentCount`. */
export const MAX_SIGNED_AGENTS = 100;

export const signedAgentRow = named(
  "SignedAgentTotals",
  z.strictObject({
    agent: z
      .string()
      .nullable()
      .describe(
        "Agent origin the signatures verified against or claimed (Signature-Agent); null for invalid signatures naming none",
      ),
    botId: z
      .string()
      .describe("The taxonomy bot listing this agent origin, else the synthetic signed-agent bot"),
    verified: count,
    invalid: count,
    unverified: count,
    total: count,
  }),
);

/** The signed-agent breakdown of one domain's crawl analytics. */
export const signedAgentFields = {
  signedAgents: z
    .array(signedAgentRow)
    .describe(
      `Crawls carrying a Web Bot Auth signature, per agent origin and outcome; by total descending, then agent (null last); at most ${MAX_SIGNED_AGENTS}`,
    ),
  signedAgentCount: count.describe("Distinct agents (null included) before the cap"),
};

type SignedAgentRow = z.output<typeof signedAgentRow>;

/** Byte order of agent origins, `null` last. */
function compareAgents(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * Signed crawls of a window per agent origin: each agent's outcomes summed over the days, the
 * bot the taxonomy lists for its origin (else `signed-agent`), ordered by total descending then
 * agent (`null` last), the first `MAX_SIGNED_AGENTS` kept.
 */
export function signedAgentTotals(
  rows: readonly SignedAgentDayCount[],
  taxonomy: Taxonomy,
): { signedAgents: SignedAgentRow[]; signedAgentCount: number } {
  const byAgent = new Map<string | null, SignedAgentRow>();
  for (const row of rows) {
    let totals = byAgent.get(row.agent);
    if (!totals) {
      const listed = row.agent === null ? undefined : taxonomy.botBySignatureAgent(row.agent);
      const botId = listed?.botId ?? SIGNED_AGENT_BOT_ID;
      totals = { agent: row.agent, botId, verified: 0, invalid: 0, unverified: 0, total: 0 };
      byAgent.set(row.agent, totals);
    }
    totals[row.signature] += row.count;
    totals.total += row.count;
  }
  const all = [...byAgent.values()].sort(
    (a, b) => b.total - a.total || compareAgents(a.agent, b.agent),
  );
  return { signedAgents: all.slice(0, MAX_SIGNED_AGENTS), signedAgentCount: all.length };
}
