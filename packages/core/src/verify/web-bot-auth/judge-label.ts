import type { NonceStore } from "../../ports/web-bot-auth.js";
import type { DirectoryKeys } from "./directory-keys.js";
import { directoryTarget } from "./directory-url.js";
import type { InvalidReason, LabelJudgement } from "./outcome.js";
import { type AgentHeader, type ClaimedAgent, claimedAgent } from "./signature-agent.js";
import { signatureBase } from "./signature-base.js";
import type { SignatureLabel } from "./signature-input.js";
import type { SignedRequest } from "./signed-request.js";

export const WEB_BOT_AUTH_TAG = "web-bot-auth";
/** Longest nonce accepted (the web-bot-auth signer sends 88 characters: 64 bytes in base64). */
const MAX_NONCE_LENGTH = 512;

/** What judging a label needs besides the request. */
export interface LabelRules {
  trustedOrigins: ReadonlySet<string>;
  skewMs: number;
  maxLifetimeMs: number;
  keys: DirectoryKeys;
  nonces: NonceStore;
  now: () => number;
  /** Agent URL and type → its directory target, so the host checks run once per agent. */
  targets: Map<string, ReturnType<typeof directoryTarget>>;
}

/** Agents whose directory target is remembered; the memo is emptied when full. */
const MAX_TARGETS = 512;

function targetOf(claimed: ClaimedAgent, rules: LabelRules): ReturnType<typeof directoryTarget> {
  const memoKey = `${claimed.type ?? ""} ${claimed.url}`;
  let target = rules.targets.get(memoKey);
  if (target === undefined) {
    target = directoryTarget(claimed, rules.trustedOrigins);
    if (rules.targets.size >= MAX_TARGETS) rules.targets.clear();
    rules.targets.set(memoKey, target);
  }
  return target;
}

const isInteger = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/**
 * One label, judged on its own. Every check that needs no key comes first (malformed, tag,
 * parameters, times, coverage, the agent URL, the signature base), so a request that fails one
 * costs no directory fetch; then the key (`unverified` when it cannot be had), Ed25519, and the
 * nonce last, recorded only for a signature that verified.
 */
export async function judgeLabel(
  request: SignedRequest,
  entry: SignatureLabel,
  agentHeader: AgentHeader | null | "malformed",
  rules: LabelRules,
): Promise<LabelJudgement> {
  const { label, components, params } = entry;
  let agent: string | null = null;
  const invalid = (reason: InvalidReason): LabelJudgement => ({
    outcome: "invalid",
    label,
    reason,
    agent,
  });
  if (components === null) return invalid("malformed_header");
  if (params.get("tag") !== WEB_BOT_AUTH_TAG) return invalid("missing_tag");
  const keyid = params.get("keyid");
  const created = params.get("created");
  const expires = params.get("expires");
  const nonce = params.get("nonce");
  if (typeof keyid !== "string" || !isInteger(created) || !isInteger(expires))
    return invalid("missing_parameter");
  if (nonce !== undefined && (typeof nonce !== "string" || nonce.length > MAX_NONCE_LENGTH))
    return invalid("missing_parameter");
  const alg = params.get("alg");
  if (alg !== undefined && alg !== "ed25519") return invalid("unsupported_algorithm");
  const t = rules.now();
  if (created * 1000 > t + rules.skewMs) return invalid("created_in_future");
  if (expires * 1000 <= t) return invalid("expired");
  if (expires <= created || (expires - created) * 1000 > rules.maxLifetimeMs)
    return invalid("bad_lifetime");
  if (!components.some((c) => c.name === "@authority" || c.name === "@target-uri"))
    return invalid("authority_not_covered");
  if (agentHeader === "malformed") return invalid("malformed_header");
  const claimed = claimedAgent(agentHeader, components);
  if (typeof claimed === "string") return invalid(claimed);
  agent = claimed.url;
  const target = targetOf(claimed, rules);
  if (target === "bad_agent") return invalid("bad_agent");
  if (typeof target === "string")
    return {
      outcome: "unverified",
      label,
      keyid,
      reason: target,
      agent: claimed.url,
      directoryUrl: "",
    };
  agent = target.agent;
  if (entry.signature === null) return invalid("missing_signature");
  if (entry.signature.length !== 64) return invalid("bad_signature");
  const base = signatureBase(request, components, entry.signatureParams);
  if (!base.ok) return invalid(base.reason);
  const ref = { label, keyid, agent: target.agent, directoryUrl: target.directoryUrl };
  const found = await rules.keys.lookup(target, keyid);
  if (!found.ok) return { outcome: "unverified", reason: found.reason, ...ref };
  const ok = await crypto.subtle
    .verify({ name: "Ed25519" }, found.key, entry.signature, new TextEncoder().encode(base.base))
    .catch(() => false);
  if (!ok) return invalid("bad_signature");
  if (nonce !== undefined) {
    const key = `${target.directoryUrl} ${keyid} ${nonce}`;
    let fresh: boolean;
    try {
      fresh = await rules.nonces.remember(key, new Date(expires * 1000), new Date(t));
    } catch {
      return { outcome: "unverified", reason: "nonce_store_unavailable", ...ref };
    }
    if (!fresh) return invalid("replayed_nonce");
  }
  return { outcome: "verified", ...ref };
}
