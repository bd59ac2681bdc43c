import { describe, expect, it } from "vitest";
import { findChromium, isHeadlessShell, KNOWN_CHROMIUM_PATHS } from "./find-chromium.js";

describe("findChromium", () => {
  it("takes CRAWLGATE_CHROMIUM when it names an executable file, else a known path", () => {
    expect(findChromium({ CRAWLGATE_CHROMIUM: process.execPath })).toBe(process.execPath);
    const fallback = findChromium({ CRAWLGATE_CHROMIUM: "/nonexistent/chromium" });
    expect(
      fallback === null || (KNOWN_CHROMIUM_PATHS as readonly string[]).includes(fallback),
    ).toBe(true);
    expect(findChromium({ CRAWLGATE_CHROMIUM: "/usr" })).toBe(findChromium({}));
  });

  it("tells the headless shell from the full browser", () => {
    expect(isHeadlessShell("/usr/lib/chromium/chromium-headless-shell")).toBe(true);
    expect(isHeadlessShell("/opt/chrome-headless-shell/linux64/chrome-headless-shell")).toBe(true);
    expect(isHeadlessShell("/usr/lib/chromium/chromium")).toBe(false);
  });
});
