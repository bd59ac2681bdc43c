export { authorityOf, componentValue } from "./components.js";
export type { DirectoryLifetimes } from "./directory-entry.js";
export { DEFAULT_LIFETIMES, entryAfterFetch } from "./directory-entry.js";
export type { DirectoryFetchLimits, DirectoryFetchResult } from "./directory-fetch.js";
export { DIRECTORY_MEDIA_TYPE, fetchDirectory } from "./directory-fetch.js";
export type { DirectoryKeys, DirectoryKeysOptions, KeyLookup } from "./directory-keys.js";
export { createDirectoryKeys } from "./directory-keys.js";
export type { DirectoryTarget } from "./directory-url.js";
export { DIRECTORY_PATH, directoryTarget, trustedOriginSet } from "./directory-url.js";
export { WEB_BOT_AUTH_TAG } from "./judge-label.js";
export { base64UrlDecode, base64UrlEncode, ed25519Thumbprint, RFC9421_TEST_KEY_X } from "./jwk.js";
export type {
  InvalidReason,
  LabelJudgement,
  SignatureAgentRef,
  SignatureOutcome,
  UnverifiedReason,
} from "./outcome.js";
export type { AgentHeader, ClaimedAgent } from "./signature-agent.js";
export { claimedAgent, parseSignatureAgent } from "./signature-agent.js";
export { signatureBase } from "./signature-base.js";
export type { CoveredComponent, SignatureLabel } from "./signature-input.js";
export { parseSignatureLabels } from "./signature-input.js";
export type { SignedRequest } from "./signed-request.js";
export type { WebBotAuthKey, WebBotAuthSignOptions } from "./signer.js";
export { generateWebBotAuthKey, signWebBotAuth } from "./signer.js";
export type { WebBotAuthVerifier, WebBotAuthVerifierOptions } from "./verifier.js";
export { createWebBotAuthVerifier } from "./verifier.js";
