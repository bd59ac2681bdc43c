import { existsSync, readFileSync } from "node:fs";
import { type BuiltFile, bundleUi } from "./bundle.js";

/** A file the dashboard serves. */
export interface DashboardAsset {
  contentType: string;
  body: Uint8Array;
  /** Named by its content hash: cache it for good (`Cache-Control: immutable`). */
  immutable?: boolean;
}

/** What the server asks for each GET under the dashboard's path (the path below it, from `/`). */
export interface DashboardAssets {
  /**
   * `/assets/app-<hash>.js|css`: the built file (immutable); any other path without a file
   * extension (`/`, `/domains/<id>/rules`): index.html, since routing happens in the browser;
   * anything else: `null`.
   */
  get(path: string): DashboardAsset | null;
}

export interface DashboardAssetOptions {
  /** The path the dashboard is mounted at; default `/dashboard`. */
  basePath?: string;
}

/** The folder `pnpm build` writes the bundle to: `dist/ui/`, next to the built entry. */
const BUILT_DIR = new URL("./ui/", import.meta.url);

/** The built UI files: from `dist/ui/` in a built package, else bundled now from the sources. */
export function loadUiFiles(): BuiltFile[] {
  const manifest = new URL("manifest.json", BUILT_DIR);
  if (!existsSync(manifest)) return bundleUi();
  const entries = JSON.parse(readFileSync(manifest, "utf8")) as Omit<BuiltFile, "body">[];
  return entries.map((entry) => ({
    ...entry,
    body: new Uint8Array(readFileSync(new URL(entry.name, BUILT_DIR))),
  }));
}

const escapeAttr = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** index.html of the live dashboard: loads the hashed script and stylesheet below `basePath`. */
export function indexHtml(files: readonly BuiltFile[], basePath: string): string {
  const base = escapeAttr(basePath);
  const tags = files.map((f) =>
    f.name.endsWith(".css")
      ? `<link rel="stylesheet" href="${base}/assets/${f.name}">`
      : `<script defer src="${base}/assets/${f.name}"></script>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="crawlgate-base" content="${base}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>crawlgate dashboard</title>
${tags.join("\n")}
</head>
<body>
<div id="app"><p class="muted">Loading the dashboard…</p></div>
</body>
</html>
`;
}

/**
 * The dashboard's static files for a server to serve under `basePath`. Loaded once, on first
 * use (a source checkout bundles the UI then, in about a second).
 */
export function dashboardAssets(options: DashboardAssetOptions = {}): DashboardAssets {
  const basePath = (options.basePath ?? "/dashboard").replace(/\/+$/, "");
  let table: { files: Map<string, DashboardAsset>; index: DashboardAsset } | null = null;
  const load = () => {
    if (table) return table;
    const built = loadUiFiles();
    const files = new Map(
      built.map((f) => [
        `/assets/${f.name}`,
        { contentType: f.contentType, body: f.body, immutable: true },
      ]),
    );
    const index = {
      contentType: "text/html; charset=utf-8",
      body: new TextEncoder().encode(indexHtml(built, basePath)),
    };
    table = { files, index };
    return table;
  };
  return {
    get(path) {
      const { files, index } = load();
      const clean = path.split(/[?#]/)[0] ?? "";
      const file = files.get(clean);
      if (file) return file;
      const last = clean.slice(clean.lastIndexOf("/") + 1);
      return last.includes(".") ? null : index;
    },
  };
}
