import type { Crawlgate } from "../../crawlgate.js";
import type { Stores } from "../../ports/index.js";
import type { CrawlRecord } from "../../types.js";
import type { FakeClock } from "../fixtures.js";
import type { Harness } from "../harness.js";
import type { OriginSite } from "./origin-site.js";

/** What the shared edge cases work with (see `edgeSuite`). */

/** One request through a bridge, as the suite sends it. */
export interface EdgeCall {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * A visitor address other than the bridge's default, for one request: the bridges under test
 * read it from this header (`EdgeWorld.send`'s `clientIp` sets it).
 */
export const TEST_CLIENT_IP_HEADER = "x-test-client-ip";

export interface EdgeReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Puts a bridge in front of `crawlgate`: requests the origin answers go to `origin.answer` (the
 * site behind the edge), hosts the edge does not know answer 404. Returns a function that sends
 * one request, with `clientIp` as the visitor's address.
 */
export type EdgeBridgeFactory = (
  crawlgate: Crawlgate,
  origin: OriginSite,
  clientIp: string,
) => Promise<Harness<{ send(call: EdgeCall): Promise<EdgeReply> }>>;

export const HOST = "shop.example.com";
export const CLIENT_IP = "66.249.66.1";
export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Googlebot smartphone, as Google documents it. */
export const GOOGLEBOT_SMARTPHONE =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

export interface EdgeWorld {
  crawlgate: Crawlgate;
  stores: Stores;
  clock: FakeClock;
  origin: OriginSite;
  domainId: string;
  apiKey: string;
  send(call: Partial<EdgeCall> & { path: string; clientIp?: string }): Promise<EdgeReply>;
  /** Runs the page worker once (purges, pre-warms, refreshes). */
  work(): Promise<unknown>;
  /** The crawl rows recorded so far (after writing the buffered ones). */
  crawls(): Promise<CrawlRecord[]>;
}
