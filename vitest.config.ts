import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (pkg: string, file = "index.ts") =>
  fileURLToPath(new URL(`./packages/${pkg}/src/${file}`, import.meta.url));

// One config runs every package. Workspace packages resolve to their sources so that tests
// never depend on a prior build.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@crawlgate\/core\/testing$/, replacement: src("core", "testing/index.ts") },
      { find: /^@crawlgate\/core\/adapter-kit$/, replacement: src("core", "adapter-kit.ts") },
      { find: /^@crawlgate\/core\/csv$/, replacement: src("core", "csv.ts") },
      { find: /^@crawlgate\/core$/, replacement: src("core") },
      { find: /^@crawlgate\/adapter-memory$/, replacement: src("adapter-memory") },
      {
        find: /^@crawlgate\/adapter-kysely\/sqlite$/,
        replacement: src("adapter-kysely", "sqlite/index.ts"),
      },
      {
        find: /^@crawlgate\/adapter-kysely\/postgres$/,
        replacement: src("adapter-kysely", "postgres/index.ts"),
      },
      { find: /^@crawlgate\/adapter-kysely$/, replacement: src("adapter-kysely") },
      { find: /^@crawlgate\/adapter-fs$/, replacement: src("adapter-fs") },
      { find: /^@crawlgate\/adapter-redis$/, replacement: src("adapter-redis") },
      { find: /^@crawlgate\/adapter-s3$/, replacement: src("adapter-s3") },
      { find: /^@crawlgate\/http-fetch$/, replacement: src("http-fetch") },
      { find: /^@crawlgate\/client$/, replacement: src("client") },
      { find: /^@crawlgate\/http-express$/, replacement: src("http-express") },
      { find: /^@crawlgate\/proxy-node$/, replacement: src("proxy-node") },
      { find: /^@crawlgate\/renderer-chromium$/, replacement: src("renderer-chromium") },
      { find: /^@crawlgate\/markdown$/, replacement: src("markdown") },
      { find: /^@crawlgate\/dashboard$/, replacement: src("dashboard") },
    ],
  },
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share their worker's modules instead of a fresh process and module graph
    // each: on CI's 2 cores that start cost ~1.6 s a file (270 files, 1,245 s -> 832 s of
    // tests). A file that mocks a module others load imports its subject after
    // `vi.resetModules()` (import-logs.test.ts); stubbed globals are undone after each test.
    isolate: false,
    // Two workers even on 2 cores (Vitest's default there is one): much of a run waits on child
    // processes, PostgreSQL, Redis and Chromium. CI's run 707 s -> 462 s, every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    unstubGlobals: true,
    // The library's default logger (JSON lines on console.error, for instances created without
    // a logger) is noise here; tests that check logging pass a logger or spy on the console.
    onConsoleLog: (log, type) =>
      !(type === "stderr" && /^\{"ts":"[^"]*","level":"(info|warn|error)","event":/.test(log)),
    // Names the run; drops its PostgreSQL test schemas at the end.
    globalSetup: ["./packages/core/src/testing/global-setup.ts"],
  },
});
