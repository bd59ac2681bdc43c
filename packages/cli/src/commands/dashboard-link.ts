import { isCrawlgateError } from "@crawlgate/core";
import { userIdOf } from "./admin.js";
import { CliError, type Command, stringOption } from "./command.js";
import { withRuntime } from "./load.js";

/** Where `serve` listens by default: the link's origin without `--base-url` or a configured one. */
export const DEFAULT_DASHBOARD_ORIGIN = "http://127.0.0.1:8787";

export const DASHBOARD_LINK: Command = {
  name: "dashboard-link",
  summary:
    "print a single-use sign-in link to the dashboard for a user (valid 15 minutes, at its origin only)",
  options: {
    user: { type: "string", value: "<user>", required: true },
    "base-url": { type: "string", value: "<url>" },
  },
  async run(ctx) {
    const origin = linkOrigin(stringOption(ctx, "base-url") ?? ctx.config.baseUrl);
    const name = stringOption(ctx, "user") as string;
    // The runtime signs with the secret `serve` uses, so that the server accepts the link.
    return withRuntime(ctx, async ({ crawlgate, stores }) => {
      const userId = await userIdOf(stores.deps, name);
      // The link works at its origin only; a served domain's host is refused (not the dashboard's).
      const { path, expiresAt } = await crawlgate.dashboard
        .signInPath(userId, origin)
        .catch((error: unknown) => {
          throw isCrawlgateError(error) ? new CliError(`--base-url: ${error.message}`) : error;
        });
      ctx.io.out(JSON.stringify({ user: name, url: origin + path, expiresAt }));
      return 0;
    });
  },
};

/** The origin of an `http(s)` base URL (the dashboard is always at `/dashboard` below it). */
export function linkOrigin(baseUrl: string | undefined): string {
  if (baseUrl === undefined) return DEFAULT_DASHBOARD_ORIGIN;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CliError(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CliError(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password)
    throw new CliError(`--base-url is the server's origin only (no path): "${url.origin}"`);
  return url.origin;
}
