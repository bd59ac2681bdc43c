import { createFetchRenderer, type FetchLike, type Logger, type Renderer } from "@crawlgate/core";
import { createPinnedFetch } from "@crawlgate/proxy-node";
import { createChromiumRenderer, findChromium } from "@crawlgate/renderer-chromium";
import { CliError } from "./commands/command.js";

export type RendererMode = "auto" | "chromium" | "fetch";

export const RENDERER_MODES: readonly RendererMode[] = ["auto", "chromium", "fetch"];

/**
 * Fetches a domain's origin. Origins are operator configuration (set with `domains add/set`,
 * never through the API), so any address is allowed, private networks included: that is where
 * an origin usually sits behind its edge. Each connection is still pinned to the address that
 * was resolved. Hosts a page asks for besides its origin go through the public-only client.
 */
export function createOriginFetch(): FetchLike {
  return createPinnedFetch({ isAllowedAddress: () => true });
}

/**
 * The renderer `serve` and `worker` use: `chromium` (Debian's headless Chromium; an error when
 * none is installed), `fetch` (the origin's HTML as served), or `auto`: Chromium when found,
 * else fetch with a warning.
 */
export function chooseRenderer(mode: RendererMode, logger: Logger): Renderer {
  const originFetch = createOriginFetch();
  if (mode === "fetch") return createFetchRenderer({ fetch: originFetch });
  const executablePath = findChromium();
  if (executablePath === null) {
    if (mode === "chromium") {
      throw new CliError(
        "--renderer chromium: no Chromium found (run scripts/install-chromium.sh or set CRAWLGATE_CHROMIUM)",
      );
    }
    logger.warn("renderer.fallback", {
      renderer: "fetch",
      reason: "no Chromium found; pages are served as the origin sends them (scripts not run)",
    });
    return createFetchRenderer({ fetch: originFetch });
  }
  logger.info("renderer.chromium", { executablePath });
  return createChromiumRenderer({ executablePath, originFetch });
}

export function rendererMode(value: string | undefined): RendererMode {
  const mode = (value ?? "auto") as RendererMode;
  if (!RENDERER_MODES.includes(mode)) {
    throw new CliError(`--renderer must be one of ${RENDERER_MODES.join(", ")}`, true);
  }
  return mode;
}
