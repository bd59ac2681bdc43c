import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { dashboardAssets, loadUiFiles } from "./assets.js";

/** The budget for the dashboard's JavaScript, gzip-compressed. */
const JS_BUDGET_GZIP = 150 * 1024;

describe("dashboard assets", () => {
  const files = loadUiFiles();
  const assets = dashboardAssets();

  it("bundles one script and one stylesheet, named by their content hash", () => {
    const byExtension = files
      .map((f) => f.name)
      .sort((a, b) => (a.endsWith(".css") ? -1 : b.endsWith(".css") ? 1 : 0));
    expect(byExtension).toEqual([
      expect.stringMatching(/^app-[0-9a-f]{12}\.css$/),
      expect.stringMatching(/^app-[0-9a-f]{12}\.js$/),
    ]);
  });

  it("keeps the JavaScript under 150 KB gzip", () => {
    const js = files.filter((f) => f.name.endsWith(".js"));
    const size = js.reduce((sum, f) => sum + gzipSync(f.body, { level: 9 }).length, 0);
    console.log(`dashboard JavaScript: ${size} bytes gzip (budget ${JS_BUDGET_GZIP})`);
    expect(size).toBeGreaterThan(1000);
    expect(size).toBeLessThan(JS_BUDGET_GZIP);
  });

  it("serves the hashed files as immutable, with their content type", () => {
    for (const file of files) {
      const asset = assets.get(`/assets/${file.name}`);
      expect(asset?.immutable).toBe(true);
      expect(asset?.contentType).toMatch(file.name.endsWith(".js") ? /javascript/ : /text\/css/);
      expect(Buffer.from(asset?.body ?? []).equals(Buffer.from(file.body))).toBe(true);
    }
  });

  it("answers index.html for the root and client-side routes, linking the hashed files", () => {
    for (const path of ["/", "", "/domains/0b6f6c4e-6d2b-4f0e-9a55-0e1a2b3c4d5e/rules"]) {
      const index = assets.get(path);
      expect(index?.contentType).toBe("text/html; charset=utf-8");
      expect(index?.immutable).toBeFalsy();
      const html = new TextDecoder().decode(index?.body);
      for (const file of files) expect(html).toContain(`/dashboard/assets/${file.name}`);
    }
  });

  it("answers null for unknown files", () => {
    expect(assets.get("/assets/app-000000000000.js")).toBeNull();
    expect(assets.get("/favicon.ico")).toBeNull();
  });

  it("links below another mount path when asked", () => {
    const html = new TextDecoder().decode(
      dashboardAssets({ basePath: "/admin/ui/" }).get("/")?.body,
    );
    expect(html).toContain('content="/admin/ui"');
    expect(html).toMatch(/src="\/admin\/ui\/assets\/app-[0-9a-f]{12}\.js"/);
  });
});
