import { createMemoryCrawlStore, createMemoryRobotsStore } from "@crawlgate/adapter-memory";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileClassifier } from "../classify/classifier.js";
import type { ComplianceDayCount } from "../ports/index.js";
import { silentLogger } from "../ports/index.js";
import { parseRobots } from "../robots/parse.js";
import { referenceIsAllowed, referenceSignals } from "../robots/reference.js";
import { serializeRobots } from "../robots/serialize.js";
import { referenceClassify } from "../taxonomy/reference-classify.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import { requestPath, robotsFile } from "../testing/robots-arbitraries.js";
import { createVerifier } from "../verify/verifier.js";
import { utcDay } from "../window/dates.js";
import { createIngest } from "./ingest.js";

const taxonomy = getTaxonomy() as Taxonomy;
const D = "00000000-0000-4000-8000-0000000000d1";
const T0 = Date.parse("2026-11-20T00:00:00.000Z");
const HOUR = 3_600_000;
const UAS = [
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Googlebot-Image/1.0",
  "CCBot/2.0 (https://commoncrawl.org/faq/)",
  "AdsBot-Google (+http://www.google.com/adsbot.html)",
  "curl/8.4.0",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot",
  "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0",
];

function setup() {
  const robots = createMemoryRobotsStore();
  let now = T0;
  const ingest = createIngest({
    crawls: createMemoryCrawlStore(),
    robots,
    classifier: compileClassifier(taxonomy),
    verifier: createVerifier({
      timeoutMs: 30,
      cacheTtlMs: 0,
      resolver: { reverse: async () => [], forward: async () => [], txt: async () => [] },
    }),
    clock: { now: () => new Date(now) },
    logger: silentLogger,
    batching: { intervalMs: 1 },
  });
  return { robots, ingest, setNow: (t: number) => (now = t) };
}

/** Counts computed the slow way: the version in force, the reference matcher, the reference classifier. */
function reference(
  versions: { at: number; text: string }[],
  crawls: { ts: number; ua: string; path: string }[],
): ComplianceDayCount[] {
  const counts = new Map<string, ComplianceDayCount>();
  for (const crawl of crawls) {
    const botId = referenceClassify(taxonomy, crawl.ua);
    const bot = taxonomy.botById(botId);
    const inForce = versions.filter((v) => v.at <= crawl.ts).at(-1);
    if (inForce === undefined) continue; // no robots.txt in force: not counted
    const robotsAgent = bot?.robots ?? { tokens: [] };
    const disallowed = !referenceIsAllowed(parseRobots(inForce.text), robotsAgent, crawl.path);
    const stated = referenceSignals(inForce.text, robotsAgent, crawl.path);
    const key = { training: "aiTrain", "answer-fetch": "aiInput", "search-index": "search" }[
      bot?.intent ?? ""
    ] as "aiTrain" | "aiInput" | "search" | undefined;
    const day = utcDay(new Date(crawl.ts));
    const entry = counts.get(`${day} ${botId}`) ?? {
      day,
      botId,
      requests: 0,
      disallowedRequests: 0,
      signalContradictions: 0,
      lastViolationAt: null,
    };
    entry.requests++;
    if (key !== undefined && stated[key] === "no") entry.signalContradictions++;
    if (disallowed) {
      entry.disallowedRequests++;
      if (!entry.lastViolationAt || crawl.ts > entry.lastViolationAt.getTime())
        entry.lastViolationAt = new Date(crawl.ts);
    }
    counts.set(`${day} ${botId}`, entry);
  }
  return [...counts.values()].sort((a, b) =>
    a.day < b.day ? -1 : a.day > b.day ? 1 : a.botId < b.botId ? -1 : a.botId > b.botId ? 1 : 0,
  );
}

describe("compliance at ingest", () => {
  it("counts (disallowed, signal contradictions) match a reference over generated traffic and robots.txt versions (one by one or in one call)", async () => {
    // Versions carry preference lines too: in the * group, in a crawler's own group, by path.
    const signals = fc.constantFrom(
      "",
      "\nUser-agent: *\nContent-Signal: search=no, ai-input=no, ai-train=no\nContent-Usage: /a train-ai=y\n",
      "\nUser-agent: GPTBot\nContent-Usage: /a train-ai=n\nAllow: /zz\n",
      "\nUser-agent: *\nContent-Usage: /b search=n\nContent-Signal: ai-input=yes, ai-train=no\n",
    );
    const version = fc.record({
      offset: fc.integer({ min: 0, max: 60 }),
      file: robotsFile,
      signals,
    });
    const crawl = fc.record({
      offset: fc.integer({ min: 0, max: 72 }),
      ua: fc.constantFrom(...UAS),
      path: requestPath,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(version, { maxLength: 4 }),
        fc.array(crawl, { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        async (vs, cs, batched) => {
          const { robots, ingest, setNow } = setup();
          const versions = vs
            .map((v) => ({
              at: T0 + v.offset * HOUR,
              text: serializeRobots(v.file) + v.signals,
            }))
            .sort((a, b) => a.at - b.at);
          const stored: typeof versions = [];
          for (const v of versions) {
            if ((await robots.recordRobotsVersion(D, v.text, new Date(v.at))).stored)
              stored.push(v);
          }
          const crawls = cs.map((c, i) => ({
            ts: T0 + c.offset * HOUR + i,
            ua: c.ua,
            path: c.path,
          }));
          setNow(T0 + 100 * HOUR);
          const events = crawls.map((c) => ({
            domainId: D,
            ts: new Date(c.ts),
            path: c.path,
            userAgent: c.ua,
            ip: "192.0.2.1",
            servedFrom: "origin" as const,
            status: 200,
            bytes: 1,
          }));
          if (batched) await ingest.recordCrawls(events);
          else await Promise.all(events.map((e) => ingest.recordCrawl(e)));
          await ingest.close();
          expect(await robots.complianceDayCounts(D, "2026-11-01", "2026-11-30")).toEqual(
            reference(stored, crawls),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it("judges a crawl by the version in force at its time, and a new version once told", async () => {
    const { robots, ingest } = setup();
    const gptbot = UAS[0] as string;
    const crawl = (ts: string, eventId: string) =>
      ingest.recordCrawl({
        eventId,
        domainId: D,
        ts: new Date(ts),
        path: "/private/x",
        userAgent: gptbot,
        ip: "192.0.2.1",
        servedFrom: "origin",
        status: 200,
        bytes: 1,
      });
    await crawl("2026-11-20T01:00:00.000Z", "before-any-version");
    await robots.recordRobotsVersion(
      D,
      "User-agent: GPTBot\nDisallow: /private\n",
      new Date("2026-11-20T02:00:00.000Z"),
    );
    ingest.robotsChanged(D);
    await crawl("2026-11-20T01:30:00.000Z", "late-report-of-an-earlier-crawl");
    await crawl("2026-11-20T03:00:00.000Z", "violation");
    await crawl("2026-11-20T03:00:00.000Z", "violation"); // a replay counts nothing
    await ingest.close();
    expect(await robots.complianceDayCounts(D, "2026-11-20", "2026-11-20")).toEqual([
      {
        day: "2026-11-20",
        botId: "gptbot",
        // The two crawls made before any robots.txt was in force are not counted.
        requests: 1,
        disallowedRequests: 1,
        signalContradictions: 0,
        lastViolationAt: new Date("2026-11-20T03:00:00.000Z"),
      },
    ]);
  });
});
