import { createMemoryKeyDirectoryCache, createMemoryNonceStore } from "@crawlgate/adapter-memory";
import type { CrawlgateDeps } from "@crawlgate/core";
import { createPinnedFetch } from "@crawlgate/proxy-node";
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
