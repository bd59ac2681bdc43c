import { describe, expect, it } from "vitest";
import type { SnapshotStore } from "../ports/index.js";
import type { Snapshot } from "../types.js";
import { makeSnapshot } from "./fixtures.js";
import { type Harness, useHarness } from "./harness.js";
import { SHUFFLED, UTF8_ORDERED } from "./text-order.js";

const T0 = new Date("2026-11-20T10:00:00.123Z");

const at = (iso: string) => new Date(iso);
const hash = (c: string) => c.repeat(64);

/** The SnapshotStore contract (see `ports/`), for every adapter. */
export function snapshotStoreSuite(
  name: string,
  setup: () => Promise<Harness<{ snapshots: SnapshotStore }>>,
): void {
  describe(`SnapshotStore conformance: ${name}`, () => {
    const h = useHarness(setup);
    const d = "00000000-0000-4000-8000-0000000000d1";
    const d2 = "00000000-0000-4000-8000-0000000000d2";

    it("records a snapshot with every field and reads it back by ID", async () => {
      const { snapshots } = h();
      const s = makeSnapshot(d, {
        path: "/caf\u00e9/日本?q=1",
        contentHash: hash("a"),
        renderStatus: null,
        contentSizeBytes: null,
        seo: { score: null, issues: [] },
      });
      expect(await snapshots.recordSnapshot(s)).toEqual({ snapshot: s, created: true });
      expect(await snapshots.getSnapshot(s.snapshotId)).toEqual(s);
      expect(await snapshots.getSnapshot(crypto.randomUUID())).toBeNull();
      const t = makeSnapshot(d, { path: "/t", seo: { score: 0, issues: ["render_status"] } });
      await snapshots.recordSnapshot(t);
      expect(await snapshots.getSnapshot(t.snapshotId)).toEqual(t);
    });

    it("returns the existing snapshot for the same domain, path and content", async () => {
      const { snapshots } = h();
      const first = makeSnapshot(d, { path: "/p", contentHash: hash("b") });
      await snapshots.recordSnapshot(first);
      const again = makeSnapshot(d, {
        path: "/p",
        contentHash: hash("b"),
        renderStatus: 500,
        createdAt: at("2026-11-21T00:00:00.000Z"),
        lastRecordedAt: at("2026-11-21T00:00:00.000Z"),
      });
      const result = await snapshots.recordSnapshot(again);
      expect(result.created).toBe(false);
      expect(result.snapshot).toEqual({ ...first, lastRecordedAt: again.lastRecordedAt });
      expect(await snapshots.getSnapshot(again.snapshotId)).toBeNull();
      // An earlier recording never moves lastRecordedAt back.
      const older = makeSnapshot(d, { path: "/p", contentHash: hash("b"), lastRecordedAt: T0 });
      expect((await snapshots.recordSnapshot(older)).snapshot.lastRecordedAt).toEqual(
        again.lastRecordedAt,
      );
      // Another path, domain, device variant or content is another snapshot.
      const mobile = makeSnapshot(d, { path: "/p", contentHash: hash("b"), variant: "mobile" });
      expect(await snapshots.recordSnapshot(mobile)).toEqual({ snapshot: mobile, created: true });
      expect(await snapshots.getSnapshot(mobile.snapshotId)).toEqual(mobile);
      expect(await snapshots.getSnapshot(first.snapshotId)).toMatchObject({ variant: "desktop" });
      for (const other of [
        makeSnapshot(d, { path: "/q", contentHash: hash("b") }),
        makeSnapshot(d2, { path: "/p", contentHash: hash("b") }),
        makeSnapshot(d, { path: "/p", contentHash: hash("c") }),
      ]) {
        expect((await snapshots.recordSnapshot(other)).created).toBe(true);
      }
    });

    it("creates one snapshot under concurrent recordings of the same content", async () => {
      const { snapshots } = h();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          snapshots.recordSnapshot(makeSnapshot(d, { path: "/race", contentHash: hash("d") })),
        ),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.snapshot.snapshotId)).size).toBe(1);
    });

    it("reads a batch of IDs: known ones once, sorted by ID", async () => {
      const { snapshots } = h();
      const list = [
        makeSnapshot(d, { path: "/1" }),
        makeSnapshot(d, { path: "/2" }),
        makeSnapshot(d2, { path: "/3" }),
      ];
      for (const s of list) await snapshots.recordSnapshot(s);
      const [a, b, c] = list as [Snapshot, Snapshot, Snapshot];
      const got = await snapshots.getSnapshots([c.snapshotId, a.snapshotId, "nope", a.snapshotId]);
      expect(got).toEqual([a, c].sort((x, y) => (x.snapshotId < y.snapshotId ? -1 : 1)));
      expect(await snapshots.getSnapshots([])).toEqual([]);
      expect((await snapshots.getSnapshots([b.snapshotId]))[0]).toEqual(b);
    });

    it("lists the latest snapshot of each path of a domain, sorted by path", async () => {
      const { snapshots } = h();
      const old = makeSnapshot(d, { path: "/b", contentHash: hash("1") });
      const fresh = makeSnapshot(d, {
        path: "/b",
        contentHash: hash("2"),
        lastRecordedAt: at("2026-11-22T00:00:00.000Z"),
      });
      const a = makeSnapshot(d, { path: "/a", contentHash: hash("3") });
      const tieLow = makeSnapshot(d, {
        snapshotId: "00000000-0000-4000-8000-000000000001",
        path: "/c",
        contentHash: hash("4"),
      });
      const tieHigh = makeSnapshot(d, {
        snapshotId: "00000000-0000-4000-8000-000000000002",
        path: "/c",
        contentHash: hash("5"),
      });
      for (const s of [old, fresh, a, tieHigh, tieLow, makeSnapshot(d2, { path: "/z" })]) {
        await snapshots.recordSnapshot(s);
      }
      expect(await snapshots.latestSnapshots(d)).toEqual([a, fresh, tieLow]);
      // Recording the old content again makes it the latest.
      await snapshots.recordSnapshot({ ...old, lastRecordedAt: at("2026-11-23T00:00:00.000Z") });
      expect((await snapshots.latestSnapshots(d)).map((s) => s.snapshotId)).toEqual([
        a.snapshotId,
        old.snapshotId,
        tieLow.snapshotId,
      ]);
      expect(await snapshots.latestSnapshots("no-such-domain")).toEqual([]);
    });

    it("sorts latest snapshots by path and batches by ID in UTF-8 byte order, past U+FFFF", async () => {
      const { snapshots } = h();
      const recorded = SHUFFLED.map((s, i) =>
        makeSnapshot(d, { snapshotId: `id${s}`, path: s, contentHash: hash(i.toString(16)) }),
      );
      for (const s of recorded) await snapshots.recordSnapshot(s);
      expect((await snapshots.latestSnapshots(d)).map((s) => s.path)).toEqual([...UTF8_ORDERED]);
      const got = await snapshots.getSnapshots(recorded.map((s) => s.snapshotId));
      expect(got.map((s) => s.snapshotId)).toEqual(UTF8_ORDERED.map((s) => `id${s}`));
    });

    it("finds content hashes whose every snapshot was recorded before the cutoff", async () => {
      const { snapshots } = h();
      const cutoff = at("2026-11-20T12:00:00.000Z");
      const before = at("2026-11-20T11:59:59.999Z");
      await snapshots.recordSnapshot(
        makeSnapshot(d, { path: "/x", contentHash: hash("e"), lastRecordedAt: before }),
      );
      await snapshots.recordSnapshot(
        makeSnapshot(d2, { path: "/x", contentHash: hash("e"), lastRecordedAt: before }),
      );
      await snapshots.recordSnapshot(
        makeSnapshot(d, { path: "/y", contentHash: hash("a"), lastRecordedAt: before }),
      );
      // Shared with a snapshot recorded at the cutoff: still in use.
      await snapshots.recordSnapshot(
        makeSnapshot(d, { path: "/y", contentHash: hash("f"), lastRecordedAt: before }),
      );
      await snapshots.recordSnapshot(
        makeSnapshot(d2, { path: "/y", contentHash: hash("f"), lastRecordedAt: cutoff }),
      );
      expect(await snapshots.expiredContentHashes(cutoff, 10)).toEqual([hash("a"), hash("e")]);
      expect(await snapshots.expiredContentHashes(cutoff, 1)).toEqual([hash("a")]);
      expect(await snapshots.expiredContentHashes(at("2026-01-01T00:00:00.000Z"), 10)).toEqual([]);
    });

    it("marks every snapshot of an expired hash dropped, keeping metadata; not when in use", async () => {
      const { snapshots } = h();
      const cutoff = at("2026-11-20T12:00:00.000Z");
      const x1 = makeSnapshot(d, { path: "/x", contentHash: hash("e") });
      const x2 = makeSnapshot(d2, { path: "/x", contentHash: hash("e") });
      const y1 = makeSnapshot(d, { path: "/y", contentHash: hash("f") });
      const y2 = makeSnapshot(d2, { path: "/y", contentHash: hash("f"), lastRecordedAt: cutoff });
      for (const s of [x1, x2, y1, y2]) await snapshots.recordSnapshot(s);
      expect(await snapshots.markHtmlDropped(hash("e"), cutoff)).toBe(true);
      expect(await snapshots.getSnapshot(x1.snapshotId)).toEqual({ ...x1, htmlRetained: false });
      expect(await snapshots.getSnapshot(x2.snapshotId)).toEqual({ ...x2, htmlRetained: false });
      expect(await snapshots.markHtmlDropped(hash("e"), cutoff)).toBe(false);
      expect(await snapshots.markHtmlDropped(hash("f"), cutoff)).toBe(false);
      expect((await snapshots.getSnapshot(y1.snapshotId))?.htmlRetained).toBe(true);
      expect(await snapshots.markHtmlDropped(hash("0"), cutoff)).toBe(false);
      expect(await snapshots.expiredContentHashes(cutoff, 10)).toEqual([]);
      // Recording dropped content again retains it again.
      const back = await snapshots.recordSnapshot({ ...x1, lastRecordedAt: cutoff });
      expect(back.snapshot.htmlRetained).toBe(true);
      expect((await snapshots.getSnapshot(x2.snapshotId))?.htmlRetained).toBe(false);
    });

    it("links crawl events to snapshots; the first link wins", async () => {
      const { snapshots } = h();
      const s = makeSnapshot(d);
      await snapshots.recordSnapshot(s);
      expect(await snapshots.linkedSnapshotOf("evt-1")).toBeNull();
      await snapshots.linkEvent("evt-1", s.snapshotId);
      await snapshots.linkEvent("evt-1", crypto.randomUUID());
      expect(await snapshots.linkedSnapshotOf("evt-1")).toBe(s.snapshotId);
      expect(await snapshots.linkedSnapshotOf("evt-2")).toBeNull();
    });
  });
}
