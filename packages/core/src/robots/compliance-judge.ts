import type { RobotsStore } from "../ports/index.js";
import { compileRobots, type RobotsAgent, type RobotsMatcher } from "./match.js";
import { parseRobots } from "./parse.js";
import { compileSignals, contradicts, INTENT_SIGNAL, type SignalsOf } from "./signal-judge.js";
import { parseRobotsSignals } from "./signal-lines.js";

/** How long a domain's list of versions is trusted before it is read again (other instances). */
export const VERSIONS_TTL_MS = 30_000;
const MAX_MATCHERS = 1_000;

/** One robots.txt version compiled: its rules and its preference lines. */
interface CompiledVersion {
  matcher: RobotsMatcher;
  signals: SignalsOf;
}

interface LoadedVersions {
  loadedAt: number;
  /** `effectiveFrom` in ms and the compiled file, oldest first. */
  versions: ({ from: number } & CompiledVersion)[];
}

/** How a crawl fared against the robots.txt in force at its time. */
export interface RobotsVerdict {
  /** Its path was disallowed for its bot. */
  disallowed: boolean;
  /** Its bot's intent contradicted the content signal stated for its path (`contradicts`). */
  contradicted: boolean;
}

function versionAt({ versions }: LoadedVersions, ts: Date): CompiledVersion | null {
  const t = ts.getTime();
  for (let i = versions.length - 1; i >= 0; i--) {
    const version = versions[i] as LoadedVersions["versions"][number];
    if (version.from <= t) return version;
  }
  return null;
}

function verdictBy(
  loaded: LoadedVersions,
  bot: { robots: RobotsAgent; intent: string },
  path: string,
  ts: Date,
): RobotsVerdict | null {
  const version = versionAt(loaded, ts);
  if (!version) return null;
  return {
    disallowed: !version.matcher.isAllowed(bot.robots, path),
    contradicted:
      INTENT_SIGNAL.has(bot.intent) && contradicts(version.signals(bot.robots, path), bot.intent),
  };
}

/**
 * How a crawl fared against the robots.txt in force at its time (the latest version with
 * `effectiveFrom <= ts`): whether its path was disallowed for its bot, and whether its bot's
 * intent contradicted the content signal stated for the path; `null` when none was in force
 * (before the first version, or a domain whose robots.txt crawlgate never served): such a crawl
 * is not counted.
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
  const matchers = new Map<string, CompiledVersion>();
  /** Bumped by `forget`: a read that started before it does not fill the cache. */
  let generation = 0;

  const compiledOf = (contentHash: string, text: string): CompiledVersion => {
    let compiled = matchers.get(contentHash);
    if (!compiled) {
      if (matchers.size >= MAX_MATCHERS) matchers.clear();
      compiled = {
        matcher: compileRobots(parseRobots(text)),
        signals: compileSignals(parseRobotsSignals(text)),
      };
      matchers.set(contentHash, compiled);
    }
    return compiled;
  };

  async function load(domainId: string): Promise<LoadedVersions> {
    const loadedAt = deps.now();
    const started = generation;
    const list = await deps.robots.listRobotsVersions(domainId);
    const loaded = {
      loadedAt,
      versions: list.map((v) => ({
        from: v.effectiveFrom.getTime(),
        ...compiledOf(v.contentHash, v.text),
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
    /**
     * Per crawl of one domain (versions looked up once): whether its path was disallowed for its
     * bot and whether its bot's intent contradicted the signal stated for the path, by the
     * robots.txt in force at its time; `null` when none was.
     */
    async verdictOf(
      domainId: string,
    ): Promise<
      (bot: { robots: RobotsAgent; intent: string }, path: string, ts: Date) => RobotsVerdict | null
    > {
      const loaded = await versionsOf(domainId);
      return (bot, path, ts) => verdictBy(loaded, bot, path, ts);
    },
    /**
     * One crawl's verdict (as `verdictOf`): at once when the domain's versions are loaded, else
     * once they are. A crawl recorded alone makes no function and no promise on the usual path.
     */
    verdictFor(
      domainId: string,
      bot: { robots: RobotsAgent; intent: string },
      path: string,
      ts: Date,
    ): RobotsVerdict | null | Promise<RobotsVerdict | null> {
      const loaded = versionsOf(domainId);
      if (loaded instanceof Promise) return loaded.then((l) => verdictBy(l, bot, path, ts));
      return verdictBy(loaded, bot, path, ts);
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
