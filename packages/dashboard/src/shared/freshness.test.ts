import { describe, expect, it } from "vitest";
import { freshnessText, type VariantStatus, variantState } from "./freshness.js";

const entry = (over: Partial<VariantStatus>): VariantStatus => ({
  variant: "desktop",
  cached: true,
  renderedAt: "2026-11-20T10:00:00.000Z",
  expiresAt: "2026-11-21T10:00:00.000Z",
  fresh: true,
  contentHash: "ab".repeat(32),
  pendingRender: false,
  ...over,
});

describe("freshness", () => {
  it("names each variant's state: fresh, stale, not cached, and a queued re-render", () => {
    expect(variantState(entry({}))).toBe("fresh");
    expect(variantState(entry({ fresh: false }))).toBe("stale");
    expect(variantState(entry({ fresh: false, pendingRender: true }))).toBe(
      "stale, re-render queued",
    );
    const none = entry({ cached: false, fresh: false, renderedAt: null, expiresAt: null });
    expect(variantState(none)).toBe("not cached");
    expect(variantState({ ...none, pendingRender: true })).toBe("not cached, re-render queued");
  });

  it("says one state for a desktop-only domain, and each variant's for two", () => {
    expect(freshnessText([entry({})])).toBe("fresh");
    const mobile = entry({ variant: "mobile", cached: false, fresh: false });
    expect(freshnessText([entry({}), mobile])).toBe("desktop: fresh · mobile: not cached");
  });
});
