import { describe, expect, it } from "vitest";
import { compileClassifier } from "../../classify/classifier.js";
import { createIngest } from "../../ingest/ingest.js";
import { silentLogger } from "../../ports/index.js";
import { presignPath } from "../../signing/presign.js";
import { gunzipText } from "../../snapshots/content.js";
import { getTaxonomy, type Taxonomy } from "../../taxonomy/registry.js";
import type { Snapshot } from "../../types.js";
import { createVerifier } from "../../verify/verifier.js";
import { type SwitchableBlobStore, withSwitchableBlobs } from "./blob-outage.js";
import { useWorld } from "./use-world.js";
import type { ApiSuiteOptions, ApiWorld, CallResult } from "./world.js";

const HTML = '<!doctype html><html lang="en"><title>Snapshot ✓ 日本</title><h1>Hi</h1></html>';
const DAY = 24 * 60 * 60 * 1000;

async function recordShop(world: ApiWorld, html = HTML): Promise<Snapshot> {
  const { snapshot } = await world.crawlgate.snapshots.record({
    domainId: world.domains.shop.domainId,
    path: "/products/widget",
    html,
    renderStatus: 200,
  });
  return snapshot;
}

/** A link as the exports hand it out, relative to the API prefix (what `call` takes). */
async function linkOf(world: ApiWorld, snapshot: Snapshot): Promise<string> {
  const url = await world.crawlgate.snapshots.htmlLinks().htmlUrl(snapshot);
  if (!url) throw new Error("no htmlUrl");
  return url.replace("/functions/v1", "");
}

const download = (world: ApiWorld, link: string, method = "GET") =>
  world.call(method, link, { key: null });

/** Status, body and the headers that matter of a refusal, to compare refusals with each other. */
const shape = (r: CallResult) => ({
  status: r.status,
  text: r.text,
  type: r.headers.get("content-type"),
});

/** POST /get-snapshot and the presigned snapshot downloads. */
export function snapshotCases(options: ApiSuiteOptions): void {
  describe("get-snapshot", () => {
    const w = useWorld(withSwitchableBlobs(options));
    const get = (body: unknown, key?: string) =>
      w().call("POST", "/get-snapshot", { body, ...(key ? { key } : {}) });

    it("returns the decompressed HTML by snapshot_id, to every role on the domain", async () => {
      const s = await recordShop(w());
      for (const key of [w().keys.owner, w().keys.manager, w().keys.viewer]) {
        const res = await get({ snapshot_id: s.snapshotId }, key);
        expect(res.status).toBe(200);
        expect(res.json).toEqual({ html: HTML });
      }
      expect((await get({ snapshot_id: s.snapshotId.toUpperCase() })).json).toEqual({ html: HTML });
    });

    it("resolves a crawl-feed event id to its snapshot", async () => {
      const s = await recordShop(w());
      await w().deps.snapshots.linkEvent("evt-42", s.snapshotId);
      expect(await get({ id: "evt-42" })).toMatchObject({ status: 200, json: { html: HTML } });
      expect(await get({ id: "evt-unknown" })).toMatchObject({
        status: 404,
        json: { error: "not found" },
      });
    });

    it("resolves the id of a crawl that ingest recorded with a snapshot", async () => {
      const world = w();
      const s = await recordShop(world);
      const ingest = createIngest({
        crawls: world.deps.crawls,
        classifier: compileClassifier(getTaxonomy() as Taxonomy),
        verifier: createVerifier({
          resolver: {
            reverse: () => Promise.reject(new Error("NXDOMAIN")),
            forward: () => Promise.reject(new Error("NXDOMAIN")),
            txt: () => Promise.reject(new Error("NXDOMAIN")),
          },
        }),
        clock: world.clock,
        logger: silentLogger,
      });
      const crawl = {
        domainId: world.domains.shop.domainId,
        ts: world.clock.now(),
        path: "/products/widget",
        userAgent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        ip: "198.51.100.7",
        servedFrom: "cache" as const,
        status: 200,
        bytes: 512,
      };
      const served = await ingest.recordCrawl({
        ...crawl,
        snapshotId: s.snapshotId,
        contentHash: s.contentHash,
      });
      const bare = await ingest.recordCrawl({ ...crawl, servedFrom: "origin" });
      await ingest.close();
      expect(await get({ id: served.eventId })).toMatchObject({
        status: 200,
        json: { html: HTML },
      });
      // A crawl stored without a snapshot falls back to an explicit link, else is not found.
      expect((await get({ id: bare.eventId })).json).toEqual({ error: "not found" });
      await world.deps.snapshots.linkEvent(bare.eventId, s.snapshotId);
      expect((await get({ id: bare.eventId })).json).toEqual({ html: HTML });
    });

    it("answers not found alike for unknown, malformed and inaccessible snapshots", async () => {
      const s = await recordShop(w());
      const { snapshot: theirs } = await w().crawlgate.snapshots.record({
        domainId: w().domains.other.domainId,
        path: "/",
        html: HTML,
        renderStatus: 200,
      });
      await w().deps.snapshots.linkEvent("evt-theirs", theirs.snapshotId);
      const cases = [
        get({ snapshot_id: crypto.randomUUID() }),
        get({ snapshot_id: "not-a-uuid" }),
        get({ snapshot_id: theirs.snapshotId }),
        get({ id: "evt-theirs" }),
        get({ id: "x".repeat(300) }),
        get({ snapshot_id: s.snapshotId }, w().keys.stranger),
      ];
      for (const res of await Promise.all(cases)) {
        expect(res.status).toBe(404);
        expect(res.text).toBe('{"error":"not found"}');
      }
    });

    it("needs exactly one of id and snapshot_id", async () => {
      const s = await recordShop(w());
      for (const body of [
        {},
        { snapshot_id: "" },
        { snapshot_id: 42 },
        { id: null },
        { snapshot_id: s.snapshotId, id: "evt-1" },
        { snapshotId: s.snapshotId },
      ]) {
        const res = await get(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.text).toBe('{"error":"id or snapshot_id required"}');
      }
      const noBody = await w().call("POST", "/get-snapshot");
      expect(noBody.text).toBe('{"error":"id or snapshot_id required"}');
    });

    it("answers an unparseable body with invalid JSON body", async () => {
      for (const rawBody of ["{", '{"snapshot_id":', "[1]", '"text"', "null", "\u00ff"]) {
        const res = await w().call("POST", "/get-snapshot", {
          rawBody,
          headers: { "content-type": "application/json" },
        });
        expect(res.status, rawBody).toBe(400);
        expect(res.text).toBe('{"error":"invalid JSON body"}');
      }
    });

    it("answers snapshot not found in storage once retention dropped the HTML", async () => {
      const s = await recordShop(w());
      w().clock.advance(40 * DAY);
      await w().crawlgate.snapshots.dropExpiredHtml(new Date(w().clock.now().getTime() - 30 * DAY));
      const res = await get({ snapshot_id: s.snapshotId });
      expect(res.status).toBe(404);
      expect(res.text).toBe('{"error":"snapshot not found in storage"}');
      // Still not found at all for a caller without access.
      expect((await get({ snapshot_id: s.snapshotId }, w().keys.stranger)).json).toEqual({
        error: "not found",
      });
    });

    it("answers 503 snapshot storage unavailable while the BlobStore is unreachable", async () => {
      const s = await recordShop(w());
      const blobs = w().deps.blobs as SwitchableBlobStore;
      blobs.down = true;
      const res = await get({ snapshot_id: s.snapshotId });
      expect(res.status).toBe(503);
      expect(res.text).toBe('{"error":"snapshot storage unavailable"}');
      blobs.down = false;
      expect((await get({ snapshot_id: s.snapshotId })).status).toBe(200);
    });

    it("keeps the API's key and plan checks", async () => {
      const s = await recordShop(w());
      const noKey = await w().call("POST", "/get-snapshot", {
        key: null,
        body: { snapshot_id: s.snapshotId },
      });
      expect(noKey).toMatchObject({ status: 401, json: { error: "invalid_api_key" } });
      expect(await get({ snapshot_id: s.snapshotId }, w().keys.starter)).toMatchObject({
        status: 403,
        json: { error: "plan_upgrade_required" },
      });
    });
  });

  describe("get-snapshot and downloads against the rate limit", () => {
    const w = useWorld(options, { ratePerMinute: 2 });

    it("counts each get-snapshot call; downloads through links count nothing", async () => {
      const s = await recordShop(w());
      const link = await linkOf(w(), s);
      for (let i = 0; i < 5; i++) expect((await download(w(), link)).status).toBe(200);
      const body = { snapshot_id: s.snapshotId };
      expect((await w().call("POST", "/get-snapshot", { body })).status).toBe(200);
      expect((await w().call("POST", "/get-snapshot", { body })).status).toBe(200);
      const third = await w().call("POST", "/get-snapshot", { body });
      expect(third).toMatchObject({
        status: 429,
        json: { error: "rate_limit_exceeded_per_minute" },
      });
      expect((await download(w(), link)).status).toBe(200);
    });
  });

  describe("presigned snapshot downloads", () => {
    const w = useWorld(withSwitchableBlobs(options));

    it("serves the stored gzip bytes as plain text, without Authorization", async () => {
      const s = await recordShop(w());
      const link = await linkOf(w(), s);
      expect(link).toMatch(
        /^\/files\/snapshots\/[0-9a-f-]{36}\?expires=\d+&kid=[\w-]+&sig=[\w-]+$/,
      );
      const res = await download(w(), link);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
      expect([res.bytes[0], res.bytes[1]]).toEqual([0x1f, 0x8b]);
      expect(await gunzipText(res.bytes)).toBe(HTML);
      expect(res.bytes.length).toBeLessThan(new TextEncoder().encode(HTML).length + 40);
    });

    it("refuses tampered, expired, unknown and dropped links exactly like an unknown path", async () => {
      const world = w();
      const s = await recordShop(world);
      const other = await recordShop(world, `${HTML}\n`);
      const link = await linkOf(world, s);
      const [path, query] = link.split("?") as [string, string];
      const params = new URLSearchParams(query);
      const flip = (value: string) => value.slice(0, -1) + (value.endsWith("A") ? "B" : "A");
      const withParam = (name: string, value: string | null) => {
        const copy = new URLSearchParams(params);
        if (value === null) copy.delete(name);
        else copy.set(name, value);
        return `${path}?${copy}`;
      };
      const unknownId = crypto.randomUUID();
      const signedUnknown = `/files/snapshots/${unknownId}?${await presignPath(
        world.crawlgate.signing,
        {
          method: "GET",
          path: `/functions/v1/files/snapshots/${unknownId}`,
          expiresAt: new Date(world.clock.now().getTime() + DAY),
        },
      )}`;
      const reference = shape(await world.call("GET", "/no-such-path", { key: null }));
      expect(reference).toEqual({
        status: 404,
        text: '{"error":"not_found"}',
        type: "application/json; charset=utf-8",
      });
      const refusals = [
        download(world, withParam("sig", flip(params.get("sig") as string))),
        download(world, withParam("expires", String(Number(params.get("expires")) + 1))),
        download(world, withParam("kid", "other")),
        download(world, withParam("sig", null)),
        download(world, path),
        download(world, `/files/snapshots/${other.snapshotId}?${query}`),
        download(world, `/files/snapshots/${s.snapshotId.toUpperCase()}?${query}`),
        download(world, `/files/other/${s.snapshotId}?${query}`),
        download(world, link, "DELETE"),
        download(world, signedUnknown),
      ];
      for (const res of await Promise.all(refusals)) expect(shape(res)).toEqual(reference);
      // A link presigned for 25 hours is refused (longer than any link crawlgate issues).
      const tooLong = `${path}?${await presignPath(world.crawlgate.signing, {
        method: "GET",
        path: `/functions/v1${path}`,
        expiresAt: new Date(world.clock.now().getTime() + 25 * 60 * 60 * 1000),
      })}`;
      expect(shape(await download(world, tooLong))).toEqual(reference);
      // Valid for about 24 hours, then refused.
      world.clock.advance(DAY - 1000);
      expect((await download(world, link)).status).toBe(200);
      world.clock.advance(1000);
      expect(shape(await download(world, link))).toEqual(reference);
      // A fresh link to dropped HTML is refused too, while the export would say htmlUrl null.
      await world.crawlgate.snapshots.dropExpiredHtml(new Date(world.clock.now().getTime() + 1));
      const dropped = (await world.deps.snapshots.getSnapshot(s.snapshotId)) as Snapshot;
      expect(await world.crawlgate.snapshots.htmlLinks().htmlUrl(dropped)).toBeNull();
      expect(shape(await download(world, await linkOf(world, s)))).toEqual(reference);
    });

    it("answers 503 while the BlobStore is unreachable", async () => {
      const s = await recordShop(w());
      const link = await linkOf(w(), s);
      (w().deps.blobs as SwitchableBlobStore).down = true;
      const res = await download(w(), link);
      expect(res.status).toBe(503);
      expect(res.text).toBe('{"error":"snapshot storage unavailable"}');
    });
  });
}
