import type { FetchLike } from "../../ports/index.js";
import type { KeyDirectoryCache, NonceStore } from "../../ports/web-bot-auth.js";
import { createDirectoryKeys, type DirectoryKeysOptions } from "./directory-keys.js";
import { trustedOriginSet } from "./directory-url.js";
import { judgeLabel, type LabelRules } from "./judge-label.js";
import type { LabelJudgement, SignatureOutcome } from "./outcome.js";
import { type AgentHeader, parseSignatureAgent } from "./signature-agent.js";
import { parseSignatureLabels } from "./signature-input.js";
import type { SignedRequest } from "./signed-request.js";

export interface WebBotAuthVerifierOptions {
  /** The fetch for public key directories: on Node the pinned, public-only fetch. */
  fetch: FetchLike;
  /** The fetch for trusted directory origins (private addresses allowed); default `fetch`. */
  trustedFetch?: FetchLike;
  /**
   * Directory origins (`http://127.0.0.1:40001`) that may be fetched over plain HTTP and on
   * loopback or private addresses (`CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS`); nothing else may.
   */
  trustedOrigins?: readonly string[];
  /** Key directories shared by the fleet. */
  directories: KeyDirectoryCache;
  /** Nonces seen, shared by the fleet. */
  nonces: NonceStore;
  /** The current instant in ms; default `Date.now`. */
  now?: () => number;
  /** How far `created` may be ahead of this clock; 10 s. */
  skewSeconds?: number;
  /** Longest `expires - created` accepted; 24 h (the draft's recommended bound). */
  maxLifetimeSeconds?: number;
  /** Labels judged per request (the rest ignored); 4. */
  maxLabels?: number;
  /** Directory fetching and caching (limits, TTL bounds, negative cache). */
  directory?: Omit<DirectoryKeysOptions, "fetch" | "trustedFetch" | "cache" | "now">;
}

export interface WebBotAuthVerifier {
  /**
   * The request's Web Bot Auth outcome, or `null` when it carries none of `Signature-Agent`,
   * `Signature-Input` and `Signature`. Never throws. With the directory cached, no storage is
   * read; a signature with a `nonce` writes it to the nonce store once verified.
   */
  verifyRequestSignature(request: SignedRequest): Promise<SignatureOutcome | null>;
}

/** Order of preference among labels: verified, then invalid, unverified, and untagged last. */
function rank(judgement: LabelJudgement): number {
  if (judgement.outcome === "verified") return 0;
  if (judgement.outcome === "unverified") return 2;
  return judgement.reason === "missing_tag" ? 3 : 1;
}

/** The Web Bot Auth verifier (RFC 9421 signatures, Ed25519, keys from agents' directories). */
export function createWebBotAuthVerifier(options: WebBotAuthVerifierOptions): WebBotAuthVerifier {
  const now = options.now ?? Date.now;
  const keys = createDirectoryKeys({
    ...options.directory,
    fetch: options.fetch,
    ...(options.trustedFetch ? { trustedFetch: options.trustedFetch } : {}),
    cache: options.directories,
    now,
  });
  const rules: LabelRules = {
    trustedOrigins: trustedOriginSet(options.trustedOrigins ?? []),
    skewMs: (options.skewSeconds ?? 10) * 1000,
    maxLifetimeMs: (options.maxLifetimeSeconds ?? 86_400) * 1000,
    keys,
    nonces: options.nonces,
    now,
    targets: new Map(),
  };
  const maxLabels = options.maxLabels ?? 4;

  return {
    async verifyRequestSignature(request) {
      const { headers } = request;
      const input = headers["signature-input"];
      const signature = headers.signature;
      const agentValue = headers["signature-agent"];
      if (input === undefined && signature === undefined && agentValue === undefined) return null;
      const agent: AgentHeader | null | "malformed" =
        agentValue === undefined ? null : (parseSignatureAgent(agentValue) ?? "malformed");
      const claimed =
        agent !== null && agent !== "malformed" && agent.form === "string" ? agent.url : null;
      if (input === undefined || signature === undefined)
        return alone({
          outcome: "invalid",
          label: null,
          reason: "missing_signature",
          agent: claimed,
        });
      const labels = parseSignatureLabels(input, signature);
      if (labels === null)
        return alone({
          outcome: "invalid",
          label: null,
          reason: "malformed_header",
          agent: claimed,
        });
      if (labels.length === 0)
        return alone({
          outcome: "invalid",
          label: null,
          reason: "missing_signature",
          agent: claimed,
        });
      const judged: LabelJudgement[] = [];
      let best: LabelJudgement | null = null;
      for (let i = 0; i < labels.length && i < maxLabels; i++) {
        const judgement = await judgeLabel(
          request,
          labels[i] as (typeof labels)[number],
          agent,
          rules,
        );
        judged.push(judgement);
        if (best === null || rank(judgement) < rank(best)) best = judgement;
      }
      return { ...(best as LabelJudgement), labels: judged };
    },
  };
}

function alone(judgement: LabelJudgement): SignatureOutcome {
  return { ...judgement, labels: [judgement] };
}
