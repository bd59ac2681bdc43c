import type { EdgeSettings } from "../ports/index.js";
import type { RobotsTxt } from "./robots-txt.js";

/** The host's robots.txt, ready to send. */
export interface RobotsAnswer {
  kind: "robots";
  status: 200;
  headers: Record<string, string>;
  /** The body to send (empty for HEAD). */
  body: Uint8Array;
}

/** Browsers and proxies may keep it as long as the edge keeps the origin's copy. */
const MAX_AGE_SECONDS = 300;

/**
 * `GET`/`HEAD /robots.txt` answered by the edge (a merged text, stored as a version when it
 * changed); other methods, and sites whose own application answers it: `null` (the origin
 * answers them).
 */
export async function serveRobotsTxt(
  robotsTxt: RobotsTxt,
  site: EdgeSettings,
  method: string,
): Promise<RobotsAnswer | null> {
  const upper = method.toUpperCase();
  if (upper !== "GET" && upper !== "HEAD") return null;
  const text = await robotsTxt.serve(site);
  if (text === null) return null;
  const full = new TextEncoder().encode(text);
  return {
    kind: "robots",
    status: 200,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-length": String(full.byteLength),
      "cache-control": `public, max-age=${MAX_AGE_SECONDS}`,
      "x-crawlgate-robots": "merged",
    },
    body: upper === "HEAD" ? new Uint8Array(0) : full,
  };
}
