import { defineConfig } from "tsup";

/** The one build every package shares: ESM + CJS + declarations for Node 20. */
export function packageBuild(entry: string[] = ["src/index.ts"]) {
  return defineConfig({
    entry,
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    sourcemap: true,
    target: "node20",
  });
}
