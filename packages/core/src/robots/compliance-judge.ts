import type { RobotsStore } from "../ports/index.js";
import { compileRobots, type RobotsAgent, type RobotsMatcher } from "./match.js";
import { parseRobots } from "./parse.js";

/** How long a domain's list of versions is trusted before it is read again (other instances). */
export const VERSIONS_TTL_MS = 30_000;
const MAX_MATCHERS = 1_000;

interface LoadedVersions {
  loadedAt: number;
  /** `effectiveFrom` in ms and the compiled file, oldest first. */
  versions: { from: number; matcher: RobotsMatcher }[];
}

function disallowedBy(
  { versions }: LoadedVersions,
  agent: RobotsAgent,
  path: string,
  ts: Date,
): boolean | null {
  const t = ts.getTime();
  for (let i = versions.length - 1; i >= 0; i--) {
    const version = versions[i] as LoadedVersions["versions"][number];
    if (version.from <= t) return !version.matcher.isAllowed(agent, path);
  }
  return null;
}

/**
 * Whether a crawl's path was disallowed for its bot by the robots.txt in force at its time: the
 * latest version with `effectiveFrom <= ts`; `null` when none was in force (before the first
 * version, or a domain whose robots.txt crawlgate never served): such a crawl is not counted.
 * Versions are read once per domain and `ttlMs` (concurrent misses share one read), each
 * distinct text is compiled once (cached by content hash), so a crawl costs a lookup and a match.
 */
export function createComplianceJudge(deps: {
  robots: RobotsStore;
  now: () => number;
  ttlMs?: number;
}) {
  const ttl = deps.ttlMs ?? VERSIONS_TTL_MS;
  const domains = new Map<string, LoadedVersions>();
  const loading = new Map<string, Promise<LoadedVersions>>();
  const matchers = new Map<string, RobotsMatcher>();
  /** Bumped by `forget`: a read that started before it does not fill the cache. */
  let generation = 0;

  const matcherOf = (contentHash: string, text: string): RobotsMatcher => {
    let matcher = matchers.get(contentHash);
    if (!matcher) {
      if (matchers.size >= MAX_MATCHERS) matchers.clear();
      matcher = compileRobots(parseRobots(text));
      matchers.set(contentHash, matcher);
    }
    return matcher;
  };

  async function load(domainId: string): Promise<LoadedVersions> {
    const loadedAt = deps.now();
    const started = generation;
    const list = await deps.robots.listRobotsVersions(domainId);
    const loaded = {
      loadedAt,
      versions: list.map((v) => ({
        from: v.effectiveFrom.getTime(),
        matcher: matcherOf(v.contentHash, v.text),
      })),
    };
    if (started === generation) domains.set(domainId, loaded);
    return loaded;
  }

  function versionsOf(domainId: string): LoadedVersions | Promise<LoadedVersions> {
    const known = domains.get(domainId);
    if (known && deps.now() - known.loadedAt < ttl) return known;
    let promise = loading.get(domainId);
    if (!promise) {
      promise = load(domainId).finally(() => loading.delete(domainId));
      loading.set(domainId, promise);
    }
    return promise;
  }

  return {
    async isDisallowed(
      domainId: string,
      agent: RobotsAgent,
      path: string,
      ts: Date,
    ): Promise<boolean | null> {
      return disallowedBy(await versionsOf(domainId), agent, path, ts);
    },
    /** `isDisallowed` for many crawls of one domain: the versions are looked up once. */
    async judgeOf(
      domainId: string,
    ): Promise<(agent: RobotsAgent, path: string, ts: Date) => boolean | null> {
      const loaded = await versionsOf(domainId);
      return (agent, path, ts) => disallowedBy(loaded, agent, path, ts);
    },
    /** Reads the domain's versions again on next use (this instance stored a new one). */
    forget(domainId: string): void {
      generation++;
      domains.delete(domainId);
      loading.delete(domainId);
    },
  };
}

export type ComplianceJudge = ReturnType<typeof createComplianceJudge>;
