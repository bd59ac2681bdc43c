/** Why a signature is `invalid`: the request itself is at fault (bad, stale, replayed). */
export type InvalidReason =
  /** `Signature-Input`, `Signature` or `Signature-Agent` is not a valid structured field. */
  | "malformed_header"
  /** A `Signature-Agent` came without a `Signature-Input` / `Signature` pair for it. */
  | "missing_signature"
  /** No label carries `tag="web-bot-auth"`. */
  | "missing_tag"
  /** A label lacks `keyid`, `created` or `expires`, or one of them has the wrong type. */
  | "missing_parameter"
  /** `alg` names something other than `ed25519`. */
  | "unsupported_algorithm"
  /** `created` is later than now plus the allowed skew. */
  | "created_in_future"
  /** `expires` is at or before now. */
  | "expired"
  /** `expires - created` is beyond the allowed lifetime, or not positive. */
  | "bad_lifetime"
  /** Neither `@authority` nor `@target-uri` is covered. */
  | "authority_not_covered"
  /** The `Signature-Agent` member the label relies on is not covered, or is ambiguous. */
  | "agent_not_covered"
  /** The covered `Signature-Agent` member is not a usable https URL. */
  | "bad_agent"
  /** A covered component is unknown, repeated, or has a parameter this verifier cannot honour. */
  | "unsupported_component"
  /** A covered header field is absent from the request. */
  | "missing_component"
  /** The Ed25519 signature does not match the signature base. */
  | "bad_signature"
  /** The signature's `nonce` was seen before within its validity. */
  | "replayed_nonce";

/** Why a signature is `unverified`: it could not be checked (the directory or key is unknown). */
export type UnverifiedReason =
  /** The directory could not be fetched or used (refused, unreachable, not 200, bad body). */
  | "directory_unavailable"
  /** Too many directories are being fetched at once; tried again on a later request. */
  | "directory_busy"
  /** The directory does not list the `keyid` (or lists it outside its validity). */
  | "key_unknown"
  /** `Signature-Agent`'s `type` is not one this verifier resolves (`directory`, `jwks_uri`). */
  | "unsupported_agent_type"
  /** The nonce store did not answer: the signature is not trusted without the replay check. */
  | "nonce_store_unavailable";

/** The agent a label relies on: the `Signature-Agent` URL and where its keys are listed. */
export interface SignatureAgentRef {
  /** The agent's origin (`https://chatgpt.com`): what policies match and analytics show. */
  agent: string;
  /** The key directory URL resolved from it. */
  directoryUrl: string;
}

/** What one label of a request's signatures came to. */
export type LabelJudgement =
  | ({ outcome: "verified"; label: string; keyid: string } & SignatureAgentRef)
  | ({
      outcome: "unverified";
      label: string;
      keyid: string;
      reason: UnverifiedReason;
    } & SignatureAgentRef)
  | {
      outcome: "invalid";
      label: string | null;
      reason: InvalidReason;
      /** The agent URL the label names, when it got that far; `null` otherwise. */
      agent: string | null;
    };

/**
 * The request's signature outcome: the first verified label, else the first invalid one, else
 * the first unverified one; `labels` keeps every label's judgement in header order.
 */
export type SignatureOutcome = LabelJudgement & { labels: readonly LabelJudgement[] };
