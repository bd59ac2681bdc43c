import { createMemoryBlobStore, createMemorySnapshotStore } from "@crawlgate/adapter-memory";
import { beforeEach, describe, expect, it } from "vitest";
import { createKeyRing } from "../signing/key-ring.js";
import { verifyPresigned } from "../signing/presign.js";
import { createFakeClock } from "../testing/fixtures.js";
import { gunzipText } from "./content.js";
import { HTML_URL_LIFETIME_SECONDS, htmlLinks, LINK_CLOCK_SLACK_SECONDS } from "./links.js";
import { htmlKey, readSnapshotHtml, recordSnapshot, type SnapshotDeps } from "./record.js";
import { dropExpiredHtml } from "./retention.js";

const D = "00000000-0000-4000-8000-0000000000d1";
const HTML = '<html lang="en"><title>Hello, snapshots</title><h1>Hi ✓</h1></html>';
const DAY = 24 * 60 * 60 * 1000;

describe("snapshots", () => {
  let deps: SnapshotDeps & { clock: ReturnType<typeof createFakeClock> };
  beforeEach(() => {
    deps = {
      snapshots: createMemorySnapshotStore(),
      blobs: createMemoryBlobStore(),
      clock: createFakeClock("2026-11-20T10:00:00.000Z"),
    };
  });
  const record = (path: string, html = HTML, renderStatus: number | null = 200) =>
    recordSnapshot(deps, { domainId: D, path, html, renderStatus });

  it("records hash, size, audit and gzip HTML; identical HTML again is the same snapshot", async () => {
    const first = await record("/a");
    expect(first.created).toBe(true);
    const s = first.snapshot;
    expect(s.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.contentSizeBytes).toBe(new TextEncoder().encode(HTML).length);
    expect(s.renderStatus).toBe(200);
    expect(s.seo.issues).toContain("missing_canonical");
    expect(s.seo.score).toBe(100 - 15 - 10 - 5);
    expect(await gunzipText((await deps.blobs.getBlob(htmlKey(s.contentHash))) as Uint8Array)).toBe(
      HTML,
    );
    deps.clock.advance(DAY);
    const again = await record("/a");
    expect(again.created).toBe(false);
    expect(again.snapshot.snapshotId).toBe(s.snapshotId);
    expect(again.snapshot.lastRecordedAt).toEqual(deps.clock.now());
    expect(await readSnapshotHtml(deps.blobs, again.snapshot)).toBe(HTML);
  });

  it("stores the HTML once per content hash, across pages", async () => {
    const a = (await record("/a")).snapshot;
    const b = (await record("/b")).snapshot;
    const c = (await record("/a", `${HTML} `)).snapshot;
    expect(b.snapshotId).not.toBe(a.snapshotId);
    expect(b.contentHash).toBe(a.contentHash);
    expect(c.contentHash).not.toBe(a.contentHash);
    expect(htmlKey(a.contentHash)).toBe(
      `snapshots/${a.contentHash.slice(0, 2)}/${a.contentHash}.html.gz`,
    );
    await deps.blobs.deleteBlob(htmlKey(a.contentHash));
    // Recording writes a missing blob again.
    await record("/b");
    expect(await readSnapshotHtml(deps.blobs, a)).toBe(HTML);
  });

  it("drops expired HTML, keeps metadata, and keeps HTML still recorded for another page", async () => {
    const old = (await record("/old", "<p>old</p>")).snapshot;
    const shared = (await record("/x", "<p>shared</p>")).snapshot;
    deps.clock.advance(10 * DAY);
    const sharedLater = (await record("/y", "<p>shared</p>")).snapshot;
    const cutoff = new Date(deps.clock.now().getTime() - 5 * DAY);
    expect(await dropExpiredHtml(deps, cutoff)).toEqual({ dropped: 1 });
    const dropped = await deps.snapshots.getSnapshot(old.snapshotId);
    expect(dropped).toEqual({ ...old, htmlRetained: false });
    expect(await deps.blobs.hasBlob(htmlKey(old.contentHash))).toBe(false);
    expect(await readSnapshotHtml(deps.blobs, dropped as typeof old)).toBeNull();
    expect(await readSnapshotHtml(deps.blobs, shared)).toBe("<p>shared</p>");
    expect(sharedLater.contentHash).toBe(shared.contentHash);
    expect(await dropExpiredHtml(deps, cutoff)).toEqual({ dropped: 0 });
    // The same content recorded again is kept again.
    const back = await record("/old", "<p>old</p>");
    expect(back).toEqual({
      created: false,
      snapshot: { ...old, htmlRetained: true, lastRecordedAt: deps.clock.now() },
    });
    expect(await readSnapshotHtml(deps.blobs, back.snapshot)).toBe("<p>old</p>");
  });

  it("drops more hashes than one page of the store's listing", async () => {
    for (let i = 0; i < 450; i++) await record(`/p${i}`, `<p>${i}</p>`);
    deps.clock.advance(DAY);
    expect(await dropExpiredHtml(deps, deps.clock.now())).toEqual({ dropped: 450 });
  });

  it("presigns htmlUrl for about 24 hours, relative or under a base URL, null once dropped", async () => {
    const ring = createKeyRing([{ kid: "k1", secret: "x".repeat(32) }]);
    const s = (await record("/a")).snapshot;
    const now = new Date("2026-11-20T10:00:00.750Z");
    const links = htmlLinks(ring, null, now);
    expect(links.expiresAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    const url = (await links.htmlUrl(s)) as string;
    expect(url).toMatch(
      new RegExp(
        `^/functions/v1/files/snapshots/${s.snapshotId}\\?expires=\\d+&kid=k1&sig=[\\w-]+$`,
      ),
    );
    const [path, query] = url.split("?") as [string, string];
    const check = (at: Date) =>
      verifyPresigned(ring, {
        method: "GET",
        path,
        query: Object.fromEntries(new URLSearchParams(query)),
        now: at,
        maxLifetimeSeconds: HTML_URL_LIFETIME_SECONDS + LINK_CLOCK_SLACK_SECONDS,
      });
    expect(await check(now)).toBe(true);
    expect(await check(new Date(links.expiresAt.getTime() - 1000))).toBe(true);
    expect(await check(links.expiresAt)).toBe(false);
    const absolute = await htmlLinks(ring, "https://api.example.com/", now).htmlUrl(s);
    expect(absolute).toBe(`https://api.example.com${url}`);
    expect(await links.htmlUrl({ ...s, htmlRetained: false })).toBeNull();
  });
});
