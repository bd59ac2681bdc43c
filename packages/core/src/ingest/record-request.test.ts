import { describe, expect, it } from "vitest";
import { compileClassifier } from "../classify/classifier.js";
import { getTaxonomy, type Taxonomy } from "../taxonomy/registry.js";
import type { CrawlEvent } from "./crawl-rows.js";
import type { VisitEvent } from "./record-referral.js";
import { createRequestRecording, type SeenRequest } from "./record-request.js";

const GPTBOT = "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0) Chrome/124.0 Safari/537.36";

const seen = (over: Partial<SeenRequest>): SeenRequest => ({
  id: "r1",
  domainId: "d1",
  ts: new Date("2026-11-20T10:00:00.000Z"),
  path: "/pricing",
  query: "",
  userAgent: GPTBOT,
  ip: "203.0.113.5",
  referer: null,
  siteHost: "site.example.com",
  servedFrom: "origin",
  status: 200,
  bytes: 10,
  ...over,
});

function recording() {
  const classifier = compileClassifier(getTaxonomy() as Taxonomy);
  let classified = 0;
  const calls: (["crawl", CrawlEvent] | ["referral", VisitEvent])[] = [];
  const record = createRequestRecording(
    () => ({
      version: classifier.version,
      classify: (ua: string) => {
        classified++;
        return classifier.classify(ua);
      },
    }),
    {
      crawl: (event: CrawlEvent) => calls.push(["crawl", event]),
      referral: (visit: VisitEvent) => calls.push(["referral", visit]),
    },
  );
  return { record, calls, classified: () => classified, classifier };
}

describe("recordRequest", () => {
  it("hands a crawler's page to the crawl recorder and a person's page to the referral one", () => {
    const r = recording();
    expect(r.record(seen({}))).toMatchObject({ kind: "page", crawler: true, recording: "crawl" });
    r.record(
      seen({ id: "r2", userAgent: BROWSER, referer: "https://chatgpt.com/", query: "?a=1" }),
    );
    expect(r.calls).toEqual([
      [
        "crawl",
        {
          eventId: "r1",
          domainId: "d1",
          ts: new Date("2026-11-20T10:00:00.000Z"),
          path: "/pricing",
          userAgent: GPTBOT,
          ip: "203.0.113.5",
          servedFrom: "origin",
          status: 200,
          bytes: 10,
          contentHash: null,
          snapshotId: null,
          streamId: undefined,
        },
      ],
      [
        "referral",
        {
          visitId: "r2",
          domainId: "d1",
          ts: new Date("2026-11-20T10:00:00.000Z"),
          path: "/pricing?a=1",
          referer: "https://chatgpt.com/",
          siteHost: "site.example.com",
        },
      ],
    ]);
  });

  it("calls nothing for probes, people's assets, and a person's visit that names no source", () => {
    const r = recording();
    expect(r.record(seen({ path: "/.env" })).recording).toBe("skip");
    expect(r.record(seen({ path: "/a.png", userAgent: BROWSER })).recording).toBe("skip");
    const bare = r.record(seen({ userAgent: BROWSER }));
    expect([bare.recording, bare.result]).toEqual(["referral", null]);
    expect(r.calls).toEqual([]);
  });

  it("classifies once, and not at all when the caller passes its classification and kind", () => {
    const r = recording();
    r.record(seen({}));
    expect(r.classified()).toBe(1);
    const classification = r.classifier.classify(GPTBOT);
    const done = r.record(seen({ path: "/logo" }), {
      classification,
      kind: "asset",
      options: { assets: false },
    });
    expect(r.classified()).toBe(1);
    expect(done).toMatchObject({ kind: "asset", recording: "skip", result: null });
    // The caller's own recorders (an importer's chunks) replace the service's.
    const mine: string[] = [];
    r.record(seen({}), {
      recorders: { crawl: (e) => mine.push(e.path), referral: () => mine.push("referral") },
    });
    expect(mine).toEqual(["/pricing"]);
    expect(r.calls).toHaveLength(1);
  });
});
