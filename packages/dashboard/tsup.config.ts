import { defineConfig } from "tsup";

// The server side (asset provider, report writer); `scripts/build-ui.mjs` then bundles the
// browser side into dist/ui/. `shims` gives the CJS build an `import.meta.url`.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "node20",
  shims: true,
  external: ["esbuild"],
});
