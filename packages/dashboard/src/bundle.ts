import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** One built file of the UI: `app-<hash>.js` or `app-<hash>.css`. */
export interface BuiltFile {
  name: string;
  contentType: string;
  body: Uint8Array;
}

/** Where the UI's entry is, next to this file in the sources (`src/ui/main.tsx`). */
export const UI_ENTRY = fileURLToPath(new URL("./ui/main.tsx", import.meta.url));

/**
 * The client's sources in the monorepo (from `src/` and `dist/` alike): the UI takes values from
 * `@crawlgate/client` (e.g. `AGGREGATE_TIERS`), bundled from source so that no build of the
 * client is needed first.
 */
const CLIENT_SOURCE = fileURLToPath(new URL("../../client/src/index.ts", import.meta.url));
/** Core's CSV writer in the monorepo (one file, no imports), bundled from source likewise. */
const CSV_SOURCE = fileURLToPath(new URL("../../core/src/csv.ts", import.meta.url));

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * Bundles the UI with esbuild (Preact, JSX, CSS), minified, one script and one stylesheet,
 * each named by a hash of its bytes. `esbuild` is a build tool: the built package carries the
 * output (`dist/ui/`), and only a source checkout bundles on the fly.
 */
export function bundleUi(entry = UI_ENTRY): BuiltFile[] {
  const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  const result = esbuild.buildSync({
    entryPoints: { app: entry },
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    jsx: "automatic",
    jsxImportSource: "preact",
    legalComments: "none",
    outdir: "/out",
    write: false,
    logLevel: "silent",
    define: { "process.env.NODE_ENV": '"production"' },
    alias: {
      ...(existsSync(CLIENT_SOURCE) ? { "@crawlgate/client": CLIENT_SOURCE } : {}),
      ...(existsSync(CSV_SOURCE) ? { "@crawlgate/core/csv": CSV_SOURCE } : {}),
    },
  });
  return result.outputFiles.map((file) => {
    const ext = file.path.slice(file.path.lastIndexOf("."));
    const hash = createHash("sha256").update(file.contents).digest("hex").slice(0, 12);
    return {
      name: `app-${hash}${ext}`,
      contentType: TYPES[ext] ?? "application/octet-stream",
      body: file.contents,
    };
  });
}
