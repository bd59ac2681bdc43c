import { createMemoryStores } from "@crawlgate/adapter-memory";
import { createCrawlgate } from "@crawlgate/core";
import { loadOrCreateSecret } from "../../src/secret.js";

/**
 * A sign-in link for `userId` that expired an hour ago: signed with the server's own secret (read
 * from its data directory) by an instance whose clock is two hours behind (links last 15 min).
 */
export async function expiredSignInUrl(baseUrl: string, dataDir: string, userId: string) {
  const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
  const crawlgate = createCrawlgate(
    { ...createMemoryStores(), clock: { now: () => past } },
    { secret: loadOrCreateSecret(dataDir, undefined) },
  );
  const { path, expiresAt } = await crawlgate.dashboard.signInPath(userId, baseUrl);
  if (expiresAt.getTime() >= Date.now()) throw new Error("the link has not expired");
  return `${baseUrl}${path}`;
}
