import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import type { CrawlgateDeps } from "@crawlgate/core";
import { createHttpFacilitator } from "@crawlgate/core/adapter-kit";
import { createPinnedFetch } from "@crawlgate/proxy-node";
import { CliError } from "./commands/command.js";
import type { CliConfig } from "./config.js";
import type { OpenStores } from "./stores.js";

/**
 * `serve`'s Web Bot Auth verifier: key directories through the pinned fetch (public addresses
 * only), the trusted origins (`CRAWLGATE_TRUSTED_DIRECTORY_ORIGINS`) through a pinned fetch that
 * may reach private addresses, and the fleet's Redis for the directory cache and nonces when
 * `REDIS_URL` is set (a fleet fetches a directory once and accepts a nonce once), memory else.
 */
export function webBotAuthDep(
  config: Pick<CliConfig, "trustedDirectoryOrigins">,
  redis: OpenStores["redis"],
): NonNullable<CrawlgateDeps["webBotAuth"]> {
  return {
    fetch: createPinnedFetch(),
    trustedFetch: createPinnedFetch({ isAllowedAddress: () => true }),
    trustedOrigins: config.trustedDirectoryOrigins,
    directories: redis ? redis.keyDirectories : createMemoryKeyDirectoryCache(),
    nonces: redis ? redis.nonces : createMemoryNonceStore(),
  };
}

/**
 * `serve`'s x402 facilitator (`CRAWLGATE_X402_FACILITATOR`): the x402 facilitator API over a
 * pinned fetch with the client's size and time caps. The URL is operator configuration, so it
 * may name a private address (as origins and trusted directories may). Unset: `null`.
 */
export function x402FacilitatorDep(
  config: Pick<CliConfig, "x402Facilitator">,
): CrawlgateDeps["x402Facilitator"] {
  const url = config.x402Facilitator;
  if (url === undefined) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {}
  if (parsed === null || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
    throw new CliError("CRAWLGATE_X402_FACILITATOR must be an http(s) URL", true);
  }
  return createHttpFacilitator({
    url,
    fetch: createPinnedFetch({ isAllowedAddress: () => true }),
  });
}
