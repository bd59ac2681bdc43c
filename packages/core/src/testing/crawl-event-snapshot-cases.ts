import { expect, it } from "vitest";
import type { CrawlStore } from "../ports/index.js";
import { makeCrawl } from "./fixtures.js";
import type { Harness } from "./harness.js";

/** `CrawlLog.servedSnapshotOf`, part of the CrawlStore conformance suite. */
export function crawlEventSnapshotCases(h: () => Harness<{ crawls: CrawlStore }>): void {
  it("reads the snapshot of a crawl event from its raw row, any domain", async () => {
    const { crawls } = h();
    const served = makeCrawl("00000000-0000-4000-8000-0000000000d1", { snapshotId: "snap-a" });
    const elsewhere = makeCrawl("00000000-0000-4000-8000-0000000000d2", { snapshotId: "snap-b" });
    const bare = makeCrawl("00000000-0000-4000-8000-0000000000d1", { servedFrom: "origin" });
    await crawls.appendCrawls([served, elsewhere, bare], { pathCap: 1 });
    expect(await crawls.servedSnapshotOf(served.eventId)).toBe("snap-a");
    expect(await crawls.servedSnapshotOf(elsewhere.eventId)).toBe("snap-b");
    expect(await crawls.servedSnapshotOf(bare.eventId)).toBeNull();
    expect(await crawls.servedSnapshotOf("no-such-event")).toBeNull();
    // A replay with another snapshot changes nothing: the first stored row wins.
    await crawls.appendCrawls([{ ...served, snapshotId: "snap-z" }], { pathCap: 1 });
    expect(await crawls.servedSnapshotOf(served.eventId)).toBe("snap-a");
    // Beyond the path cap the raw row keeps its snapshot all the same.
    const capped = makeCrawl("00000000-0000-4000-8000-0000000000d1", {
      path: "/other",
      snapshotId: "snap-c",
    });
    await crawls.appendCrawls([capped], { pathCap: 1 });
    expect(await crawls.servedSnapshotOf(capped.eventId)).toBe("snap-c");
  });
}
