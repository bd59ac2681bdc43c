import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closeArchive } from "../archive/close-archive.js";
import { createCrawlgate } from "../crawlgate.js";
import { csvText } from "../csv.js";
import { compareUtf8 } from "../text/compare-utf8.js";
import type { CrawlRecord } from "../types.js";
import { parseCsv } from "./api/crawl-logs-cases.js";
import type { DepsFactory } from "./api/world.js";
import { createFakeClock, makeCrawl } from "./fixtures.js";

const PATHS = ["/", "/a", "/a/b", "/a,b", '/q"uote', "/=1+1", "/-x", "/@me", "/é/日本", "/a\r\nb"];
const OPERATORS = [null, "Google", "OpenAI"] as const;
const VERDICTS = ["verified", "declared", "unknown", "automation"] as const;
const SERVED = ["cache", "render", "origin"] as const;
const START = "2026-10-21"; // the window: 31 days ending today, 2026-11-20
const START_MS = Date.parse(`${START}T00:00:00.000Z`);

const rowArb = fc.record({
  day: fc.integer({ min: 0, max: 29 }),
  // Few distinct instants a day: ties on ts are ordered by event id.
  ms: fc.constantFrom(0, 1, 3_600_000, 86_399_999),
  path: fc.constantFrom(...PATHS),
  userAgent: fc.constantFrom("Googlebot/2.1", "=cmd|' /C calc'!A0", 'bot, "quoted"', "über-bot"),
  verdict: fc.constantFrom(...VERDICTS),
  botOperator: fc.constantFrom(...OPERATORS),
  servedFrom: fc.constantFrom(...SERVED),
  signed: fc.constantFrom(
    [null, null],
    ["verified", "https://chatgpt.com"],
    ["invalid", "https://=agent.example"],
    ["unverified", null],
  ),
});

const filterArb = fc.record(
  {
    tier: fc.subarray([...VERDICTS], { minLength: 1 }),
    servedFrom: fc.subarray([...SERVED], { minLength: 1 }),
    pathPrefix: fc.constantFrom("/a", "/", "/=", "/é"),
    botOperator: fc.subarray(["google", "OPENAI"], { minLength: 1 }),
  },
  { requiredKeys: [] },
);

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read as JSON
type Json = any;

const jsonRow = (r: CrawlRecord, hostname: string) => ({
  ts: r.ts.toISOString(),
  domain: hostname,
  path: r.path,
  userAgent: r.userAgent,
  uaHash: r.uaHash,
  servedFrom: r.servedFrom,
  status: r.status,
  bytes: r.bytes,
  botOperator: r.botOperator,
  matchedRange: r.matchedRange,
  tier: r.verdict,
  contentHash: r.contentHash,
  signatureAgent: r.signatureAgent,
  signature: r.signature,
});

function passes(r: CrawlRecord, f: Record<string, unknown>): boolean {
  const list = (k: string) => f[k] as string[] | undefined;
  const ops = list("botOperator")?.map((o) => o.toLowerCase());
  return (
    (!list("tier") || (list("tier") as string[]).includes(r.verdict)) &&
    (!list("servedFrom") || (list("servedFrom") as string[]).includes(r.servedFrom)) &&
    (f.pathPrefix === undefined || r.path.startsWith(f.pathPrefix as string)) &&
    (!ops || (r.botOperator !== null && ops.includes(r.botOperator.toLowerCase())))
  );
}

/**
 * The archive walk, as a property over the HTTP pipeline (`crawlgate.api.handle`): for random
 * days, rows (ties on `ts` included), part sizes, page sizes and filters, walking every json
 * page of a 31-day window returns each archived row exactly once, oldest to newest (ties by
 * event id), across page, part and day boundaries; walking the csv pages gives the same rows.
 */
export function archiveWalkSuite(name: string, makeDeps: DepsFactory, numRuns = 12): void {
  describe(`crawl-log archive walk (property): ${name}`, () => {
    it("json and csv pages return every archived row once, oldest to newest", async () => {
      const { deps, teardown } = await makeDeps();
      const clock = createFakeClock("2026-11-20T10:00:00.000Z");
      const crawlgate = createCrawlgate({ ...deps, clock }, { ratePerMinute: 1_000_000 });
      const user = await crawlgate.admin.createUser("walker", "pro");
      if (!user.ok) throw new Error(user.message);
      const key = await crawlgate.admin.createKey(user.value.userId);
      if (!key.ok) throw new Error(key.message);
      const call = async (body: unknown) =>
        crawlgate.api.handle({
          method: "POST",
          path: "/functions/v1/export-crawl-logs",
          query: {},
          headers: { authorization: `Bearer ${key.value.key}`, "content-type": "application/json" },
          body: new TextEncoder().encode(JSON.stringify(body)),
        });
      let site = 0;
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.array(rowArb, { maxLength: 80 }),
            fc.integer({ min: 1, max: 12 }),
            fc.integer({ min: 1, max: 17 }),
            filterArb,
            async (raws, partRows, pageSize, filter) => {
              const added = await crawlgate.admin.addDomain(
                user.value.userId,
                `w${site++}.example.com`,
              );
              if (!added.ok) throw new Error(added.message);
              const { domainId, hostname } = added.value;
              const records = raws.map((r) =>
                makeCrawl(domainId, {
                  ts: new Date(START_MS + r.day * 86_400_000 + r.ms),
                  path: r.path,
                  userAgent: r.userAgent,
                  verdict: r.verdict,
                  botOperator: r.botOperator,
                  servedFrom: r.servedFrom,
                  signature: r.signed[0] as CrawlRecord["signature"],
                  signatureAgent: r.signed[1],
                }),
              );
              await deps.crawls.appendCrawls(records, { pathCap: 10_000 });
              await closeArchive(deps, clock.now(), { partRows, domainId });
              const expected = records
                .filter((r) => passes(r, filter))
                .sort(
                  (a, b) => a.ts.getTime() - b.ts.getTime() || compareUtf8(a.eventId, b.eventId),
                )
                .map((r) => jsonRow(r, hostname));
              const query = {
                domainId,
                startDate: START,
                endDate: "2026-11-20",
                pageSize,
                ...filter,
              };

              const json: Json[] = [];
              let body: unknown = query;
              for (let pages = 0; ; pages++) {
                const res = await call(body);
                expect(res.status, String(res.body)).toBe(200);
                const page = JSON.parse(res.body as string);
                expect(page.rows.length).toBeLessThanOrEqual(pageSize);
                json.push(...page.rows);
                if (!page.nextCursor) break;
                expect(pages).toBeLessThan(200);
                body = { cursor: page.nextCursor };
              }
              expect(json).toEqual(expected);

              const csv: string[][] = [];
              body = { ...query, format: "csv" };
              for (;;) {
                const res = await call(body);
                expect(res.status).toBe(200);
                const [, ...rows] = parseCsv(res.body as string);
                csv.push(...rows);
                const next = res.headers["x-next-cursor"];
                if (!next) break;
                body = { cursor: next };
              }
              expect(csv).toEqual(
                expected.map((r) =>
                  // The parser gives back the cell's text: quotes removed, the guard kept.
                  Object.values(r).map((v) =>
                    v === null ? "" : typeof v === "number" ? String(v) : csvText(v),
                  ),
                ),
              );
            },
          ),
          { numRuns },
        );
      } finally {
        await teardown?.();
      }
    }, 240_000);
  });
}
