import { describe, expect, it } from "vitest";
import type { PageCache } from "../ports/index.js";
import type { CachedPage } from "../types.js";
import { type Harness, useHarness } from "./harness.js";

const page = (overrides: Partial<CachedPage> = {}): CachedPage => ({
  domainId: crypto.randomUUID(),
  pageKey: "/p?a=1",
  snapshotId: crypto.randomUUID(),
  contentHash: "ab".repeat(32),
  status: 200,
  location: null,
  renderedAt: new Date("2026-11-20T10:00:00.123Z"),
  expiresAt: new Date("2026-11-21T10:00:00.123Z"),
  ...overrides,
});

/** The PageCache contract (see `ports/`), for every adapter. */
export function pageCacheSuite(
  name: string,
  setup: () => Promise<Harness<{ pages: PageCache }>>,
): void {
  describe(`PageCache conformance: ${name}`, () => {
    const h = useHarness(setup);

    it("stores, reads back and replaces one entry per (domain, page key)", async () => {
      const { pages } = h();
      const first = page();
      expect(await pages.getPage(first.domainId, first.pageKey)).toBeNull();
      await pages.putPage(first);
      expect(await pages.getPage(first.domainId, first.pageKey)).toEqual(first);
      const second = page({
        domainId: first.domainId,
        pageKey: first.pageKey,
        status: 301,
        location: "https://example.com/new",
        expiresAt: new Date("2026-11-22T00:00:00.000Z"),
      });
      await pages.putPage(second);
      expect(await pages.getPage(first.domainId, first.pageKey)).toEqual(second);
    });

    it("keeps domains and page keys apart, byte for byte", async () => {
      const { pages } = h();
      const a = page({ pageKey: "/caf\u00e9" });
      const b = page({ domainId: a.domainId, pageKey: "/CAF\u00c9" });
      const c = page({ pageKey: a.pageKey });
      for (const p of [a, b, c]) await pages.putPage(p);
      expect(await pages.getPage(a.domainId, a.pageKey)).toEqual(a);
      expect(await pages.getPage(b.domainId, b.pageKey)).toEqual(b);
      expect(await pages.getPage(c.domainId, c.pageKey)).toEqual(c);
      expect(await pages.getPage(a.domainId, "/caf")).toBeNull();
    });

    it("deletes an entry once", async () => {
      const { pages } = h();
      const p = page();
      await pages.putPage(p);
      expect(await pages.deletePage(p.domainId, p.pageKey)).toBe(true);
      expect(await pages.deletePage(p.domainId, p.pageKey)).toBe(false);
      expect(await pages.getPage(p.domainId, p.pageKey)).toBeNull();
    });

    it("ends with one of the entries under concurrent writes of one key", async () => {
      const { pages } = h();
      const domainId = crypto.randomUUID();
      const writes = Array.from({ length: 10 }, (_, i) =>
        page({ domainId, pageKey: "/same", status: 200 + i }),
      );
      await Promise.all(writes.map((p) => pages.putPage(p)));
      const stored = await pages.getPage(domainId, "/same");
      expect(writes).toContainEqual(stored);
    });
  });
}
