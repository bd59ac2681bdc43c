import { isInnerList } from "structured-headers";
import type { SignedIdentity } from "../ingest/crawl-rows.js";
import type { Taxonomy } from "../taxonomy/registry.js";
import { type BotDefinition, SIGNED_AGENT_BOT_ID } from "../taxonomy/schema.js";
import type { EdgeVerification } from "../verify/peek.js";
import type { SignatureOutcome } from "../verify/web-bot-auth/outcome.js";
import { parseSignatureAgent } from "../verify/web-bot-auth/signature-agent.js";
import type { SignedRequest } from "../verify/web-bot-auth/signed-request.js";
import type { WebBotAuthVerifier } from "../verify/web-bot-auth/verifier.js";

/** Who a request carrying Web Bot Auth headers is, for the policy and the crawl row. */
export interface SignedAgent extends SignedIdentity {
  /** The signature verified. */
  verified: boolean;
  /**
   * For the policy: `verified`, or `unverified` (an invalid or unverifiable signature: the bot
   * is `declared`, or the `unknown` bot under impostor protection).
   */
  verification: EdgeVerification;
  /** The agent origin the signature verified against; `null` unless verified. */
  verifiedAgent: string | null;
  outcome: SignatureOutcome;
}

/** The one agent URL a `Signature-Agent` value names (legacy string, one-member dictionary). */
function soleAgentUrl(value: string | undefined): string | null {
  const header = value === undefined ? null : parseSignatureAgent(value);
  if (header === null) return null;
  if (header.form === "string") return header.url;
  if (header.members.size !== 1) return null;
  const [member] = header.members.values();
  return member !== undefined && !isInnerList(member) && typeof member[0] === "string"
    ? member[0]
    : null;
}

/** The origin of a URL, or `null`. */
function originOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The identity of a signed request: the taxonomy bot listing the agent's origin
 * (`verification.signatureAgents`), else the synthetic `signed-agent` bot; `verified` only when
 * the signature verified. The origin is the one the verifier attributed the outcome to; an
 * `invalid` label rejected before attribution (expired, untagged, …) is the agent the
 * `Signature-Agent` header names when it names one (a claim, as a User-Agent is), else none.
 */
export function signedAgentOf(
  outcome: SignatureOutcome,
  taxonomy: Taxonomy,
  agentHeader?: string,
): SignedAgent {
  const agent = originOf(outcome.agent ?? soleAgentUrl(agentHeader));
  const listed = agent === null ? undefined : taxonomy.botBySignatureAgent(agent);
  const bot = listed ?? (taxonomy.botById(SIGNED_AGENT_BOT_ID) as Readonly<BotDefinition>);
  const verified = outcome.outcome === "verified";
  return {
    bot,
    agent,
    signature: outcome.outcome,
    verified,
    verification: verified ? "verified" : "unverified",
    verifiedAgent: verified ? agent : null,
    outcome,
  };
}

/** Reads a request's signature (`null`: it carries none of the Web Bot Auth headers). */
export type SignedAgents = (request: SignedRequest) => Promise<SignedAgent | null>;

/** The edge's reading of signatures, over the current taxonomy. */
export function createSignedAgents(
  verifier: WebBotAuthVerifier,
  taxonomy: () => Taxonomy,
): SignedAgents {
  return async (request) => {
    const outcome = await verifier.verifyRequestSignature(request);
    if (outcome === null) return null;
    return signedAgentOf(outcome, taxonomy(), request.headers["signature-agent"]);
  };
}
