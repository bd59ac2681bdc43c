import { createMemoryStores } from "@crawlgate/adapter-memory";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCrawlgate } from "../crawlgate.js";
import type { FetchLike } from "../ports/index.js";
import { createFakeClock } from "../testing/fixtures.js";

/** An instance a year after the shipped range files (all due), and the URLs its fetch was asked. */
function instance(fetch: "counting" | null) {
  const asked: string[] = [];
  const counting: FetchLike = async (url) => {
    asked.push(url);
    return new Response("offline", { status: 503 });
  };
  const crawlgate = createCrawlgate({
    ...createMemoryStores(),
    clock: createFakeClock("2030-01-01T00:00:00.000Z"),
    logger: false,
    fetch: fetch === null ? null : counting,
  });
  const job = crawlgate.jobs.find((j) => j.name === "range_refresh");
  if (!job) throw new Error("no range_refresh job");
  return { crawlgate, job, asked };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("range_refresh in library mode (CRAWLGATE_RANGE_REFRESH=off is `fetch: null`)", () => {
  it("downloads every due file through the deps' fetch", async () => {
    const { job, asked } = instance("counting");
    const report = await job.run(new Date("2030-01-01T00:00:00.000Z"));
    expect(report).toMatchObject({ due: true, ok: 0 });
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.every((url) => url.startsWith("https://"))).toBe(true);
  });

  it("with `fetch: null` never downloads: the shipped files stay in use", async () => {
    const runtimeFetch = vi.fn(async () => new Response("offline", { status: 503 }));
    vi.stubGlobal("fetch", runtimeFetch);
    const { crawlgate, job } = instance(null);
    expect(await job.run(new Date("2030-01-01T00:00:00.000Z"))).toEqual({ due: false });
    expect(runtimeFetch).not.toHaveBeenCalled();
    const status = await crawlgate.ingest.ranges.status();
    expect(status.length).toBeGreaterThan(10);
    expect(status.every((file) => file.source === "shipped" && file.lastAttemptAt === null)).toBe(
      true,
    );
    expect(status.every((file) => file.prefixes > 0)).toBe(true);
  });
});
