import type { FetchLike } from "@crawlgate/core";
import { CliError } from "./commands/command.js";
import type { CliConfig } from "./config.js";

const isUrl = (text: unknown) => typeof text === "string" && URL.canParse(text);
/** A key is a URL or the start of one (`https://` alone redirects every file). */
const isPrefix = (text: string) => /^https?:\/\//.test(text);

/**
 * The fetch the range refresh uses: the runtime's, with `CRAWLGATE_RANGE_URLS` applied (each
 * operator URL that starts with a key is fetched from the key's value plus the rest of the URL;
 * the longest key wins). `undefined` when the variable is unset (core takes the runtime's fetch).
 */
export function rangeFetch(config: Pick<CliConfig, "rangeUrls">): FetchLike | undefined {
  if (!config.rangeUrls) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(config.rangeUrls);
  } catch {
    throw new CliError("CRAWLGATE_RANGE_URLS is not JSON");
  }
  const entries =
    json && typeof json === "object" && !Array.isArray(json) ? Object.entries(json) : [];
  if (entries.length === 0 || !entries.every(([from, to]) => isPrefix(from) && isUrl(to)))
    throw new CliError("CRAWLGATE_RANGE_URLS must be a JSON object of URL prefix to URL");
  const rules = (entries as [string, string][]).sort((a, b) => b[0].length - a[0].length);
  return (url, init) => {
    const rule = rules.find(([from]) => url.startsWith(from));
    const target = rule ? rule[1] + url.slice(rule[0].length) : url;
    return fetch(target, init as RequestInit);
  };
}

/** The `fetch` dependency of crawlgate for commands that refresh ranges (`{}`: the runtime's). */
export function rangeFetchDep(config: Pick<CliConfig, "rangeUrls" | "rangeRefresh">): {
  fetch?: FetchLike | null;
} {
  if (!config.rangeRefresh) return { fetch: null };
  const fetch = rangeFetch(config);
  return fetch ? { fetch } : {};
}
