import { botsDeniedEverywhere } from "../policy/denied-bots.js";
import type { Clock, EdgeSettings, FetchLike, Logger, RobotsStore } from "../ports/index.js";
import { readBodyCapped } from "../render/fetch-renderer.js";
import { blockedTokens, mergeRobots, type RobotsBot } from "../robots/merge.js";
import { generatedSignals } from "../robots/signal-merge.js";
import type { Taxonomy } from "../taxonomy/registry.js";
import { RENDER_MARKER_HEADER, RENDER_USER_AGENT } from "./page-service.js";
import { singleFlight } from "./single-flight.js";

/** How long the origin's robots.txt (or its absence) is reused before it is fetched again. */
export const ORIGIN_ROBOTS_TTL_MS = 300_000;
/** Longest wait for the origin's robots.txt. */
export const ORIGIN_ROBOTS_TIMEOUT_MS = 5_000;
/** Bodies beyond this are a failure; the first 500 KiB of smaller ones are used. */
const MAX_ORIGIN_BYTES = 2 * 1024 * 1024;
/** RFC 9309 §2.3.1.2: at least five redirect hops are followed. */
const MAX_REDIRECTS = 5;

export interface RobotsTxtDeps {
  /** The origin fetch (the renderer's): pinned to vetted addresses on Node. */
  fetch: FetchLike;
  robots: RobotsStore;
  taxonomy: () => Taxonomy;
  clock: Clock;
  logger: Logger;
  /** Called after a new version was stored (ingest judges the next crawls by it). */
  onNewVersion(domainId: string): void;
  ttlMs?: number;
  timeoutMs?: number;
}

/** What robots.txt needs of a domain's settings. */
export type RobotsSite = Pick<EdgeSettings, "domainId" | "hostname" | "originUrl" | "policy">;
/** What the origin's file needs of a domain's settings. */
type OriginSite = Pick<RobotsSite, "domainId" | "hostname" | "originUrl">;

/** A preview: the text, whether the origin's file is in it, and the denied bots' tokens. */
export interface RobotsPreview {
  text: string;
  originFound: boolean;
  blocked: { botId: string; tokens: string[] }[];
}

interface OriginEntry {
  /** The origin's file, or `null` (no origin, 4xx, failure). */
  text: string | null;
  until: number;
  /** The merged text per settings object (the policy is part of the cached settings). */
  merged: WeakMap<RobotsSite, string>;
}

/** `GET` of the origin's robots.txt: its text on 2xx, `null` on 4xx; throws on 5xx or errors. */
async function fetchOrigin(deps: RobotsTxtDeps, originUrl: string): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs ?? ORIGIN_ROBOTS_TIMEOUT_MS);
  try {
    let url = new URL("/robots.txt", originUrl).href;
    for (let hop = 0; ; hop++) {
      const response = await deps.fetch(url, {
        method: "GET",
        redirect: "manual",
        headers: { "user-agent": RENDER_USER_AGENT, [RENDER_MARKER_HEADER]: "1" },
        signal: controller.signal,
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
        await response.body?.cancel().catch(() => {});
        const next = new URL(location, url);
        // The origin fetch reaches any address (origins sit on private networks): a redirect
        // may not take it to another host (a metadata service, an internal API) whose answer
        // would then be served as this host's robots.txt.
        if (!onOriginHost(next, originUrl))
          throw new Error(`origin redirected robots.txt off its host (${next.host})`);
        url = next.href;
        continue;
      }
      if (response.status >= 200 && response.status < 300)
        return new TextDecoder().decode(await readBodyCapped(response, MAX_ORIGIN_BYTES));
      await response.body?.cancel().catch(() => {});
      if (response.status >= 400 && response.status < 500) return null;
      throw new Error(`origin answered ${response.status}`);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a redirect target is still the origin's host: `http(s)`, same host name, its port. */
function onOriginHost(target: URL, originUrl: string): boolean {
  const origin = new URL(originUrl);
  if (target.protocol !== "http:" && target.protocol !== "https:") return false;
  if (target.username !== "" || target.password !== "") return false;
  return target.hostname === origin.hostname && (target.port === origin.port || target.port === "");
}

/**
 * The robots.txt a customer's host serves: the origin's file (fetched through the origin fetch,
 * kept `ttlMs`; a 4xx or no origin: none; a failure: the last good copy, else none) merged with
 * the groups of the crawlers the policy denies everywhere and its content signals and licence
 * (`mergeRobots`). Each text served
 * that differs from the last one this instance recorded for the domain is stored as a version.
 */
export function createRobotsTxt(deps: RobotsTxtDeps) {
  const ttl = deps.ttlMs ?? ORIGIN_ROBOTS_TTL_MS;
  const origins = new Map<string, OriginEntry>();
  const loading = new Map<string, Promise<OriginEntry>>();
  const denied = new WeakMap<RobotsSite, RobotsBot[]>();
  const recorded = new Map<string, string>();

  async function load(site: OriginSite, previous: OriginEntry | undefined): Promise<OriginEntry> {
    let text: string | null = null;
    if (site.originUrl !== null) {
      try {
        text = await fetchOrigin(deps, site.originUrl);
      } catch (error) {
        text = previous?.text ?? null;
        deps.logger.warn("edge.robots_origin_failed", {
          host: site.hostname,
          error: error instanceof Error ? error.message : String(error),
          kept: text !== null,
        });
      }
    }
    const entry = { text, until: deps.clock.now().getTime() + ttl, merged: new WeakMap() };
    origins.set(site.domainId, entry);
    return entry;
  }

  function deniedBots(site: RobotsSite): RobotsBot[] {
    let bots = denied.get(site);
    if (!bots) {
      bots = botsDeniedEverywhere(site.policy, deps.taxonomy()).map((d) => d.bot);
      denied.set(site, bots);
    }
    return bots;
  }

  async function remember(domainId: string, text: string): Promise<void> {
    if (recorded.get(domainId) === text) return;
    try {
      const { stored } = await deps.robots.recordRobotsVersion(domainId, text, deps.clock.now());
      recorded.set(domainId, text);
      if (stored) deps.onNewVersion(domainId);
    } catch (error) {
      deps.logger.error("edge.robots_version_failed", {
        domainId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function originOf(site: OriginSite): Promise<OriginEntry> {
    const entry = origins.get(site.domainId);
    if (entry && entry.until > deps.clock.now().getTime()) return entry;
    return singleFlight(loading, site.domainId, () => load(site, entry));
  }

  function mergedText(entry: OriginEntry, site: RobotsSite): string {
    let text = entry.merged.get(site);
    if (text === undefined) {
      text = mergeRobots(entry.text, deniedBots(site), deps.taxonomy().bots, site.policy);
      entry.merged.set(site, text);
    }
    return text;
  }

  return {
    /**
     * The text served on the site's host; stored as a version when it changed. `null` for a
     * domain without an origin URL whose policy blocks nobody and states no preference: the
     * host application behind the edge answers its own `/robots.txt` then.
     */
    async serve(site: RobotsSite): Promise<string | null> {
      if (
        site.originUrl === null &&
        deniedBots(site).length === 0 &&
        generatedSignals(site.policy) === null
      )
        return null;
      const text = mergedText(await originOf(site), site);
      await remember(site.domainId, text);
      return text;
    },
    /**
     * The origin's own robots.txt (the copy `serve` merges, kept `ttlMs`), or `null` (no origin,
     * 4xx, failure without a good copy). Sitemap warming reads its `Sitemap:` lines.
     */
    async originFile(site: OriginSite): Promise<string | null> {
      if (site.originUrl === null) return null;
      return (await originOf(site)).text;
    },
    /** What `serve` would answer now, without storing anything. */
    async preview(site: RobotsSite): Promise<RobotsPreview> {
      const entry = await originOf(site);
      const bots = deniedBots(site);
      const written = new Set(
        blockedTokens(bots, deps.taxonomy().bots).map((t) => t.toLowerCase()),
      );
      return {
        text: mergedText(entry, site),
        originFound: entry.text !== null,
        blocked: bots.map((bot) => ({
          botId: bot.botId,
          tokens: [...bot.robots.tokens, ...(bot.robots.usageTokens ?? [])].filter((t) =>
            written.has(t.toLowerCase()),
          ),
        })),
      };
    },
  };
}

export type RobotsTxt = ReturnType<typeof createRobotsTxt>;
