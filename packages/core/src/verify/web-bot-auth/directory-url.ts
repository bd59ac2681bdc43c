import { checkProxyTarget } from "../../routing/targets/proxy-target.js";
import type { SignatureAgentRef, UnverifiedReason } from "./outcome.js";
import type { ClaimedAgent } from "./signature-agent.js";

/** Where a directory lives relative to its agent's origin. */
export const DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";

/** An agent's key directory, and whether its origin is one the operator trusts. */
export interface DirectoryTarget extends SignatureAgentRef {
  /** Listed in the trusted directory origins: plain HTTP and private addresses allowed. */
  trusted: boolean;
}

/**
 * Normalizes `CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS`-style origins (`http://127.0.0.1:40001`) to
 * their URL origin form; throws on one that is not an http(s) origin (a configuration error).
 */
export function trustedOriginSet(origins: readonly string[]): ReadonlySet<string> {
  const set = new Set<string>();
  for (const raw of origins) {
    const url = new URL(raw.trim());
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password)
      throw new Error(`trusted directory origin ${raw} is not an http(s) origin`);
    if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash)
      throw new Error(`trusted directory origin ${raw} must be an origin, without a path`);
    set.add(url.origin);
  }
  return set;
}

/**
 * The key directory a claimed agent names. `type` absent or `directory`: the well-known
 * directory of the URL's origin when the URL has no path, else the URL itself; `jwks_uri`: the
 * URL itself. Other types are `unsupported_agent_type`. Outside the trusted origins the URL
 * must be https to a public host name or address (`localhost`, private zones and private,
 * loopback or link-local literals are refused as `bad_agent`); names that resolve to private
 * addresses are refused later, by the pinned fetch.
 */
export function directoryTarget(
  claimed: ClaimedAgent,
  trustedOrigins: ReadonlySet<string>,
): DirectoryTarget | "bad_agent" | UnverifiedReason {
  if (claimed.type !== null && claimed.type !== "directory" && claimed.type !== "jwks_uri")
    return "unsupported_agent_type";
  let url: URL;
  try {
    url = new URL(claimed.url);
  } catch {
    return "bad_agent";
  }
  if (url.username || url.password || (url.protocol !== "https:" && url.protocol !== "http:"))
    return "bad_agent";
  const trusted = trustedOrigins.has(url.origin);
  if (!trusted && (url.protocol !== "https:" || !checkProxyTarget(url.href, "").ok))
    return "bad_agent";
  url.hash = "";
  const bare = (url.pathname === "/" || url.pathname === "") && url.search === "";
  const directoryUrl =
    claimed.type !== "jwks_uri" && bare ? `${url.origin}${DIRECTORY_PATH}` : url.href;
  return { agent: url.origin, directoryUrl, trusted };
}
